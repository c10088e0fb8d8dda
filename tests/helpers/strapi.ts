import fs from 'fs';
import path from 'path';
import supertest from 'supertest';
import type { Core } from '@strapi/strapi';
import { APP_DIR, createTestDatabase, TestDatabase } from './database';

export interface TestApp {
  strapi: Core.Strapi;
  db: TestDatabase;
  /** supertest agent bound to the running server */
  http: () => supertest.Agent;
  /** Base URL of the listening server, for clients that need a real address (browsers, SDKs). */
  baseUrl: string;
  stop(): Promise<void>;
}

// Settings every test instance gets unless a test overrides them (shared with the template's boot).
const { TEST_ENV } = require('./template-database') as { TEST_ENV: Record<string, string> };
const { skipWhatTheTemplateHas } = require('./boot-shortcuts') as {
  skipWhatTheTemplateHas(instance: Core.Strapi, onStep?: (step: string, skipped: boolean) => void): void;
};

/**
 * Boots a real Strapi on a fresh database; the admin panel is served only when asked for (admin
 * browser tests, which need `strapi build` first). `env` is applied to process.env for the boot (the
 * plugin reads SERVICE_* settings from it) and restored by stop().
 */
export interface StartOptions {
  serveAdminPanel?: boolean;
  /** Runs on the created instance before it loads: change the host's configuration (strapi.config) here. */
  beforeLoad?: (strapi: Core.Strapi) => void;
  /** Boot on this database (another boot's) instead of a fresh one; stop() then leaves it to the caller. */
  db?: TestDatabase;
}

export async function startApp(
  env: Record<string, string | undefined> = {},
  options: StartOptions = {},
): Promise<TestApp> {
  // A boot that seeds the sample catalogue starts from the template that already holds it.
  const db =
    options.db ?? (await createTestDatabase({ seeded: seedsSampleData({ ...process.env, ...TEST_ENV, ...env }) }));
  const dropDb = () => (options.db ? Promise.resolve() : db.drop());
  const applied: Record<string, string | undefined> = { ...TEST_ENV, ...db.env, ...env };
  const previous: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(applied)) {
    previous[key] = process.env[key];
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  const restoreEnv = () => {
    for (const [key, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };

  const bootStarted = Date.now();
  // Required lazily so a test file that never boots does not pay for loading Strapi.
  const { createStrapi } = require('@strapi/strapi');
  let strapi: Core.Strapi;
  const instance = createStrapi({
    appDir: APP_DIR,
    distDir: path.join(APP_DIR, 'dist'),
    autoReload: false,
    serveAdminPanel: options.serveAdminPanel ?? false,
  });
  try {
    options.beforeLoad?.(instance);
    forgetEarlierBootsRoleHooks(instance);
    // On a copy of a template this boot made (not another boot's database, which may have changed):
    // the bootstrap steps whose result the copy already holds are skipped when nothing they read
    // differs from the template's boot (boot-shortcuts.js; GC_BOOT_SHORTCUTS=off runs them).
    if (!options.db && db.fromTemplate) skipWhatTheTemplateHas(instance, logStep);
    strapi = await instance.load();
    lowerPasswordHashCost(strapi);
    // Strapi's upload plugin schedules its weekly usage count 15 s after a boot on a database that has
    // not counted yet (every test database): a query on upload_folders and files landing inside whatever
    // a test is counting (the query budgets, the cached reads' tables). Tests boot without it.
    strapi.cron.remove('uploadWeekly');
    await strapi.listen();
  } catch (error) {
    // A boot that failed in register() or bootstrap() has already opened the database and the
    // HTTP server: close them, or the test process never exits.
    await instance.destroy().catch(() => undefined);
    restoreEnv();
    await dropDb().catch(() => undefined);
    throw error;
  }
  logBoot(bootStarted);
  const address = strapi.server.httpServer.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;

  return {
    strapi,
    db,
    baseUrl,
    http: () => supertest.agent(baseUrl),
    async stop() {
      await strapi.destroy();
      restoreEnv();
      await dropDb();
    },
  };
}

// Test users' passwords are hashed with bcrypt's lowest cost (4) instead of Strapi's default 10, as
// frameworks do for their own tests: same algorithm, same code path (Strapi reads the cost from the
// password attribute's `encryption.rounds`, its documented knob), and a stored hash still carries its
// cost, so sign-in compares as in production. At cost 10 each hash took 72 ms of pure-JS bcrypt here:
// the suite creates hundreds of users a pass, about 7 % of a CI run's CPU. GC_BCRYPT_ROUNDS=10 puts
// Strapi's cost back.
const TEST_BCRYPT_ROUNDS = Number(process.env.GC_BCRYPT_ROUNDS || 4);
function lowerPasswordHashCost(strapi: Core.Strapi): void {
  const attribute = strapi.getModel('plugin::users-permissions.user')?.attributes?.password as
    { encryption?: { rounds?: number } } | undefined;
  if (attribute && !attribute.encryption?.rounds)
    attribute.encryption = { ...attribute.encryption, rounds: TEST_BCRYPT_ROUNDS };
}

// @strapi/admin's role service is one object for the whole process, and so are its hooks: a module
// of node_modules, which a jest process here evaluates once for all its files (shared-runtime.js). Each
// boot's i18n adds its handlers to them (willResetSuperAdminPermissions, willValidateUpdatePermissions),
// so the n-th boot in a process ran i18n's Super Admin locale rewrite n times, each deep-cloning every
// action once per permission: a third of a short file's CPU after fifty files. The handlers act on the
// global `strapi`, the one now booting; the earlier boots' copies are dropped before i18n adds its own.
// (In production there is one boot per process, and the list holds one set.)
type Hook = { getHandlers(): unknown[]; delete(handler: unknown): unknown };
function forgetEarlierBootsRoleHooks(instance: Core.Strapi): void {
  const bootstrap = instance.bootstrap.bind(instance);
  instance.bootstrap = async () => {
    const roles = instance.service('admin::role') as unknown as { hooks?: Record<string, Hook> } | undefined;
    for (const hook of Object.values(roles?.hooks ?? {})) {
      for (const handler of [...hook.getHandlers()]) hook.delete(handler);
    }
    return bootstrap();
  };
}

// GC_BOOT_SHORTCUTS_LOG=<file>: each step boot-shortcuts.js could skip, "skipped" or "ran", with the test file.
function logStep(step: string, skipped: boolean): void {
  const file = process.env.GC_BOOT_SHORTCUTS_LOG;
  if (!file) return;
  const testPath = expect.getState().testPath ?? 'unknown';
  fs.appendFileSync(file, `${skipped ? 'skipped' : 'ran'}\t${step}\t${path.relative(APP_DIR, testPath)}\n`);
}

/** Whether a boot with this environment seeds the sample catalogue (the setting's default in tests is on). */
function seedsSampleData(env: Record<string, string | undefined>): boolean {
  const value = env.SERVICE_SEED_SAMPLE_DATA?.trim().toLowerCase();
  if (value === undefined || value === '') return env.NODE_ENV !== 'production';
  return ['1', 'true', 'yes', 'on'].includes(value);
}

// GC_BOOT_LOG=<file>: each boot appends "<test file>\t<ms>" there, for CI's table of where time goes.
function logBoot(started: number): void {
  const file = process.env.GC_BOOT_LOG;
  if (!file) return;
  const testPath = expect.getState().testPath ?? 'unknown';
  fs.appendFileSync(file, `${path.relative(APP_DIR, testPath)}\t${Date.now() - started}\n`);
}

/**
 * Boots and expects boot to fail (config validation); returns the error. Cleans up either way.
 */
export async function bootFailure(env: Record<string, string | undefined>, options: StartOptions = {}): Promise<Error> {
  try {
    const app = await startApp(env, options);
    await app.stop();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected Strapi to refuse to boot, but it started');
}

/** The settings most suites share: no sample catalogue, and the browser-free renderer. */
/** The secrets a production boot refuses to start without (NODE_ENV=production); test values only. */
export const PRODUCTION_SECRETS: Record<string, string> = {
  APP_KEYS: 'k1-0123456789abcdef,k2-0123456789abcdef',
  API_TOKEN_SALT: 'api-token-salt-0123456789',
  ADMIN_JWT_SECRET: 'admin-jwt-secret-0123456789',
  TRANSFER_TOKEN_SALT: 'transfer-token-salt-0123456789',
  ENCRYPTION_KEY: 'encryption-key-0123456789',
  JWT_SECRET: 'jwt-secret-0123456789',
};

export const QUIET_APP: Record<string, string> = { SERVICE_SEED_SAMPLE_DATA: 'false', SERVICE_RENDERER: 'memory' };

/**
 * Boots one app for the enclosing describe block (beforeAll) and stops it afterwards (afterAll).
 * `ready` gets the running app: keep it, and create the suite's users there.
 */
export function appForSuite(
  env: Record<string, string | undefined>,
  ready: (app: TestApp) => Promise<void> | void,
): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startApp(env);
    await ready(app);
  });
  afterAll(async () => {
    await app?.stop();
  });
}
