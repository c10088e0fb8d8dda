// The renderer with a remote upload provider, against real Chromium and two local HTTP servers: images
// under the provider's prefix are fetched (by Node, through request interception) and drawn; any other
// address is never requested, even by a design that skipped prepareDesign's checks.
import fs from 'fs';
import http from 'http';
import os from 'os';
import path from 'path';
import type { AddressInfo } from 'net';
import { PuppeteerRenderer } from '../../plugins/greeting-cards/server/src/platform/providers/renderer/puppeteer-renderer';
import { uploadAssetsResolver } from '../../plugins/greeting-cards/server/src/platform/providers/renderer/upload-assets';
import { solidPng } from '../../plugins/greeting-cards/server/src/platform/providers/renderer/png-encode';
import { createCardRenderer } from '../../plugins/greeting-cards/server/src/areas/rendering/card-renderer';
import type { PreparedDesign } from '../../plugins/greeting-cards/server/src/platform/designs/design-prep';
import { decodePng, pixelAt } from '../helpers/png';
import { inspectPdf } from '../helpers/pdf';

interface ImageServer {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

async function imageServer(rgb: [number, number, number]): Promise<ImageServer> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(String(req.url));
    if (req.url === '/redirect/photo.png') {
      res.writeHead(302, { Location: '/bucket/photo.png' }).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'image/png' }).end(solidPng(40, 40, rgb));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((r) => server.close(() => r())) };
}

const imageAt = (src: string, left: number): PreparedDesign['objects'][number] => ({
  kind: 'image',
  src,
  props: { originX: 'left', originY: 'top', left, top: 0, width: 100, height: 200 },
});

describe('renderer: images from a remote upload provider', () => {
  let allowed: ImageServer;
  let foreign: ImageServer;
  let provider: PuppeteerRenderer;
  let publicDir = '';

  beforeAll(async () => {
    allowed = await imageServer([0, 0, 255]);
    foreign = await imageServer([255, 0, 0]);
    publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gc-remote-render-'));
    const prefixes = [`${allowed.url}/bucket/`];
    provider = new PuppeteerRenderer({
      resolveAsset: uploadAssetsResolver(publicDir, prefixes),
      remoteImagePrefixes: prefixes,
    });
  });

  afterAll(async () => {
    await provider?.close();
    await allowed?.close();
    await foreign?.close();
    fs.rmSync(publicDir, { recursive: true, force: true });
  });

  it('draws allowed images and never requests any other address', async () => {
    const design: PreparedDesign = {
      width: 300,
      height: 200,
      background: '#FFFFFF',
      objects: [
        imageAt(`${allowed.url}/bucket/photo.png`, 0),
        imageAt(`${foreign.url}/bucket/photo.png`, 100),
        imageAt(`${allowed.url}/redirect/photo.png`, 200),
      ],
    };
    const png = decodePng(await provider.designPng(design, 300));
    expect(pixelAt(png, 50, 100).slice(0, 3)).toEqual([0, 0, 255]);
    // The foreign image and the one outside the prefix are left out: the background shows.
    expect(pixelAt(png, 150, 100).slice(0, 3)).toEqual([255, 255, 255]);
    expect(pixelAt(png, 250, 100).slice(0, 3)).toEqual([255, 255, 255]);
    expect(foreign.requests).toEqual([]);
    expect(allowed.requests).toEqual(['/bucket/photo.png']);

    // The e-card page's SVG keeps the allowed URL and drops the others.
    const svg = await provider.sanitizeSvg(await provider.designSvg(design));
    expect(svg).toContain(`${allowed.url}/bucket/photo.png`);
    expect(svg).not.toContain(foreign.url);
    expect(svg).not.toContain('/redirect/');
    expect(foreign.requests).toEqual([]);
  });

  it('puts allowed remote photos into the print PDF', async () => {
    const rules = {
      remotePrefixes: [`${allowed.url}/bucket/`],
      resolveAsset: uploadAssetsResolver(publicDir, [`${allowed.url}/bucket/`]),
    };
    const renderer = createCardRenderer({ provider, publicDir, publicUrl: '', cropMarks: false, ...rules });
    const before = allowed.requests.length;
    const canvas = {
      objects: [{ type: 'image', src: `${allowed.url}/bucket/photo.png`, left: 0, top: 0, width: 600, height: 850 }],
    };
    const pdf = await renderer.cardPdf({ canvasData: canvas, insideMessage: 'Hi' });
    expect((await inspectPdf(pdf)).pages).toBe(2);
    expect(allowed.requests.length).toBeGreaterThan(before);
    expect(foreign.requests).toEqual([]);
  });
});
