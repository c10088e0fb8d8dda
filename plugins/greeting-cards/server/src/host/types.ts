/** One thing the plugin needs from its host: whether it works, and if not, what to change. */
export interface HostCheck {
  ok: boolean;
  detail: string;
}

export interface HostHealth {
  renderer: HostCheck;
  email: HostCheck;
  proxy: HostCheck;
}
