// Compiles the TypeScript host app (config/, src/) into dist/ once per test run. The plugin itself
// is built by `npm test`'s pretest step (Strapi silently skips a plugin whose build is missing).
const fs = require('fs');
const path = require('path');

module.exports = async () => {
  const appDir = path.resolve(__dirname, '../..');
  const pluginEntry = path.join(appDir, 'plugins/greeting-cards/dist/server/index.js');
  if (!fs.existsSync(pluginEntry)) {
    throw new Error('The plugin is not built: run `npm run build:plugin` (npm test does this for you).');
  }
  const { compileStrapi } = require('@strapi/strapi');
  await compileStrapi({ appDir, ignoreDiagnostics: true });
  fs.mkdirSync(path.join(appDir, '.tmp'), { recursive: true });
  fs.mkdirSync(path.join(appDir, 'public/uploads'), { recursive: true });
};
