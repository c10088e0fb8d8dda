/** One thing the plugin needs from its host: whether it works, and if not, what to change. */
export interface HostCheck {
  ok: boolean;
  detail: string;
  /** The detail as a message the admin translates (check-texts.ts): its id, the English and the values. */
  message?: { id: string; text: string; values: Record<string, string | number> };
}

export interface HostHealth {
  renderer: HostCheck;
  email: HostCheck;
  proxy: HostCheck;
}
