import type { Core } from '@strapi/strapi';
import { getService } from '../../../platform/get-service';

/**
 * Sets the new password (users-permissions hashes it), signs out every session of the user (see
 * session-rules.ts) and returns a fresh token for the one that asked. The caller checked the current
 * password.
 */
export async function changePassword(strapi: Core.Strapi, userId: number, password: string): Promise<string> {
  const up = strapi.plugin('users-permissions');
  // First the moment, then the password: the user row's updatedAt is then never before the moment,
  // which session-rules.ts relies on to skip its query for tokens issued since the row last changed.
  await getService(strapi, 'accountSettings').update(userId, { sessions_valid_after: new Date() });
  await up.service('user').edit(userId, { password });
  if (String(strapi.config.get('plugin::users-permissions.jwtManagement', 'legacy-support')) === 'refresh')
    await strapi.sessionManager('users-permissions').invalidateRefreshToken(String(userId));
  return String(await up.service('jwt').issue({ id: userId }));
}
