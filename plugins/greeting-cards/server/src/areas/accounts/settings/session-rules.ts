import type { Core } from '@strapi/strapi';
import { UID } from '../../../platform/uids';
import { query } from '../../../platform/db/query';
import { setSessionCheck, type TokenPayload } from '../../../platform/http/session-validity';

// Signing out a shopper's other sessions (a password change). Sessions are users-permissions JWTs,
// in the shop's cookie or a client's Authorization header, valid until they expire: nothing is stored
// per session. So each user has a moment, `sessions_valid_after`, before which their tokens count as
// expired. JWTs carry `iat` in whole seconds only, too coarse for "the token issued a moment ago stays,
// the one from the same second before the change goes": every token users-permissions issues (sign-in,
// registration, the shop's own) gets a millisecond stamp, `gc_ms`, next to it. Tokens from before
// this plugin stamped them fall back to `iat`.
// The check runs where the shop reads a token (platform/http/auth.ts) and in users-permissions' own
// `jwt.verify`, so its routes (/api/users/me, ...) refuse an old token as well.
// In users-permissions' 'refresh' mode tokens are sessions it stores: a password change ends them there
// (password-change.ts) and access tokens carry no stamp, so this check lets them through.

const STAMP = 'gc_ms';
const WRAPPED = Symbol.for('greeting-cards.session-rules');

type JwtService = {
  issue: (payload: unknown, options?: unknown) => unknown;
  verify: (token: string) => Promise<TokenPayload>;
  [WRAPPED]?: true;
};

const issuedAtMs = (payload: TokenPayload): number | null => {
  if (typeof payload[STAMP] === 'number') return payload[STAMP] as number;
  return typeof payload.iat === 'number' ? payload.iat * 1000 : null;
};

function stamped(strapi: Core.Strapi, payload: unknown): unknown {
  if (String(strapi.config.get('plugin::users-permissions.jwtManagement', 'legacy-support')) === 'refresh')
    return payload;
  if (!payload || typeof payload !== 'object') return payload;
  const plain = (payload as { toJSON?: () => object }).toJSON?.() ?? payload;
  return { ...plain, [STAMP]: Date.now() };
}

export function installSessionRules(strapi: Core.Strapi): void {
  const settings = () => query(strapi, UID.accountSetting);

  async function stillValid(userId: number, payload: TokenPayload, user?: Record<string, unknown>): Promise<boolean> {
    const issued = issuedAtMs(payload);
    if (issued === null) return true;
    // The user row has not changed since the token was issued, so no password change came after it
    // (password-change.ts ends the sessions before it writes the password): no query for the usual request.
    const changed = user?.updatedAt ? new Date(user.updatedAt as string).getTime() : NaN;
    if (Number.isFinite(changed) && issued >= changed) return true;
    const row = await settings().findOne({ where: { user_id: userId }, select: ['sessions_valid_after'] });
    if (!row?.sessions_valid_after) return true;
    return issued >= new Date(row.sessions_valid_after).getTime();
  }

  setSessionCheck(strapi, stillValid);

  const jwt = strapi.plugin('users-permissions')?.service('jwt') as unknown as JwtService | undefined;
  if (!jwt || jwt[WRAPPED]) return;
  const issue = jwt.issue.bind(jwt);
  const verify = jwt.verify.bind(jwt);
  jwt.issue = (payload, options) => issue(stamped(strapi, payload), options);
  jwt.verify = async (token) => {
    const payload = await verify(token);
    const id = Number(payload?.id);
    if (Number.isInteger(id) && !(await stillValid(id, payload))) throw new Error('Invalid token.');
    return payload;
  };
  jwt[WRAPPED] = true;
}
