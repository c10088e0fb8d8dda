import { execFileSync } from 'child_process';
import crypto from 'crypto';
import fs from 'fs';
import path from 'path';
import type { Core } from '@strapi/strapi';
import type { Browser, BrowserContext, Page } from 'puppeteer-core';
import { APP_DIR } from '../helpers/database';
import { DESKTOP, PHONE, SCREENSHOT_DIR } from '../e2e/browser';

// Helpers for driving Strapi's real admin panel (with the plugin's admin bundle) in Chromium.

const { adminBuildIsCurrent, markAdminBuilt } = require('../../scripts/admin-build-marker') as {
  adminBuildIsCurrent(): boolean;
  markAdminBuilt(): void;
};

/**
 * Builds the host's admin panel (`strapi build`, a few minutes on a busy machine) unless the build
 * already holds this exact plugin admin bundle (`npm run build` records which one it used).
 */
export function ensureAdminBuilt(): void {
  if (adminBuildIsCurrent()) return;
  const env: NodeJS.ProcessEnv = { ...process.env, STRAPI_TELEMETRY_DISABLED: 'true' };
  delete env.NODE_ENV;
  execFileSync(path.join(APP_DIR, 'node_modules', '.bin', 'strapi'), ['build'], {
    cwd: APP_DIR,
    env,
    stdio: 'inherit',
  });
  markAdminBuilt();
}

export const ADMIN_PASSWORD = 'Correct-horse-battery-9';

interface RoleService {
  create(attributes: { name: string; description: string }): Promise<{ id: number }>;
  assignPermissions(roleId: number, permissions: Array<Record<string, unknown>>): Promise<unknown>;
}

/** A role granting exactly the plugin `actions` given, made through Strapi's admin role service. */
export async function createRole(strapi: Core.Strapi, name: string, actions: string[]): Promise<number> {
  const roles = strapi.service('admin::role') as unknown as RoleService;
  const role = await roles.create({ name, description: `Grants ${actions.join(', ')}` });
  await roles.assignPermissions(
    role.id,
    actions.map((action) => ({ action, subject: null, properties: {}, conditions: [] })),
  );
  return role.id;
}

/** Strapi's built-in role (e.g. `strapi-editor`, which gets Content Manager rights on first boot). */
export async function builtInRoleId(strapi: Core.Strapi, code: string): Promise<number> {
  const role = await strapi.db.query('admin::role').findOne({ where: { code } });
  if (!role) throw new Error(`no admin role ${code}`);
  return role.id;
}

export async function createPanelUser(strapi: Core.Strapi, roleId: number, firstname: string): Promise<string> {
  const email = `${firstname.toLowerCase()}.${crypto.randomBytes(3).toString('hex')}@example.test`;
  await (strapi.service('admin::user') as unknown as { create(a: Record<string, unknown>): Promise<unknown> }).create({
    firstname,
    lastname: 'Tester',
    email,
    password: ADMIN_PASSWORD,
    isActive: true,
    registrationToken: null,
    roles: [roleId],
  });
  return email;
}

/** Logs in through the admin's own login form, as a person would. */
export async function logIn(page: Page, baseUrl: string, email: string, to?: string): Promise<void> {
  // `to` (an admin path such as '/plugins/greeting-cards/orders'): the login page's own `?redirectTo`
  // opens it once signed in, inside the application the login page loaded. A page.goto there after
  // signing in loaded the whole admin application a second time (a second or two of Chromium's CPU on
  // a quiet machine, several under CI's load) for every test that signs in.
  const query = to ? `?redirectTo=${encodeURIComponent(to)}` : '';
  await page.goto(`${baseUrl}/admin/auth/login${query}`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('input[name="email"]');
  await page.type('input[name="email"]', email);
  await page.type('input[name="password"]', ADMIN_PASSWORD);
  const path = to ? `/admin${to.split('?')[0]}` : null;
  await Promise.all([
    page.waitForFunction(
      (want) => !location.pathname.includes('/auth/') && (!want || decodeURIComponent(location.pathname) === want),
      // As long as a navigation may take (admin-browser's pages): the application loads its next screen.
      { timeout: 120000 },
      path,
    ),
    page.click('button[type="submit"]'),
  ]);
  // As page.goto's networkidle0 did: the page's first requests have answered.
  if (to) await page.waitForNetworkIdle({ idleTime: 500, timeout: 120000 });
}

/**
 * A desktop-width screenshot of an admin screen, saved as .tmp/screenshots/admin-<screen>.png. The admin
 * scrolls inside its own layout, so the window is made as tall as the content for the picture.
 */
export async function adminScreenshot(page: Page, screen: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const viewport = page.viewport() ?? { width: 1280, height: 800 };
  const height = await page.evaluate(() =>
    Math.max(
      ...[...document.querySelectorAll('main, [role="dialog"], [role="alertdialog"]')].map((el) => el.scrollHeight),
      0,
    ),
  );
  await page.setViewport({ ...viewport, height: Math.min(4000, Math.max(viewport.height, height + 120)) });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `admin-${screen}.png`) as `${string}.png` });
  await page.setViewport(viewport);
}

/**
 * Pages for one suite, each in its own incognito context (its own admin session) at desktop size;
 * closeAll() in afterAll. `bypassCsp`: for suites that run axe-core's source in the page.
 */
export function incognitoPages(browser: () => Browser, options: { bypassCsp?: boolean } = {}) {
  const contexts: BrowserContext[] = [];
  return {
    async newPage(): Promise<Page> {
      const context = await browser().createBrowserContext();
      contexts.push(context);
      const page = await context.newPage();
      await page.setViewport(DESKTOP);
      // The admin's pages load dozens of scripts and requests; CI runs this suite beside the other test
      // runs on two cores, where an edit page's networkidle0 once took longer than puppeteer's 30 s.
      page.setDefaultNavigationTimeout(120000);
      if (options.bypassCsp) await page.setBypassCSP(true);
      return page;
    },
    async closeAll(): Promise<void> {
      for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
    },
  };
}

/**
 * The admin page at phone width too, whole (the admin scrolls inside its own layout), saved as
 * admin-<name>-phone.png; fails when anything is wider than the screen. Leaves the page at desktop size.
 */
export async function phoneScreenshot(page: Page, name: string): Promise<void> {
  await page.setViewport(PHONE);
  const height = await page.evaluate(() =>
    Math.max(...[...document.querySelectorAll('main')].map((el) => el.scrollHeight), 0),
  );
  await page.setViewport({ ...PHONE, height: Math.min(6000, Math.max(PHONE.height, height + 120)) });
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `admin-${name}-phone.png`) as `${string}.png` });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  await page.setViewport(DESKTOP);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Closes the Content Manager's guided tour when it opens (it covers the list in a screenshot). */
export async function skipGuidedTour(page: Page): Promise<void> {
  const skipped = await page.evaluate(() => {
    // The tour's "Skip" button: the one whose popover says "Step n of m" within a few levels up.
    const inTour = (el: Element | null, levels: number): boolean =>
      Boolean(el) &&
      (/Step \d+ of \d+/.test(el!.textContent ?? '') || (levels > 0 && inTour(el!.parentElement, levels - 1)));
    const skip = [...document.querySelectorAll<HTMLButtonElement>('button')].find(
      (b) => (b.textContent ?? '').trim() === 'Skip' && inTour(b.parentElement, 4),
    );
    skip?.click();
    return Boolean(skip);
  });
  if (skipped)
    await page.waitForFunction(() => !/Step \d+ of \d+/.test(document.body.textContent ?? ''), { timeout: 10000 });
}

/** Waits until the open dialog has finished its opening animation (so a screenshot shows it whole). */
export async function waitForDialog(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const dialog = document.querySelector('[role="alertdialog"], [role="dialog"]');
    return dialog !== null && dialog.getAnimations({ subtree: true }).every((a) => a.playState !== 'running');
  });
}

/**
 * Replaces the text of the CodeMirror editor inside `container` as a person does with a design they
 * have: clicks in, selects all, deletes, and pastes the new text (one insertion, as a paste or an input
 * method makes it). Typed key by key, the field validated and re-rendered after every character: a
 * 300-character design took 25 s of the admin browser test.
 */
export async function typeIntoCodeEditor(page: Page, container: string, text: string): Promise<void> {
  const editor = `${container} .cm-content`;
  await page.waitForSelector(editor);
  await page.click(editor);
  await page.keyboard.down('Control');
  await page.keyboard.press('KeyA');
  await page.keyboard.up('Control');
  await page.keyboard.press('Backspace');
  await page.keyboard.sendCharacter(text);
}

/** On a failed wait, a screenshot and the page's text say what the page showed instead. */
async function explainFailure(page: Page, what: string, error: unknown): Promise<never> {
  const name = `failed-${what.replace(/[^a-z0-9]+/gi, '-').slice(0, 40)}`;
  await adminScreenshot(page, name).catch(() => undefined);
  const shown = await page.evaluate(() => document.body.innerText.slice(0, 1500)).catch(() => '(no page)');
  throw new Error(
    `${what}: ${(error as Error).message}\nURL ${page.url()}\nscreenshot admin-${name}.png\npage text:\n${shown}`,
  );
}

/** Waits for visible text anywhere on the page (the admin renders asynchronously). */
export async function waitForText(page: Page, text: string, timeout = 30000): Promise<void> {
  try {
    await page.waitForFunction((t) => (document.body.textContent ?? '').includes(t), { timeout }, text);
  } catch (error) {
    await explainFailure(page, `waiting for "${text}"`, error);
  }
}

/** Waits for an element; on failure, says what the page showed instead (screenshot, URL and text). */
export async function waitForElement(page: Page, selector: string, timeout = 30000) {
  try {
    return await page.waitForSelector(selector, { timeout });
  } catch (error) {
    return explainFailure(page, `waiting for ${selector}`, error);
  }
}

/** Clicks the first button (or link) whose visible text is exactly `text`. */
export async function clickByText(page: Page, text: string, selector = 'button'): Promise<void> {
  const handle = await page
    .waitForFunction(
      (sel, t) =>
        [...document.querySelectorAll<HTMLElement>(sel)].find(
          (el) => (el.textContent ?? '').trim() === t && !el.hasAttribute('disabled'),
        ) ?? null,
      { timeout: 30000 },
      selector,
      text,
    )
    .catch((error: unknown) => explainFailure(page, `clicking "${text}"`, error));
  await (handle.asElement() as unknown as { click(): Promise<void> }).click();
}
