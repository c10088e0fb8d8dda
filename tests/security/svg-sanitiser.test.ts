import puppeteer, { Browser } from 'puppeteer-core';
import { startApp, TestApp } from '../helpers/strapi';
import { flatten, inspectPdf } from '../helpers/pdf';
import { cardPrintHtml } from '../../plugins/greeting-cards/server/src/areas/rendering/rules/print-layout';
import { processBrowser } from '../../plugins/greeting-cards/server/src/platform/providers/renderer/browser-choice';

// Issue 9, item 16: the SVG inlined into the public e-card page is cleaned by DOMPurify inside the
// renderer's Chromium, and the print document carries a CSP of its own.
const HOSTILE = [
  '<svg xmlns="http://www.w3.org/2000/svg"><script>window.__pwned = 1</script><rect width="10" height="10"/></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg"><rect width="10" height="10" onload="window.__pwned = 1"/></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:window.__pwned=1"><text>click</text></a></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><img src="x" onerror="window.__pwned=1"></foreignObject></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg"><set attributeName="onmouseover" to="window.__pwned=1"/><animate attributeName="href" to="javascript:alert(1)"/></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg"><style>@import url(https://evil.example/x.css);</style></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.example/track.png" width="1" height="1"/></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg"><image xlink:href="/uploads/../../etc/passwd" width="1" height="1"/></svg>',
  // A CSS escape spells url( without the letters "url(": only a real CSS parser sees through it.
  '<svg xmlns="http://www.w3.org/2000/svg" style="background-image: u\\72l(https://evil.example/escaped.png)"><rect width="5" height="5"/></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg"><rect width="5" height="5" fill="url(https://evil.example/paint#p)"/></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg"><title><![CDATA[</title><script>window.__pwned=1</script>]]></title></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg"><desc><noscript><p title="</noscript><img src=x onerror=window.__pwned=1>"></noscript></desc></svg>',
];

describe('SVG sanitiser and print CSP', () => {
  let app: TestApp;
  let browser: Browser;
  const rendering = () =>
    app.strapi.plugin('greeting-cards').service('rendering') as {
      sanitizeSvg(svg: string): Promise<string>;
      provider(): { printPdf(html: string, size: { widthMm: number; heightMm: number }): Promise<Buffer> };
    };

  beforeAll(async () => {
    app = await startApp({ SERVICE_SEED_SAMPLE_DATA: 'false', SERVICE_RENDERER: 'puppeteer' });
    browser = await puppeteer.launch({
      // The renderer's own choice: PUPPETEER_EXECUTABLE_PATH, a Chromium on PATH, else the bundled one.
      executablePath: (await processBrowser()).executablePath ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu'],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('keeps what Fabric draws', async () => {
    const svg = [
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50">',
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>',
      '<g transform="matrix(1 0 0 1 10 10)"><rect width="20" height="10" style="stroke: none; fill: url(#g); opacity: 1;"/></g>',
      '<text xml:space="preserve" font-family="Georgia" style="fill: rgb(123,44,191);"><tspan x="0" y="20">Happy &amp; glorious</tspan></text>',
      '<image xlink:href="/uploads/greeting-cards/a.png" width="10" height="10"/>',
      '</svg>',
    ].join('');
    const clean: string = await rendering().sanitizeSvg(svg);
    expect(clean).toContain('<linearGradient id="g">');
    expect(clean).toMatch(/fill: url\(#g\)/);
    expect(clean).toContain('Happy &amp; glorious');
    expect(clean).toContain('/uploads/greeting-cards/a.png');
    expect(clean).toContain('matrix(1 0 0 1 10 10)');
  });

  it('removes scripts, handlers, foreign references and CSS escapes, in a real browser too', async () => {
    const cleaned: string[] = [];
    for (const svg of HOSTILE) cleaned.push(await rendering().sanitizeSvg(svg));
    for (const clean of cleaned) {
      expect(clean).not.toMatch(
        /<script|onload|onerror|javascript:|evil\.example|<style|foreignObject|<set|<animate|\.\.\//i,
      );
    }
    // Shown in a page the way the e-card page inlines it: nothing runs and nothing is fetched.
    const page = await browser.newPage();
    const requests: string[] = [];
    await page.setRequestInterception(true);
    page.on('request', (r) => {
      requests.push(r.url());
      void (r.url().startsWith('http://page.test/')
        ? r.respond({
            status: 200,
            contentType: 'text/html',
            body: `<!doctype html><body>${cleaned.join('\n')}</body>`,
          })
        : r.abort());
    });
    await page.goto('http://page.test/', { waitUntil: 'load' });
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(requests.filter((u) => !u.startsWith('http://page.test/') && !u.startsWith('data:'))).toEqual([]);
    await page.close();
  });

  it('prints documents under a CSP: a script that slipped into the print page does not run', async () => {
    const html = cardPrintHtml({
      frontSvg:
        '<svg xmlns="http://www.w3.org/2000/svg"></svg><script>document.body.textContent = "PWNED BY SCRIPT"</script>',
      frontBackground: '#FFFFFF',
      insideMessage: 'Kind words inside',
      cropMarks: false,
      brandText: 'Greeting Cards',
    });
    expect(html).toContain('http-equiv="Content-Security-Policy"');
    const pdf: Buffer = await rendering().provider().printPdf(html, { widthMm: 297, heightMm: 210 });
    const text = flatten((await inspectPdf(pdf)).pageTexts.join(' '));
    expect(text).toContain('Kind words inside');
    expect(text).not.toContain('PWNED');
  });
});
