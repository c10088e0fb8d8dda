import { createSecretKey, type KeyObject } from 'crypto';
import jwt, { type Algorithm } from 'jsonwebtoken';
import type { Core } from '@strapi/strapi';

interface Verifier {
  secret: string;
  key: KeyObject;
}

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
  let verifier = verifiers.get(strapi);
  if (!verifier || verifier.secret !== secret) {
    verifier = { secret, key: createSecretKey(Buffer.from(secret, 'utf8')) };
    verifiers.set(strapi, verifier);
  }
  const config = strapi.config.get('plugin::users-permissions.jwt', {}) as { algorithm?: Algorithm };
  const algorithms: Algorithm[] = [config?.algorithm || 'HS256'];
  const key = verifier.key;
  return new Promise((resolve, reject) => {
    jwt.verify(token, key, { algorithms }, (error, payload) => {
      if (error || !payload || typeof payload === 'string') reject(new Error('Invalid token.'));
      else resolve(payload as { id?: number | string; [claim: string]: unknown });
    });
  });
}
