import fs from 'fs';
import os from 'os';
import path from 'path';
import {
  UNPARSED_BODY_ENTRY,
  unparsedBodyProblem,
} from '../../plugins/greeting-cards/server/src/platform/host/raw-body';
import { emailCheck } from '../../plugins/greeting-cards/server/src/platform/host/email-check';
import {
  requireUsersPermissions,
  USERS_PERMISSIONS_MISSING,
} from '../../plugins/greeting-cards/server/src/platform/host/users-permissions';
import { rendererCheck } from '../../plugins/greeting-cards/server/src/platform/host/renderer-check';

describe('raw body for the webhook', () => {
  it("asks a new app's bare 'strapi::body' for includeUnparsed, naming the file and the entry", () => {
    const problem = unparsedBodyProblem(['strapi::errors', 'strapi::body', 'strapi::session']);
    expect(problem).toMatch(/^config\/middlewares\.ts/);
    expect(problem).toContain(`replace 'strapi::body' with ${UNPARSED_BODY_ENTRY}`);
  });
  it("asks the same of an app with no list (Strapi's defaults) and of includeUnparsed: false", () => {
    expect(unparsedBodyProblem(undefined)).toContain(UNPARSED_BODY_ENTRY);
    expect(
      unparsedBodyProblem([{ name: 'strapi::body', config: { jsonLimit: '2mb', includeUnparsed: false } }]),
    ).toContain(UNPARSED_BODY_ENTRY);
  });
  it('says when the body middleware is missing', () => {
    expect(unparsedBodyProblem(['strapi::errors'])).toMatch(/there is no 'strapi::body'/);
  });
  it('is satisfied by includeUnparsed, whatever other options the host sets', () => {
    expect(
      unparsedBodyProblem([{ name: 'strapi::body', config: { jsonLimit: '2mb', includeUnparsed: true } }]),
    ).toBeNull();
  });
});

describe('e-mail check', () => {
  it("fails on a new app's sendmail default and says what to install", () => {
    for (const config of [undefined, { provider: 'sendmail' }]) {
      const check = emailCheck(config, false);
      expect(check.ok).toBe(false);
      expect(check.detail).toMatch(/sendmail/);
      expect(check.detail).toMatch(/@strapi\/provider-email-nodemailer/);
    }
  });
  it('accepts the development mailbox only in development and test', () => {
    const config = { provider: 'nodemailer', providerOptions: { streamTransport: true } };
    expect(emailCheck(config, true).ok).toBe(true);
    const production = emailCheck(config, false);
    expect(production.ok).toBe(false);
    expect(production.detail).toMatch(/SMTP_HOST/);
  });
  it('fails on nodemailer without an SMTP host and passes with one', () => {
    expect(emailCheck({ provider: 'nodemailer', providerOptions: {} }, false).ok).toBe(false);
    const check = emailCheck(
      { provider: 'nodemailer', providerOptions: { host: 'smtp.example.test', port: 587 } },
      false,
    );
    expect(check).toEqual({
      ok: true,
      detail: 'E-mail is sent through SMTP at smtp.example.test.',
      message: {
        id: 'email.smtp',
        text: 'E-mail is sent through SMTP at {host}.',
        values: { host: 'smtp.example.test' },
      },
    });
  });
  it('trusts other providers (they have their own settings)', () => {
    expect(emailCheck({ provider: 'amazon-ses' }, false).ok).toBe(true);
  });
});

describe('users-permissions check', () => {
  it('stops boot naming the plugin when it is missing', () => {
    expect(() => requireUsersPermissions({ plugin: () => undefined })).toThrow(USERS_PERMISSIONS_MISSING);
    expect(USERS_PERMISSIONS_MISSING).toMatch(/npm install @strapi\/plugin-users-permissions/);
  });
  it('stops boot when the plugin has no JWT service', () => {
    const plugin = { service: () => undefined };
    expect(() => requireUsersPermissions({ plugin: () => plugin })).toThrow(/no JWT service/);
  });
  it('passes with the JWT service', () => {
    const plugin = { service: (name: string) => (name === 'jwt' ? { issue: () => 'token' } : undefined) };
    expect(() => requireUsersPermissions({ plugin: () => plugin })).not.toThrow();
  });
});

describe('Chromium check', () => {
  it('says what to install when there is no Chromium at the path', async () => {
    const check = await rendererCheck(path.join(os.tmpdir(), 'no-such-chromium'));
    expect(check.ok).toBe(false);
    expect(check.detail).toMatch(/apt-get install chromium/);
    expect(check.detail).toMatch(/PUPPETEER_EXECUTABLE_PATH/);
  });
  it('reports a binary that does not start as Chromium', async () => {
    const fake = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gc-chromium-')), 'chromium');
    fs.writeFileSync(fake, '#!/bin/sh\necho "not a browser" >&2\nexit 3\n', { mode: 0o755 });
    const check = await rendererCheck(fake, 10_000);
    expect(check.ok).toBe(false);
    expect(check.detail).toMatch(/could not be started/);
  });
  it('starts the real Chromium', async () => {
    const check = await rendererCheck();
    expect(check.ok).toBe(true);
    expect(check.detail).toMatch(/Chrom/);
  });
});
