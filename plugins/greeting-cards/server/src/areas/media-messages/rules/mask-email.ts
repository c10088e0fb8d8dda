/**
 * An e-mail address as an operator's list shows it: the first two characters of the name and the whole
 * domain ("an***@example.com"); a one-character name keeps that one. Empty stays empty.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return email ? '***' : '';
  const name = email.slice(0, at);
  return `${name.slice(0, Math.min(2, name.length - 1) || 1)}***${email.slice(at)}`;
}
