// Drawing on a machine without a system Chromium (issue 43 item 6): a process whose PATH holds no
// Chromium or Chrome and that has no PUPPETEER_EXECUTABLE_PATH chooses the browser the install brought
// (@sparticuz/chromium, an optional dependency), unpacks it into an empty temporary directory, says so
// in the health check, and draws a real preview and print PDF with it. Runs the built plugin.
import { execFile } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { promisify } from 'util';
import { SYSTEM_BROWSERS } from '../../plugins/greeting-cards/server/src/platform/providers/renderer/browser-choice';
import { decodePng, PNG_SIGNATURE } from '../helpers/png';
import { flatten, inspectPdf } from '../helpers/pdf';

const run = promisify(execFile);

/** PATH without every directory that holds a Chromium or Chrome. */
function pathWithoutBrowsers(pathVariable: string): string {
  return pathVariable
    .split(path.delimiter)
    .filter((dir) => dir && !SYSTEM_BROWSERS.some((name) => fs.existsSync(path.join(dir, name))))
    .join(path.delimiter);
}

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gc-no-chromium-'));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

it('draws with the bundled Chromium when none is on PATH and none is set', async () => {
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: pathWithoutBrowsers(process.env.PATH ?? ''), TMPDIR: tmp };
  delete env.PUPPETEER_EXECUTABLE_PATH;
  const hidden = env.PATH!.split(path.delimiter);
  for (const name of SYSTEM_BROWSERS) expect(hidden.some((dir) => fs.existsSync(path.join(dir, name)))).toBe(false);

  const out = path.join(tmp, 'card');
  const { stdout } = await run(process.execPath, [path.join(__dirname, 'bundled-browser-child.js'), out], {
    env,
    timeout: 120_000,
    maxBuffer: 1 << 20,
  });
  const { choice, check } = JSON.parse(stdout) as {
    choice: { source: string; executablePath: string; description: string };
    check: { ok: boolean; detail: string };
  };
  expect(choice.source).toBe('bundled');
  expect(choice.executablePath.startsWith(tmp)).toBe(true);
  expect(check.ok).toBe(true);
  expect(check.detail).toMatch(/HeadlessChrome\/\d+.* at .*bundled with the install: @sparticuz\/chromium/);

  const png = fs.readFileSync(`${out}.png`);
  expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
  expect(decodePng(png).width).toBe(300);
  const facts = await inspectPdf(fs.readFileSync(`${out}.pdf`));
  expect(facts.pages).toBe(2);
  expect(flatten(facts.pageTexts[0])).toContain('Happy Birthday!');
  expect(flatten(facts.pageTexts[1])).toContain('Drawn without a system Chromium');
}, 150_000);
