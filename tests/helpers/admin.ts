import type { Core } from '@strapi/strapi';
import type supertest from 'supertest';
import crypto from 'crypto';

export interface TestAdmin {
  email: string;
  token: string;
  auth: { Authorization: string };
}

interface RoleService {
  createRolesIfNoneExist(): Promise<void>;
  getSuperAdmin(): Promise<{ id: number } | null>;
  create(attributes: { name: string; description: string }): Promise<{ id: number }>;
  assignPermissions(roleId: number, permissions: Array<Record<string, unknown>>): Promise<unknown>;
}
interface UserService {
  create(attributes: Record<string, unknown>): Promise<{ id: number }>;
}

/** A plugin action (no subject), or an action on one content type (the Content Manager's rights). */
export type AdminPermission = string | { action: string; subject: string };

/**
 * An admin panel user whose only role grants `permissions` (an empty list: a role with no permissions),
 * created through Strapi's admin services and logged in through POST /admin/login like the admin app.
 */
export async function createAdmin(
  strapi: Core.Strapi,
  http: () => supertest.Agent,
  permissions: AdminPermission[],
): Promise<TestAdmin> {
  const suffix = crypto.randomBytes(4).toString('hex');
  const roles = strapi.service('admin::role') as unknown as RoleService;
  const granted = permissions.map((p) => (typeof p === 'string' ? { action: p, subject: null } : p));
  const role = await roles.create({
    name: `Role ${suffix}`,
    description: `Grants ${granted.map((p) => p.action).join(', ') || 'nothing'}`,
  });
  if (granted.length) {
    await roles.assignPermissions(
      role.id,
      granted.map((p) => ({ ...p, properties: {}, conditions: [] })),
    );
  }
  return adminWithRole(strapi, http, role.id, suffix);
}

/** A super admin (Strapi's built-in role, every permission), as the person who set the shop up. */
export async function createSuperAdmin(strapi: Core.Strapi, http: () => supertest.Agent): Promise<TestAdmin> {
  const roles = strapi.service('admin::role') as unknown as RoleService;
  await roles.createRolesIfNoneExist();
  const role = await roles.getSuperAdmin();
  if (!role) throw new Error('no super admin role');
  return adminWithRole(strapi, http, role.id, crypto.randomBytes(4).toString('hex'));
}

async function adminWithRole(
  strapi: Core.Strapi,
  http: () => supertest.Agent,
  roleId: number,
  suffix: string,
): Promise<TestAdmin> {
  const email = `admin_${suffix}@example.test`;
  const password = 'Correct-horse-battery-9';
  await (strapi.service('admin::user') as unknown as UserService).create({
    firstname: 'Admin',
    lastname: suffix,
    email,
    password,
    isActive: true,
    registrationToken: null,
    roles: [roleId],
  });
  const res = await http().post('/admin/login').send({ email, password });
  if (res.status !== 200 || !res.body?.data?.token)
    throw new Error(`admin login failed: ${res.status} ${JSON.stringify(res.body)}`);
  const token: string = res.body.data.token;
  return { email, token, auth: { Authorization: `Bearer ${token}` } };
}
