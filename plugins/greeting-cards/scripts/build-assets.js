// Second half of the plugin build (after tsc): bundles the browser editor with esbuild and copies
// the curated font files from their @fontsource packages into assets/, where /static/ serves them.
// Nothing written here is committed (see .gitignore): the bundle and fonts always match the sources.
const fs = require('fs');
const path = require('path');
const esbuild = require('esbuild');

const root = path.resolve(__dirname, '..');
const assets = path.join(root, 'assets');
const { CURATED_FONTS, fontFileName, fontFaceCss } = require(path.join(root, 'dist/server/platform/designs/fonts.js'));

function copyFonts() {
  const out = path.join(assets, 'fonts');
  fs.mkdirSync(out, { recursive: true });
  for (const font of CURATED_FONTS) {
    const dir = path.join(path.dirname(require.resolve(`${font.pkg}/package.json`, { paths: [root] })), 'files');
    for (const face of font.faces) {
      const name = fontFileName(font, face);
      fs.copyFileSync(path.join(dir, name), path.join(out, name));
    }
  }
  fs.writeFileSync(path.join(out, 'fonts.css'), `${fontFaceCss()}\n`);
}

async function bundleEditor() {
  await esbuild.build({
    entryPoints: [path.join(root, 'editor/main.ts')],
    outfile: path.join(assets, 'editor/editor.js'),
    bundle: true,
    format: 'iife',
    target: ['es2020'],
    minify: true,
    sourcemap: true,
    legalComments: 'linked',
    logLevel: 'warning',
  });
}

copyFonts();
bundleEditor().catch((error) => {
  console.error(error);
  process.exit(1);
});
