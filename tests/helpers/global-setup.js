// Compiles the TypeScript host app (config/, src/) into dist/ once per test run, then makes the
// migrated, empty template database every test file's database is copied from (see
// template-database.js). The plugin itself is built by `npm test`'s pretest step (Strapi silently
// skips a plugin whose build is missing).
const fs = require('fs');
const path = require('path');
const { createTemplate } = require('./template-database');

// The host app's compile is skipped when dist/ already holds its sources (scripts/host-compile.js).
const { compileHostApp } = require('../../scripts/host-compile');

module.exports = async () => {
  const appDir = path.resolve(__dirname, '../..');
  const pluginEntry = path.join(appDir, 'plugins/greeting-cards/dist/server/index.js');
  if (!fs.existsSync(pluginEntry)) {
    throw new Error('The plugin is not built: run `npm run build:plugin` (npm test does this for you).');
  }
  // TEST_HOST_APP=false: the run boots no Strapi of this checkout (the install test makes an app of
  // its own), so it neither compiles dist/ (which a test run beside it in this checkout is reading)
  // nor makes a template database.
  if (process.env.TEST_HOST_APP === 'false') return;
  await compileHostApp(appDir);
  fs.mkdirSync(path.join(appDir, '.tmp'), { recursive: true });
  fs.mkdirSync(path.join(appDir, 'public/uploads'), { recursive: true });
  if (process.env.TEST_TEMPLATE_DATABASE === 'false') return;
  const started = Date.now();
  const template = await createTemplate(appDir);
  // Read by tests/helpers/database.ts in this process (the suite runs in band) and by any workers.
  process.env.GC_TEST_TEMPLATE_DATABASE = template.name;
  if (template.seeded) process.env.GC_TEST_SEEDED_TEMPLATE_DATABASE = template.seeded;
  if (template.kept) process.env.GC_TEST_TEMPLATE_KEPT = 'true';
  console.log(
    `\ntemplate databases (${template.kind}${template.seeded ? ', base and seeded' : ', base'}${template.kept ? ', kept between runs' : ''}) ready in ${Date.now() - started} ms`,
  );
};
