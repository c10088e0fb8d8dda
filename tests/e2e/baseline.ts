import fs from 'fs';
import path from 'path';
import pixelmatch from 'pixelmatch';
import type { Page } from 'puppeteer-core';
import { decodePng } from '../helpers/png';
import { SCREENSHOT_DIR } from './browser';

// Screenshot baselines (issue 41), shared by the shop's and the admin's screenshot tests: a page's
// picture against its committed baseline (pixelmatch with a small tolerance), what sticks out sideways
// or is clipped inside its own box, and axe-core at every severity.

/** Per pixel: pixelmatch's colour threshold; per page: the share of pixels allowed to differ. */
export const PIXEL_THRESHOLD = 0.2;
export const MAX_DIFF_RATIO = 0.01;
export const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
export const LANGS = ['en', 'de'] as const;
export type Lang = (typeof LANGS)[number];
/** Animations, transitions and the text cursor off; what is random (order numbers) masked. */
export const STILL = `*, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important; scroll-behavior: auto !important; }
.order-number, [data-random] { color: transparent !important; }`;
export const UPDATE_BASELINES = process.env.UPDATE_BASELINES === '1';
const DIFFS = path.join(SCREENSHOT_DIR, 'baseline-diff');

/**
 * Compares a screenshot with `dir/<shot>.png`; a difference is pushed onto `problems` (the new shot
 * and its diff image saved in .tmp/screenshots/baseline-diff/). UPDATE_BASELINES=1, or no baseline
 * yet, writes it and pushes the name onto `written`. `heightSlack`: how many pixels the height may differ.
 */
export function compareWithBaseline(
  dir: string,
  shot: string,
  png: Buffer,
  problems: string[],
  written: string[],
  heightSlack = 0,
): void {
  const file = path.join(dir, `${shot}.png`);
  if (UPDATE_BASELINES || !fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(file, png);
    written.push(shot);
    return;
  }
  const want = decodePng(fs.readFileSync(file));
  const got = decodePng(png);
  fs.mkdirSync(DIFFS, { recursive: true });
  if (want.width !== got.width || Math.abs(want.height - got.height) > heightSlack) {
    fs.writeFileSync(path.join(DIFFS, `${shot}.png`), png);
    problems.push(`${shot}: ${got.width}x${got.height}, the baseline is ${want.width}x${want.height}`);
    return;
  }
  // Within the slack, the part both pictures have is compared (the rest is the page's empty bottom).
  const height = Math.min(want.height, got.height);
  const bytes = got.width * height * 4;
  const diff = Buffer.alloc(bytes);
  const differing = pixelmatch(want.rgba.subarray(0, bytes), got.rgba.subarray(0, bytes), diff, got.width, height, {
    threshold: PIXEL_THRESHOLD,
  });
  const ratio = differing / (got.width * height);
  if (ratio > MAX_DIFF_RATIO) {
    fs.writeFileSync(path.join(DIFFS, `${shot}.png`), png);
    problems.push(`${shot}: ${(ratio * 100).toFixed(2)}% of the pixels differ from the baseline`);
  }
}

/**
 * A picture taken once the page has stopped changing: `take` is called again, two animation frames
 * apart (`between`), until two pictures in a row are the same, at most `tries` times. Under a loaded
 * machine the designer's canvas, cleared on a resize, was photographed before it drew again (a CI run
 * saw the card white and 10 % of the pixels off); a page that really differs still differs here.
 */
export async function steadyPicture(
  take: () => Promise<Uint8Array>,
  between: () => Promise<void>,
  tries = 12,
): Promise<Buffer> {
  let last = Buffer.from(await take());
  for (let i = 1; i < tries; i++) {
    await between();
    const next = Buffer.from(await take());
    if (next.equals(last)) return next;
    last = next;
  }
  return last;
}

/**
 * Whatever sticks out sideways (the page, or `root` when given: the admin scrolls inside its own
 * layout) and every control clipped inside its own box (its scroll size larger than its box), inside
 * `controlsIn` when given (else `root`, else the page).
 */
export function layoutProblems(page: Page, root?: string, controlsIn?: string): Promise<string[]> {
  return page.evaluate(
    (rootSelector, controlSelector) => {
      const found: string[] = [];
      const doc = document.documentElement;
      const boxes: HTMLElement[] = [doc];
      if (rootSelector) boxes.push(...document.querySelectorAll<HTMLElement>(rootSelector));
      for (const box of boxes) {
        if (box.scrollWidth <= box.clientWidth) continue;
        const edge = box === doc ? doc.clientWidth : box.getBoundingClientRect().left + box.clientWidth;
        // Name the innermost elements that reach past the right edge.
        const wide = [...box.querySelectorAll<HTMLElement>('*')].filter(
          (el) => el.getBoundingClientRect().right > edge + 0.5 && !el.closest('.visually-hidden'),
        );
        const innermost = wide.filter((el) => !wide.some((other) => other !== el && el.contains(other)));
        const names = innermost.slice(0, 3).map((el) => `${el.tagName.toLowerCase()}.${String(el.className)}`);
        const where = box === doc ? 'page' : box.tagName.toLowerCase();
        found.push(`${where} is ${box.scrollWidth - box.clientWidth}px too wide (${names.join(', ')})`);
      }
      const scopeSelector = controlSelector ?? rootSelector;
      const scopes: ParentNode[] = scopeSelector ? [...document.querySelectorAll(scopeSelector)] : [document];
      const controls = scopes.flatMap((scope) => [
        ...scope.querySelectorAll<HTMLElement>(
          'button, .button, [role="tab"], select, input:not([type="checkbox"]):not([type="radio"]):not([type="file"]):not([type="color"]), label',
        ),
      ]);
      for (const el of controls) {
        const box = el.getBoundingClientRect();
        if (!box.width || getComputedStyle(el).visibility === 'hidden') continue;
        if (el.closest('[hidden], dialog:not([open]), .visually-hidden')) continue;
        // A read-only field holding a link to copy scrolls by design.
        if (el.hasAttribute('readonly')) continue;
        // A text field scrolls what was typed into it: only its label, placeholder or a button is clipped.
        const typedInto = el.tagName === 'INPUT' && (el as HTMLInputElement).value !== '';
        const tooWide = !typedInto && el.scrollWidth - el.clientWidth > 1;
        const tooTall = el.tagName !== 'INPUT' && el.tagName !== 'SELECT' && el.scrollHeight - el.clientHeight > 2;
        // A control cut off by the edge of the screen is clipped too (the operator tabs at "SE…"), unless
        // it sits in a box that scrolls sideways (a wide table's), where it is reached by scrolling.
        const scrollsSideways = (from: HTMLElement): boolean => {
          for (let up = from.parentElement; up && up !== doc; up = up.parentElement) {
            const overflow = getComputedStyle(up).overflowX;
            if ((overflow === 'auto' || overflow === 'scroll') && up.scrollWidth > up.clientWidth) return true;
          }
          return false;
        };
        const offScreen = box.right > doc.clientWidth + 0.5 && !scrollsSideways(el);
        if (tooWide || tooTall || offScreen) {
          const name = (el.id ? `#${el.id}` : el.className ? `.${String(el.className).split(' ')[0]}` : '') || '';
          found.push(`${el.tagName.toLowerCase()}${name} clipped (${el.textContent?.trim().slice(0, 30) || ''})`);
        }
      }
      return found;
    },
    root ?? null,
    controlsIn ?? null,
  );
}

const AXE_SOURCE = () => fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's violations of every severity (minor and moderate too) inside `include` (the whole
 * document by default), leaving out what matches `exclude`; "id impact target" each. The page needs
 * setBypassCSP(true) for the injected script.
 */
export async function allA11yViolations(
  page: Page,
  scope: { include?: string[]; exclude?: string[] } = {},
): Promise<string[]> {
  if (!(await page.evaluate(() => Boolean((window as unknown as { axe?: unknown }).axe))))
    await page.addScriptTag({ content: AXE_SOURCE() });
  return page.evaluate(async (context) => {
    type Result = {
      violations: Array<{ id: string; impact: string; nodes: Array<{ target: unknown }> }>;
    };
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: object): Promise<Result> } }).axe;
    const ctx =
      context.include || context.exclude
        ? {
            ...(context.include ? { include: context.include.map((s) => [s]) } : {}),
            ...(context.exclude ? { exclude: context.exclude.map((s) => [s]) } : {}),
          }
        : document;
    const result = await axe.run(ctx, { resultTypes: ['violations'] });
    return result.violations.map((v) => `axe ${v.id} (${v.impact}) ${v.nodes.map((n) => String(n.target)).join(' ')}`);
  }, scope);
}

/**
 * Two animation frames after a viewport change: what redraws on resize (the editor's canvas clears on
 * its new size and draws again in the next frame) has drawn before the picture is taken.
 */
export function settle(page: Page): Promise<void> {
  return page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}
