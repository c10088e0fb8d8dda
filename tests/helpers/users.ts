import type { Core } from '@strapi/strapi';
import crypto from 'crypto';

export interface TestUser {
  id: number;
  email: string;
  username: string;
  token: string;
  auth: { Authorization: string };
}

/**
 * Records that the user has proven their e-mail address (as opening the plugin's confirmation link
 * does), so cards sent to it show under Received.
 */
export async function proveAddress(strapi: Core.Strapi, user: TestUser): Promise<void> {
  await strapi.db
    .query('plugin::greeting-cards.email-proof')
    .create({ data: { user: user.id, email: user.email.toLowerCase(), proven_at: new Date() } });
}

/** Creates a confirmed users-permissions user with the Authenticated role and issues a JWT. */
export async function createUser(strapi: Core.Strapi, fields: Record<string, unknown> = {}): Promise<TestUser> {
  const suffix = crypto.randomBytes(4).toString('hex');
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'authenticated' } });
  const data = {
    username: `user_${suffix}`,
    email: `user_${suffix}@example.test`,
    password: 'correct-horse-battery',
    provider: 'local',
    confirmed: true,
    blocked: false,
    role: role?.id,
    ...fields,
  };
  const user = await strapi.plugin('users-permissions').service('user').add(data);
  const token = strapi.plugin('users-permissions').service('jwt').issue({ id: user.id });
  return { id: user.id, email: user.email, username: user.username, token, auth: { Authorization: `Bearer ${token}` } };
}
