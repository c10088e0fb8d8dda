import { spawn, type ChildProcess } from 'child_process';
import crypto from 'crypto';
import fs from 'fs';
import os from 'os';
import path from 'path';
import supertest from 'supertest';
import { startSmtpCapture, freePort, type SmtpCapture } from '../helpers/smtp';
import { startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { buildEvent, signEvent } from '../helpers/stripe-webhook';
import { launchBrowser, SCREENSHOT_DIR } from '../e2e/browser';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { SYSTEM_BROWSERS } from '../../plugins/greeting-cards/server/src/platform/providers/renderer/browser-choice';

const S3rver = require('s3rver');

// Installs the plugin as a developer would: `npm pack` (its prepack builds and verifies it; see copyOfPlugin), a brand-new
// Strapi 5.54.0 app from create-strapi-app in a temporary folder outside this repository, the README's
// install command with the tarball in place of the package name, the README's config/plugins.ts lines,
// `npm run build` (admin included) and `npm start` in production. Then over HTTP: the sample catalogue,
// a shopper registering, personalising a template and paying a demo order whose e-card reaches a real
// SMTP server; the plugin's admin menu entry and settings page in real Chromium; and, booted again in
// Stripe mode against the fake Stripe server, a signed webhook paying an order. Slow (minutes): it
// downloads a new app's dependencies from the npm registry.

const REPO = path.resolve(__dirname, '..', '..');
const PLUGIN_DIR = path.join(REPO, 'plugins', 'greeting-cards');
const STRAPI_VERSION = '5.54.0';
// The newest aws-s3 upload provider the registry has (there is no 5.54.0 of it); the repository's own
// host pins the same version.
const S3_PROVIDER = `@strapi/provider-upload-aws-s3@${require('../../package.json').dependencies['@strapi/provider-upload-aws-s3']}`;
const BUCKET = 'host-media';
const MINUTE = 60_000;

jest.setTimeout(25 * MINUTE);

/**
 * A copy of the plugin to pack. prepack cleans and rebuilds `dist/`; doing that in the plugin itself
 * would pull the built plugin from under any other test run using this checkout (CI runs the SQLite and
 * PostgreSQL passes side by side). The copy sits inside the repository so its build tools resolve from
 * the repository's node_modules; `.tmp/` is ignored by jest and git.
 *
 * When the plugin's `dist/` was built from the files here now (its stamp says so, as
 * scripts/build-plugin.js checks it: CI has just built it), the copy takes it, and is packed without
 * prepack: prepack would run the same `npm run build` of the same files again, a minute and a half of
 * CPU beside the test lanes. `strapi-plugin verify`, prepack's other half, is a test of its own below.
 * INSTALL_TEST_PACK=prepack, or a stale or missing build, packs as a publisher does.
 */
const { isFresh: pluginBuildIsFresh } = require('../../scripts/plugin-build-stamp') as { isFresh(): boolean };
function copyOfPlugin(): { dir: string; built: boolean } {
  const built = process.env.INSTALL_TEST_PACK !== 'prepack' && pluginBuildIsFresh();
  // .tmp is made by a test run's other files or CI; run alone on a fresh clone it is not there yet.
  fs.mkdirSync(path.join(REPO, '.tmp'), { recursive: true });
  const parent = fs.mkdtempSync(path.join(REPO, '.tmp', 'pack-'));
  const copy = path.join(parent, 'greeting-cards');
  const skip = built ? ['node_modules'] : ['dist', 'node_modules'];
  fs.cpSync(PLUGIN_DIR, copy, { recursive: true, filter: (src) => !skip.includes(path.relative(PLUGIN_DIR, src)) });
  if (fs.existsSync(path.join(PLUGIN_DIR, 'node_modules')))
    fs.symlinkSync(path.join(PLUGIN_DIR, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  return { dir: copy, built };
}

/** The README's "Install into your Strapi app" section, and its code blocks by info string. */
function readmeInstall() {
  const text = fs.readFileSync(path.join(REPO, 'README.md'), 'utf8');
  const start = text.indexOf('## Install into your Strapi app');
  if (start < 0) throw new Error('README has no "Install into your Strapi app" section');
  const end = text.indexOf('\n## ', start + 3);
  const section = text.slice(start, end < 0 ? undefined : end);
  const blocks = (info: string) =>
    [...section.matchAll(/```([^\n]*)\n([\s\S]*?)```/g)].filter((m) => m[1].trim() === info).map((m) => m[2]);
  return { section, blocks };
}

/** The environment a developer's shell has: nothing from this repository's npm run, jest or settings. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_|INIT_CWD$|NODE_ENV$|JEST_|DATABASE_|TEST_DATABASE|SERVICE_|SMTP_|HOST$|PORT$)/i.test(key)) continue;
    env[key] = value;
  }
  return { ...env, STRAPI_TELEMETRY_DISABLED: 'true', BROWSER: 'false', ...extra };
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = cleanEnv()): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output.slice(-4000)}`));
    });
  });
}

/** Writes `files` (paths relative to `root`) as a developer's editor would. */
function writeFiles(root: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
}

const FRONTEND_ORIGIN = 'https://frontend.example';

/**
 * What a headless CMS has before it meets the plugin: its own order type at /api/orders (the path the
 * spec gives our orders too), articles its front end reads from another origin, `strapi::cors` allowing
 * that origin, and a bootstrap that opens both lists to the public and writes one of each. The new app
 * already signs users in with refresh tokens (`jwtManagement: 'refresh'` in its config/plugins.ts).
 */
function addHostContent(appDir: string): void {
  const api = (name: string, plural: string, attributes: Record<string, unknown>) => ({
    [`src/api/${name}/content-types/${name}/schema.json`]: JSON.stringify(
      {
        kind: 'collectionType',
        collectionName: plural,
        info: { singularName: name, pluralName: plural, displayName: name },
        options: { draftAndPublish: false },
        attributes,
      },
      null,
      2,
    ),
    [`src/api/${name}/controllers/${name}.ts`]: `import { factories } from '@strapi/strapi';\nexport default factories.createCoreController('api::${name}.${name}');\n`,
    [`src/api/${name}/services/${name}.ts`]: `import { factories } from '@strapi/strapi';\nexport default factories.createCoreService('api::${name}.${name}');\n`,
    [`src/api/${name}/routes/${name}.ts`]: `import { factories } from '@strapi/strapi';\nexport default factories.createCoreRouter('api::${name}.${name}');\n`,
  });
  writeFiles(appDir, {
    ...api('order', 'orders', { reference: { type: 'string' } }),
    ...api('article', 'articles', { title: { type: 'string' } }),
    'src/index.ts': `import type { Core } from '@strapi/strapi';

export default {
  register() {},
  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'public' } });
    for (const action of ['api::order.order.find', 'api::article.article.find']) {
      const granted = await strapi.db.query('plugin::users-permissions.permission').findOne({ where: { action, role: role.id } });
      if (!granted) await strapi.db.query('plugin::users-permissions.permission').create({ data: { action, role: role.id } });
    }
    if ((await strapi.documents('api::order.order').count({})) === 0) {
      await strapi.documents('api::order.order').create({ data: { reference: 'HOST-ORDER-1' } });
      await strapi.documents('api::article.article').create({ data: { title: 'News from the host' } });
    }
  },
};
`,
  });
  const middlewaresFile = path.join(appDir, 'config', 'middlewares.ts');
  const middlewares = fs.readFileSync(middlewaresFile, 'utf8');
  expect(middlewares).toContain("  'strapi::cors',\n");
  fs.writeFileSync(
    middlewaresFile,
    middlewares.replace(
      "  'strapi::cors',\n",
      `  { name: 'strapi::cors', config: { origin: ['${FRONTEND_ORIGIN}'] } },\n`,
    ),
  );
}

const CREATE_ARGS = [
  'app',
  '--non-interactive',
  '--skip-cloud',
  '--ts',
  '--use-npm',
  '--install',
  '--no-example',
  '--no-git-init',
  '--dbclient',
  'sqlite',
  '--dbfile',
  '.tmp/data.db',
  '--no-run',
];

/**
 * A brand-new app from create-strapi-app, as a developer gets it, in `appDir`. Making one installs a
 * whole Strapi app from the registry (a minute or two), and the result depends only on the Strapi
 * version, the options and Node's version: it is kept, untouched, in a cache folder outside the
 * repository (INSTALL_TEST_CACHE, default ~/.cache/greeting-cards-install-test) under a key of those,
 * with a hash of the new app's lock file, and copied from there when both still match.
 * INSTALL_TEST_CACHE=off always makes a new one.
 */
async function newStrapiApp(appDir: string): Promise<void> {
  const cacheRoot = process.env.INSTALL_TEST_CACHE ?? path.join(os.homedir(), '.cache', 'greeting-cards-install-test');
  const key = crypto
    .createHash('sha256')
    .update(JSON.stringify([STRAPI_VERSION, CREATE_ARGS, process.version]))
    .digest('hex')
    .slice(0, 16);
  const cached = path.join(cacheRoot, key, 'app');
  const lockHash = (dir: string) =>
    crypto
      .createHash('sha256')
      .update(fs.readFileSync(path.join(dir, 'package-lock.json')))
      .digest('hex');
  const marker = path.join(cacheRoot, key, 'lock.sha256');
  // A whole app has its config: a copy taken while a timed-out run's cleanup was deleting the folder
  // had none, and every later run failed on it.
  const complete = (dir: string) =>
    fs.existsSync(path.join(dir, 'package-lock.json')) && fs.existsSync(path.join(dir, 'config', 'plugins.ts'));
  if (
    cacheRoot !== 'off' &&
    fs.existsSync(marker) &&
    complete(cached) &&
    fs.readFileSync(marker, 'utf8') === lockHash(cached)
  ) {
    // cp -a keeps node_modules' symlinks (.bin) as they are, and is much faster than a copy in Node.
    await run('cp', ['-a', cached, appDir], path.dirname(appDir));
    return;
  }
  await run('npx', ['-y', `create-strapi-app@${STRAPI_VERSION}`, ...CREATE_ARGS], path.dirname(appDir));
  if (cacheRoot === 'off' || !complete(appDir)) return;
  fs.rmSync(path.join(cacheRoot, key), { recursive: true, force: true });
  fs.mkdirSync(path.join(cacheRoot, key), { recursive: true });
  await run('cp', ['-a', appDir, cached], path.dirname(appDir));
  fs.writeFileSync(marker, lockHash(cached));
}

interface Server {
  url: string;
  http: () => supertest.Agent;
  log: () => string;
  stop(): Promise<void>;
}

/**
 * A machine without a system Chromium (issue 43 item 6): no PUPPETEER_EXECUTABLE_PATH, and a PATH on
 * which every program is found but Chromium. A directory that holds a browser (on Debian, /usr/bin,
 * where node and npm are too) is replaced by a folder of links to everything else in it. The installed
 * plugin then draws with the browser its install brought (@sparticuz/chromium, an optional
 * dependency) and says so at boot.
 */
let shadowBin: string | null = null;
function withoutSystemBrowser(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const hidden = { ...env };
  delete hidden.PUPPETEER_EXECUTABLE_PATH;
  const dirs = (env.PATH ?? '').split(path.delimiter).filter(Boolean);
  const holdsBrowser = (dir: string) => SYSTEM_BROWSERS.some((name) => fs.existsSync(path.join(dir, name)));
  if (!shadowBin) {
    const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'gc-no-browser-bin-'));
    process.on('exit', () => fs.rmSync(bin, { recursive: true, force: true }));
    for (const dir of dirs.filter(holdsBrowser))
      for (const name of fs.readdirSync(dir)) {
        if (SYSTEM_BROWSERS.includes(name) || fs.existsSync(path.join(bin, name))) continue;
        fs.symlinkSync(path.join(dir, name), path.join(bin, name));
      }
    shadowBin = bin;
  }
  hidden.PATH = [shadowBin, ...dirs.filter((dir) => !holdsBrowser(dir))].join(path.delimiter);
  return hidden;
}

/** Warnings and errors the plugin logged (its info lines, such as which browser draws, left out). */
function pluginWarnings(log: string): string[] {
  return log.split('\n').filter((line) => /\b(warn|error)\b/i.test(line) && line.includes('[greeting-cards]'));
}

/** The first line of the server's log that `pattern` matches, waited for (a minute at most). */
async function waitForLog(server: Server, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + MINUTE;
  for (;;) {
    const match = pattern.exec(server.log());
    if (match) return match[0];
    if (Date.now() > deadline) throw new Error(`no ${pattern} in the server log:\n${server.log().slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** `npm start` in its own process group (npm, sh and node), stopped as a whole. */
async function start(appDir: string, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: appDir,
    env: withoutSystemBrowser(
      cleanEnv({ NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), SERVICE_PUBLIC_URL: url, ...env }),
    ),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  let exited = false;
  const closed = new Promise<void>((resolve) => child.on('close', () => ((exited = true), resolve())));
  const stop = async () => {
    if (!exited) process.kill(-child.pid!, 'SIGTERM');
    await closed;
  };
  const deadline = Date.now() + 3 * MINUTE;
  for (;;) {
    if (exited) throw new Error(`npm start exited before it answered:\n${output.slice(-4000)}`);
    // The port was free when asked, but another test's server may have taken it since (a CI run saw this
    // app "answer" while it was refusing to boot): an answer counts only when it is this app's, whose host
    // content (the article list) no other server has.
    const ok = await fetch(`${url}/api/articles`).then(
      async (r) => r.status === 200 && JSON.stringify(await r.json()).includes('News from the host'),
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`npm start did not answer within 3 minutes:\n${output.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { url, http: () => supertest.agent(url), log: () => output, stop };
}

/**
 * Strapi's documented aws-s3 provider options, as the host has them, pointed at a local S3-compatible
 * server: they go inside the new app's own `upload.config` (which holds its upload security settings).
 */
const S3_UPLOAD_OPTIONS = `      provider: 'aws-s3',
      providerOptions: {
        s3Options: {
          endpoint: env('S3_ENDPOINT'),
          forcePathStyle: true,
          region: 'us-east-1',
          credentials: { accessKeyId: env('S3_ACCESS_KEY_ID'), secretAccessKey: env('S3_ACCESS_SECRET') },
          params: { Bucket: env('S3_BUCKET'), ACL: 'public-read' },
        },
      },
`;

// The new app runs on its own SQLite database whatever TEST_DATABASE_URL says, so the PostgreSQL run of
// the suite (which sets it) does not install it a second time. CI runs it on its own, beside the
// SQLite pass (INSTALL_TEST=later there).
const describeInstall =
  process.env.TEST_DATABASE_URL || process.env.INSTALL_TEST === 'later' ? describe.skip : describe;

describeInstall('installing the packed plugin into a new Strapi app', () => {
  let work: string;
  let packed: string | undefined;
  let appDir: string;
  let smtp: SmtpCapture;
  let fake: FakeStripe;
  let server: Server | undefined;
  let s3server: { close(): Promise<void> } | undefined;
  let s3env: Record<string, string> = {};
  let s3: S3Client;
  const bucketKeys = async () =>
    ((await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key ?? '');
  const uploadsFiles = () =>
    fs
      .readdirSync(path.join(appDir, 'public', 'uploads'), { recursive: true })
      .map(String)
      .filter((f) => fs.statSync(path.join(appDir, 'public', 'uploads', f)).isFile());
  const shopper = { username: 'installer', email: 'installer@example.test', password: 'Install-pass-123' };
  const admin = { firstname: 'Shop', lastname: 'Admin', email: 'admin@example.test', password: 'Admin-pass-123' };
  // The host has its own /api/orders, so the plugin's API moves under a prefix of its own; the shop moves
  // to /shop with a brand of the host's.
  const API = '/api/greeting-cards';
  const SHOP = '/shop';
  const moved = {
    SERVICE_API_PREFIX: API,
    SERVICE_STOREFRONT_BASE_PATH: SHOP,
    SERVICE_SHOP_NAME: 'Harbour Cards',
    SERVICE_ACCENT_COLOUR: '#1d5c63',
  };

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'gc-install-'));
    const { blocks } = readmeInstall();

    // npm pack runs the package's prepack: the build and `strapi-plugin verify`.
    const copy = copyOfPlugin();
    packed = copy.dir;
    console.log(
      copy.built
        ? 'packing the plugin as built (dist/ is up to date with its sources)'
        : 'packing the plugin through prepack (a new build)',
    );
    await run('npm', ['pack', '--pack-destination', work, ...(copy.built ? ['--ignore-scripts'] : [])], packed);
    const tarball = fs.readdirSync(work).find((f) => /^strapi-plugin-greeting-cards-.*\.tgz$/.test(f));
    if (!tarball) throw new Error('npm pack made no tarball');

    appDir = path.join(work, 'app');
    await newStrapiApp(appDir);

    // The README's install command, with the tarball in place of the registry package.
    const install = blocks('sh')[0]
      .split('\n')
      .find((line) => line.startsWith('npm install'));
    expect(install).toMatch(/strapi-plugin-greeting-cards/);
    const args = install!
      .split(/\s+/)
      .slice(1)
      .map((a) => (a === 'strapi-plugin-greeting-cards' ? path.join(work, tarball) : a));
    // The host keeps its media on S3: the aws-s3 provider, installed with the plugin.
    await run('npm', [...args, S3_PROVIDER, '--no-audit', '--no-fund'], appDir);

    // The README's config/plugins.ts lines, inside the object the new app's file returns.
    const pluginsFile = path.join(appDir, 'config', 'plugins.ts');
    const plugins = fs.readFileSync(pluginsFile, 'utf8');
    const anchor = '): Core.Config.Plugin => ({\n';
    expect(plugins).toContain(anchor);
    const uploadConfig = '  upload: {\n    config: {\n';
    expect(plugins).toContain(uploadConfig);
    fs.writeFileSync(
      pluginsFile,
      plugins
        .replace(anchor, anchor + blocks('ts config/plugins.ts')[0])
        .replace(uploadConfig, uploadConfig + S3_UPLOAD_OPTIONS),
    );

    // The README's strapi::body entry in place of the new app's bare one.
    const middlewaresFile = path.join(appDir, 'config', 'middlewares.ts');
    const middlewares = fs.readFileSync(middlewaresFile, 'utf8');
    const bareBody = "  'strapi::body',\n";
    expect(middlewares).toContain(bareBody);
    fs.writeFileSync(middlewaresFile, middlewares.replace(bareBody, blocks('ts config/middlewares.ts')[0]));

    // The host's own content and CORS, before its first build, as an existing app would have them.
    addHostContent(appDir);

    const firstRun = blocks('sh')[1];
    expect(firstRun).toMatch(/^npm run build$/m);
    expect(firstRun).toMatch(/npm start$/m);
    await run('npm', ['run', 'build'], appDir);

    smtp = await startSmtpCapture();
    fake = await startFakeStripe();
    const s3dir = fs.mkdtempSync(path.join(work, 's3-'));
    const s3rver = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3dir,
      configureBuckets: [{ name: BUCKET }],
    });
    const { port } = await s3rver.run();
    s3server = s3rver;
    s3env = {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_ACCESS_SECRET: 'S3RVER',
    };
    s3 = new S3Client({
      endpoint: s3env.S3_ENDPOINT,
      forcePathStyle: true,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  });

  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
    await fake?.close();
    await s3server?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
    if (packed) fs.rmSync(path.dirname(packed), { recursive: true, force: true });
  });

  it('passes strapi-plugin verify', async () => {
    const output = await run('npx', ['strapi-plugin', 'verify'], packed ?? PLUGIN_DIR);
    expect(output).toMatch(/Verified package\.json/);
  });

  it("refuses to boot while its API would take the host's /api/orders, naming both", async () => {
    const failure = await start(appDir, { ...s3env, ...smtp.env }).then(
      async (running) => (await running.stop(), undefined),
      (error: Error) => error,
    );
    expect(failure?.message).toMatch(/npm start exited before it answered/);
    expect(failure?.message).toMatch(/\/api\/orders/);
    expect(failure?.message).toMatch(/api::order\.order/);
    expect(failure?.message).toMatch(/SERVICE_API_PREFIX/);
  });

  it("leaves the host's routes as they were, and runs the moved, branded shop on demo payments", async () => {
    const uploadsBefore = uploadsFiles();
    server = await start(appDir, {
      SERVICE_SEED_SAMPLE_DATA: 'true',
      SERVICE_DEMO_PAYMENTS: 'true',
      ...moved,
      ...s3env,
      ...smtp.env,
    });
    const http = server.http;
    // A working host: no warning about the webhook body, e-mail, users-permissions or Chromium; and
    // with no system Chromium, the boot says the bundled browser draws.
    const chosen = await waitForLog(server, /\[greeting-cards\] renderer: .*/);
    expect(chosen).toContain('bundled with the install: @sparticuz/chromium');
    expect(pluginWarnings(server.log()).filter((line) => /e-mail|renderer|strapi::body/.test(line))).toEqual([]);

    // The host's routes answer as stock Strapi does: its CORS for its front end, its own orders and
    // articles in Strapi's response shape, its error shape, its public/ folder.
    const preflight = await http()
      .options('/api/auth/local')
      .set('Origin', FRONTEND_ORIGIN)
      .set('Access-Control-Request-Method', 'POST');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(FRONTEND_ORIGIN);
    const articles = await http().get('/api/articles').set('Origin', FRONTEND_ORIGIN);
    expect(articles.status).toBe(200);
    expect(articles.headers['access-control-allow-origin']).toBe(FRONTEND_ORIGIN);
    expect(articles.body.data.map((a: { title: string }) => a.title)).toEqual(['News from the host']);
    const hostOrders = await http().get('/api/orders');
    expect(hostOrders.status).toBe(200);
    expect(hostOrders.body).toMatchObject({
      data: [{ reference: 'HOST-ORDER-1' }],
      meta: { pagination: { total: 1 } },
    });
    // The public role may list the host's orders but not read one: Strapi's own 403, in Strapi's shape.
    const forbidden = await http().get('/api/orders/no-such-order');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ data: null, error: { status: 403, name: 'ForbiddenError' } });
    const robots = await http().get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.text).toBe(fs.readFileSync(path.join(appDir, 'public', 'robots.txt'), 'utf8'));

    // The shop, under /shop, in the host's brand; the root stays the host's.
    const home = await http().get(`${SHOP}/`);
    expect(home.status).toBe(200);
    expect(home.text).toContain('Harbour Cards');
    expect(home.text).toContain('#1d5c63');
    expect((await http().get('/')).text).not.toContain('Harbour Cards');

    // Shop sign-in in the app's refresh-token mode: the session cookie holds a token, and the library opens.
    const registered = await http().post('/api/auth/local/register').send(shopper);
    expect(registered.status).toBe(200);
    const auth = { Authorization: `Bearer ${registered.body.jwt}` };
    const browserLike = http();
    const loginPage = await browserLike.get(`${SHOP}/login/`);
    expect(loginPage.status).toBe(200);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(loginPage.text)?.[1];
    expect(csrf).toBeTruthy();
    const signedIn = await browserLike
      .post(`${SHOP}/login/`)
      .type('form')
      .send({ _csrf: csrf!, identifier: shopper.email, password: shopper.password, next: `${SHOP}/library/` });
    expect(signedIn.status).toBe(303);
    expect(String(signedIn.headers['set-cookie'])).not.toContain('[object Promise]');
    expect(signedIn.headers.location).toMatch(new RegExp(`${SHOP}/library/$`));
    const library = await browserLike.get(`${SHOP}/library/`);
    expect(library.status).toBe(200);
    expect(library.text).toContain('Harbour Cards');

    const templates = await http().get(`${API}/templates/`);
    expect(templates.status).toBe(200);
    expect(templates.body.count).toBeGreaterThan(0);
    const slug = templates.body.results.find((t: { is_premium?: boolean }) => !t.is_premium).slug;

    const card = await http().post(`${API}/templates/${slug}/personalize/`).set(auth).send({});
    expect(card.status).toBe(201);
    const recipient = await http()
      .post(`${API}/recipients/`)
      .set(auth)
      .send({ first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.test' });
    expect(recipient.status).toBe(201);
    const added = await http()
      .post(`${API}/orders/add_to_cart/`)
      .set(auth)
      .send({ card_id: card.body.id, recipient_id: recipient.body.id, delivery_method: 'ecard' });
    expect(added.status).toBe(200);
    const cart = await http().get(`${API}/orders/cart/`).set(auth);
    const checkout = await http().post(`${API}/orders/${cart.body.uuid}/checkout/`).set(auth).send({});
    expect(checkout.status).toBe(200);
    const paid = await http().post(`${API}/orders/${cart.body.uuid}/pay/`).set(auth).send({});
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('paid');

    const [ecard] = await smtp.waitFor(
      (m) => m.to !== undefined && JSON.stringify(m.to).includes('grace@example.test'),
      1,
      2 * MINUTE,
    );
    const viewLink = new RegExp(`${server.url}${SHOP}/cards/view/[^"\\s]+`).exec(ecard.html || '')?.[0];
    expect(viewLink).toBeTruthy();
    const view = await http().get(viewLink!.slice(server.url.length));
    expect(view.status).toBe(200);
    expect(view.text).toContain('Harbour Cards');
    // Every file the journey made (the sample templates' thumbnails, the card's preview) is in the
    // host's bucket, and none in public/uploads.
    const keys = await bucketKeys();
    expect(keys.filter((k) => /^greeting-cards\/previews\/.+\.png$/.test(k)).length).toBeGreaterThan(0);
    expect(uploadsFiles()).toEqual(uploadsBefore);
    // The host's order list is untouched by the shop's order.
    expect((await http().get('/api/orders')).body.meta.pagination.total).toBe(1);

    // The admin panel built by the app includes the plugin's menu link and settings page.
    const registeredAdmin = await http().post('/admin/register-admin').send(admin);
    expect(registeredAdmin.status).toBe(200);
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.setViewport({ width: 1280, height: 800 });
      await page.goto(`${server.url}/admin/auth/login`, { waitUntil: 'networkidle0' });
      await page.type('input[name="email"]', admin.email);
      await page.type('input[name="password"]', admin.password);
      await page.click('button[type="submit"]');
      const link = await page.waitForSelector('nav a[href="/admin/plugins/greeting-cards"]', { timeout: MINUTE });
      await link!.click();
      const shows = (text: string) =>
        page.waitForFunction((t) => document.body.innerText.includes(t), { timeout: MINUTE }, text);
      await shows('Orders, deliveries, payments and settings of the card shop');
      expect(await page.evaluate(() => document.body.innerText)).toMatch(/Orders today/i);
      fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'install-admin-plugin-page.png') });
      await page.goto(`${server.url}/admin/settings/greeting-cards`, { waitUntil: 'networkidle0' });
      await shows('the rest of the configuration, secrets masked');
      // The editable part (issue 27): the Shop settings form, its prices among its fields.
      await shows('Shop settings');
      const settingsNav = await page.$$eval('a', (links) => links.map((a) => a.textContent ?? ''));
      expect(settingsNav.some((text) => text.includes('Shop settings'))).toBe(true);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'install-admin-settings.png') });
    } finally {
      await browser.close();
    }
    await server.stop();
    server = undefined;
  });

  it('accepts a signed Stripe webhook in provider mode and pays the order', async () => {
    const secret = 'whsec_install_test';
    // If the test before failed half-way its server still runs: two Strapi processes on one SQLite file
    // would make this one's requests fail for a reason of their own.
    await server?.stop();
    server = await start(appDir, {
      ...moved,
      ...s3env,
      SERVICE_STRIPE_SECRET_KEY: 'sk_test_install',
      SERVICE_STRIPE_WEBHOOK_SECRET: secret,
      SERVICE_STRIPE_API_BASE: fake.url,
      ...smtp.env,
    });
    const http = server.http;
    // A second shopper registers: signing in again (POST /api/auth/local) in a new app's refresh-token
    // mode sets a secure cookie, which Strapi refuses over plain HTTP in production (500), before and
    // without this plugin; behind HTTPS it works.
    const registered = await http()
      .post('/api/auth/local/register')
      .send({ username: 'installer2', email: 'installer2@example.test', password: shopper.password });
    if (registered.status !== 200)
      throw new Error(
        `register answered ${registered.status} ${JSON.stringify(registered.body)}; server log:\n${server.log().slice(-4000)}`,
      );
    const auth = { Authorization: `Bearer ${registered.body.jwt}` };
    const templates = await http().get(`${API}/templates/`);
    const slug = templates.body.results.find((t: { is_premium?: boolean }) => !t.is_premium).slug;
    const card = await http().post(`${API}/templates/${slug}/personalize/`).set(auth).send({});
    const recipient = await http()
      .post(`${API}/recipients/`)
      .set(auth)
      .send({ first_name: 'Alan', last_name: 'Turing', email: 'alan@example.test' });
    await http()
      .post(`${API}/orders/add_to_cart/`)
      .set(auth)
      .send({ card_id: card.body.id, recipient_id: recipient.body.id, delivery_method: 'ecard' });
    const cart = await http().get(`${API}/orders/cart/`).set(auth);
    expect((await http().post(`${API}/orders/${cart.body.uuid}/checkout/`).set(auth).send({})).status).toBe(200);
    const pay = await http().post(`${API}/orders/${cart.body.uuid}/pay/`).set(auth).send({});
    expect(pay.status).toBe(200);
    expect(pay.body.checkout_url).toBeTruthy();

    const session = fake.completeSession(pay.body.session_id);
    const { payload, signature } = signEvent(buildEvent('checkout.session.completed', session), secret);
    const webhook = await http()
      .post('/payments/webhook/')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', signature)
      .send(payload);
    expect(webhook.status).toBe(200);
    expect(webhook.body).toMatchObject({ received: true, result: 'paid' });
    const order = await http().get(`${API}/orders/${cart.body.uuid}/`).set(auth);
    expect(order.body.status).toMatch(/^(paid|fulfilled)$/);
    await smtp.waitFor((m) => JSON.stringify(m.to ?? '').includes('alan@example.test'), 1, 2 * MINUTE);
  });
});
