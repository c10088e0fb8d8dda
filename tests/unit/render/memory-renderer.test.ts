// The in-memory test double other areas can switch on with SERVICE_RENDERER=memory.
import fs from 'fs';
import os from 'os';
import path from 'path';
import { createCardRenderer } from '../../../plugins/greeting-cards/server/src/areas/rendering/card-renderer';
import {
  createRendererProvider,
  MemoryRenderer,
} from '../../../plugins/greeting-cards/server/src/platform/providers/renderer';
import { decodePng, pixelAt, pngSize } from '../../helpers/png';

const resolveAsset = async () => null;

describe('memory renderer', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gc-memory-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is chosen by name, and unknown names are refused', () => {
    expect(createRendererProvider('memory', { resolveAsset })).toBeInstanceOf(MemoryRenderer);
    expect(() => createRendererProvider('crayons', { resolveAsset })).toThrow(/unknown renderer "crayons"/);
  });

  it('gives right-sized PNGs, SVGs with the text and a stand-in PDF, and records the calls', async () => {
    const provider = new MemoryRenderer();
    const r = createCardRenderer({ provider, publicDir: dir, publicUrl: '', cropMarks: true });
    const design = {
      background: '#102030',
      objects: [{ type: 'text', text: 'Hello <you>', left: 1, top: 2, fontSize: 10 }],
    };
    const png = decodePng(await r.previewPng(design, { width: 120 }));
    expect([png.width, png.height]).toEqual([120, 170]);
    expect(pixelAt(png, 3, 3).slice(0, 3)).toEqual([0x10, 0x20, 0x30]);
    expect(await r.designSvg(design)).toContain('Hello &lt;you&gt;');
    const pdf = (await r.cardPdf({ canvasData: design, insideMessage: 'Inside words' })).toString();
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toContain('Inside words');
    expect(pdf).toContain('303x216mm'); // the config default for crop marks applied
    expect(provider.calls.map((c) => c.method)).toEqual(['designPng', 'designSvg', 'designSvg', 'printPdf']);
  });

  it('stores previews once per design', async () => {
    const provider = new MemoryRenderer();
    const r = createCardRenderer({ provider, publicDir: dir, publicUrl: '', cropMarks: false });
    const url = await r.storePreview({ background: '#FFFFFF', objects: [] });
    expect(url).toMatch(/^\/uploads\/greeting-cards\/previews\/[0-9a-f]{32}\.png$/);
    expect(pngSize(fs.readFileSync(path.join(dir, url)))).toEqual({ width: 600, height: 850 });
    expect(await r.storePreview({ objects: [], background: '#FFFFFF' })).toBe(url);
    expect(provider.calls.filter((c) => c.method === 'designPng')).toHaveLength(1);
  });
});
