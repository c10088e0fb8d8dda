import crypto from 'crypto';

// The shop's password-reset codes: `<user id>.<expiry, unix seconds in base 36>.<64 hex characters>`.
// The whole code is stored in users-permissions' own `resetPasswordToken` column, so users-permissions'
// POST /api/auth/reset-password accepts it too. The expiry is part of what must match the stored
// value, so nobody can extend it; the user id lets the shop compare the secret part in constant time
// against one row instead of searching the table by the secret.

export const RESET_TTL_MS = 60 * 60 * 1000;

export interface ParsedCode {
  userId: number;
  expiresAt: Date;
}

export function newResetCode(userId: number, now = new Date()): string {
  const expires = Math.floor((now.getTime() + RESET_TTL_MS) / 1000).toString(36);
  return `${userId}.${expires}.${crypto.randomBytes(32).toString('hex')}`;
}

const SHOP_CODE = /^([1-9]\d{0,15})\.([0-9a-z]{1,12})\.[0-9a-f]{64}$/;

/** The user and expiry a shop code names, or null for anything else (users-permissions' own codes, garbage). */
export function parseResetCode(code: unknown): ParsedCode | null {
  if (typeof code !== 'string') return null;
  const match = SHOP_CODE.exec(code);
  if (!match) return null;
  return { userId: Number(match[1]), expiresAt: new Date(parseInt(match[2], 36) * 1000) };
}

/** Constant-time equality of two secrets of any length (both hashed first, so lengths leak nothing). */
export function sameSecret(a: unknown, b: unknown): boolean {
  if (typeof a !== 'string' || typeof b !== 'string' || !a || !b) return false;
  const digest = (s: string) => crypto.createHash('sha256').update(s).digest();
  return crypto.timingSafeEqual(digest(a), digest(b));
}

/** A fingerprint of a code for storage next to its issue time (never the code itself). */
export const codeFingerprint = (code: string): string => crypto.createHash('sha256').update(code).digest('base64url');
