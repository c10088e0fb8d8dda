import fs from 'fs';
import os from 'os';
import path from 'path';
import zlib from 'zlib';
import { unpackBundledBrowser } from '../../plugins/greeting-cards/server/src/platform/providers/renderer/browser-choice';

// Unpacking the bundled Chromium when two unpackers start together (two instances on one machine, or
// the test's and the app's copies of the module in one jest process): the first file published stays
// the one on disk, so a Chromium started from it is never pulled from under it (a binary renamed over
// while Chromium starts kills it), and no half-written or left-over file remains. A small Brotli archive
// stands in for the package's.
describe('unpacking the bundled Chromium', () => {
  let dir: string;
  let bundle: { archive: string; version: string };
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gc-unpack-'));
    const archive = path.join(dir, 'chromium.br');
    fs.writeFileSync(archive, zlib.brotliCompressSync(Buffer.from(`#!/bin/sh\necho ${'x'.repeat(200_000)}\n`)));
    bundle = { archive, version: '1.2.3' };
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('leaves in place the file another unpacker published while this one was writing', async () => {
    const target = path.join(dir, 'greeting-cards-chromium-1.2.3', 'chromium');
    // This unpacker has looked (nothing there yet) and is writing its copy...
    const unpacking = unpackBundledBrowser(bundle, dir);
    // ...when the other one publishes its own, and starts Chromium from it.
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, '#!/bin/sh\necho first\n', { mode: 0o755 });
    const running = fs.statSync(target).ino;
    expect(await unpacking).toBe(target);
    expect(fs.statSync(target).ino).toBe(running);
    expect(fs.readFileSync(target, 'utf8')).toBe('#!/bin/sh\necho first\n');
    expect(fs.readdirSync(path.dirname(target))).toEqual(['chromium']);
  });

  it('publishes one whole file when several unpack at once, with nothing left over', async () => {
    const files = await Promise.all([1, 2, 3].map(() => unpackBundledBrowser(bundle, dir)));
    expect(new Set(files).size).toBe(1);
    expect(fs.statSync(files[0]).mode & 0o111).not.toBe(0);
    expect(fs.readFileSync(files[0], 'utf8')).toBe(`#!/bin/sh\necho ${'x'.repeat(200_000)}\n`);
    expect(fs.readdirSync(path.dirname(files[0]))).toEqual(['chromium']);
  });

  it('uses the file already there without unpacking again', async () => {
    const file = await unpackBundledBrowser(bundle, dir);
    const before = fs.statSync(file);
    expect(await unpackBundledBrowser(bundle, dir)).toBe(file);
    expect(fs.statSync(file).ino).toBe(before.ino);
    expect(fs.statSync(file).mtimeMs).toBe(before.mtimeMs);
  });
});
