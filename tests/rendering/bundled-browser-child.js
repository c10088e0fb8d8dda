// Run by bundled-browser.test.ts in a process whose PATH has no Chromium and no
// PUPPETEER_EXECUTABLE_PATH: chooses the browser as the plugin does at boot, checks it as the admin's
// health does, draws a card's preview and print PDF with it, and prints what happened as JSON.
const fs = require('fs');
const os = require('os');
const path = require('path');

const dist = path.join(__dirname, '../../plugins/greeting-cards/dist/server');
const { processBrowser } = require(`${dist}/platform/providers/renderer/browser-choice`);
const { rendererCheck } = require(`${dist}/platform/host/renderer-check`);
const { PuppeteerRenderer } = require(`${dist}/platform/providers/renderer/puppeteer-renderer`);
const { localUploadsResolver } = require(`${dist}/platform/providers/renderer/local-uploads`);
const { createCardRenderer } = require(`${dist}/areas/rendering/card-renderer`);
const { TEMPLATES } = require(`${dist}/areas/catalogue/seed/sample-data`);

async function main() {
  const out = process.argv[2];
  const choice = await processBrowser();
  const check = await rendererCheck();
  const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gc-bundled-'));
  const provider = new PuppeteerRenderer({ resolveAsset: localUploadsResolver(publicDir) });
  const renderer = createCardRenderer({
    provider,
    publicDir,
    publicUrl: 'https://cards.example.test',
    cropMarks: false,
  });
  try {
    const canvasData = TEMPLATES.find((t) => t.slug === 'balloon-party').canvas_data;
    const png = await renderer.previewPng(canvasData, { width: 300 });
    const pdf = await renderer.cardPdf({ canvasData, insideMessage: 'Drawn without a system Chromium' });
    fs.writeFileSync(`${out}.png`, png);
    fs.writeFileSync(`${out}.pdf`, pdf);
    process.stdout.write(JSON.stringify({ choice, check }));
  } finally {
    await renderer.shutdown();
    fs.rmSync(publicDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(String(error && error.stack ? error.stack : error));
  process.exit(1);
});
