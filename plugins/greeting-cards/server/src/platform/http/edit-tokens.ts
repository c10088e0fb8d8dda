import type { Ctx } from './respond';

// A group-card signer has no account: the edit token returned when they sign is what lets them change
// or delete their own signature. Browsers keep it in an httpOnly cookie per signature (SameSite=Strict:
// no other site's request carries it, so it needs no CSRF token); API clients send it in a header.

export const EDIT_TOKEN_HEADER = 'x-edit-token';
/** A signature's cookie is this prefix and the signature's id (platform/web/cookies.ts lists it). */
export const SIGNATURE_COOKIE_PREFIX = 'gc_sig_';
const cookieName = (signatureId: number) => `${SIGNATURE_COOKIE_PREFIX}${signatureId}`;
const MONTHS_3 = 90 * 24 * 60 * 60 * 1000;

export function setEditTokenCookie(ctx: Ctx, signatureId: number, token: string): void {
  ctx.cookies.set(cookieName(signatureId), token, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: Boolean(ctx.secure),
    signed: false,
    maxAge: MONTHS_3,
    overwrite: true,
  });
}

export function clearEditTokenCookie(ctx: Ctx, signatureId: number): void {
  ctx.cookies.set(cookieName(signatureId), '', {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: Boolean(ctx.secure),
    signed: false,
    maxAge: 0,
    overwrite: true,
  });
}

/** The edit token of a signature from the header or the browser's cookie, or null. */
export function editTokenFrom(ctx: Ctx, signatureId: number): string | null {
  const header = ctx.request.header?.[EDIT_TOKEN_HEADER];
  if (typeof header === 'string' && header) return header;
  return ctx.cookies?.get(cookieName(signatureId)) || null;
}

/**
 * Signature ids this browser has cookies for: names only, which anyone can make up. A signature is the
 * browser's own only when the cookie's value hashes to its stored edit token (signing-service.ts).
 */
export function signatureIdsWithCookies(ctx: Ctx): number[] {
  const raw: string = ctx.request.header?.cookie ?? '';
  return [...raw.matchAll(/(?:^|;\s*)gc_sig_(\d{1,10})=[^;]+/g)].map((m) => Number(m[1]));
}
