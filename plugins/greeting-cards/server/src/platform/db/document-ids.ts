import crypto from 'crypto';

// A new row's documentId for an INSERT written by hand (Strapi's engine fills it itself, with a cuid2:
// 24 characters, lower-case letters and digits, a letter first). The same shape from 120 random bits:
// only unique, never parsed.
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

export function newDocumentId(): string {
  const bytes = crypto.randomBytes(24);
  let id = ALPHABET[bytes[0] % 26];
  for (let i = 1; i < 24; i++) id += ALPHABET[bytes[i] % 36];
  return id;
}
