import { createSecretKey, type KeyObject } from 'crypto';
import jwt, { type Algorithm } from 'jsonwebtoken';
import type { Core } from '@strapi/strapi';

interface Verifier {
  secret: string;
  algorithm: string;
  key: KeyObject;
  /**
   * Tokens this verifier accepted, with what they said: a signed-in shopper sends the same token on
   * every request, and checking its HMAC again gives the same answer until it expires. Keyed by the
   * whole token string (a changed byte is another key), held until the token's `exp` (at most
   * VERIFIED_MAX_MS), emptied when it holds VERIFIED_MAX_ENTRIES, and gone with the verifier when the
   * secret or algorithm changes. Only acceptances are kept: a refused token is checked again each time.
   */
  verified: Map<string, { payload: Payload; until: number }>;
}
type Payload = { id?: number | string; [claim: string]: unknown };

const VERIFIED_MAX_ENTRIES = 10_000;
const VERIFIED_MAX_MS = 10 * 60_000;

const verifiers = new WeakMap<Core.Strapi, Verifier>();

/**
 * Verifies a users-permissions JWT exactly as its own `jwt.verify` does (same library, secret and
 * algorithm list; expiry checked), but with the secret turned into a KeyObject once. Given a plain
 * string, jsonwebtoken first tries to parse it as a public key on every call and only then falls back
 * to a secret key: that failed parse was the largest single cost of a signed-in request.
 * In users-permissions' `refresh` session mode the plugin's own verification (session checks) is used.
 */
export async function verifyUserJwt(
  strapi: Core.Strapi,
  token: string,
): Promise<{ id?: number | string; [claim: string]: unknown }> {
  const mode = String(strapi.config.get('plugin::users-permissions.jwtManagement', 'legacy-support'));
  if (mode === 'refresh') return strapi.plugin('users-permissions').service('jwt').verify(token);
  const secret = String(strapi.config.get('plugin::users-permissions.jwtSecret'));
  const config = strapi.config.get('plugin::users-permissions.jwt', {}) as { algorithm?: Algorithm };
  const algorithm: Algorithm = config?.algorithm || 'HS256';
  let verifier = verifiers.get(strapi);
  if (!verifier || verifier.secret !== secret || verifier.algorithm !== algorithm) {
    verifier = { secret, algorithm, key: createSecretKey(Buffer.from(secret, 'utf8')), verified: new Map() };
    verifiers.set(strapi, verifier);
  }
  const now = Date.now();
  const known = verifier.verified.get(token);
  if (known && now < known.until) return { ...known.payload };
  const { key, verified } = verifier;
  const payload = await new Promise<Payload>((resolve, reject) => {
    jwt.verify(token, key, { algorithms: [algorithm] }, (error, decoded) => {
      if (error || !decoded || typeof decoded === 'string') reject(new Error('Invalid token.'));
      else resolve(decoded as Payload);
    });
  });
  // A token that is not valid yet (nbf) is never kept: it is checked each time until it is.
  if (payload.nbf === undefined) {
    const expires = typeof payload.exp === 'number' ? payload.exp * 1000 : Infinity;
    if (verified.size >= VERIFIED_MAX_ENTRIES) verified.clear();
    verified.set(token, { payload: { ...payload }, until: Math.min(expires, now + VERIFIED_MAX_MS) });
  }
  return payload;
}
