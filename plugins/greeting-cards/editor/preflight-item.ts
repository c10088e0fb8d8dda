// One finding of preflight as the server sends it (platform/designs/print-products/preflight.ts). Its own
// file: the store keeps these with a saved design, and the panel that shows them imports the editor, so
// the store importing the panel would close a cycle.
export interface PreflightItem {
  code: string;
  severity: 'warning' | 'error';
  page: string | null;
  object: number | null;
  message: string;
}
