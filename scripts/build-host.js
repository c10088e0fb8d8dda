#!/usr/bin/env node
// `strapi build` in its two halves, for CI: `--server` compiles the host's TypeScript (config/, src/)
// into dist/, all the database tests need; `--admin` builds the admin panel into dist/build, which
// only the admin's browser tests need. `strapi build` does both, one after the other, and its compile
// rewrites dist/config even when nothing changed, so it cannot run while tests boot from dist/. Split,
// the test lanes start once the server half is compiled (about 5 s; stamped, so their jest runs find
// it current: scripts/host-compile.js) and the panel (about a minute of a core) builds beside them.
// Users keep `npm run build` (`strapi build`).
//
// The admin half calls the same steps `strapi build` runs after its compile (@strapi/strapi's
// dist/src/node/build.js of the pinned 5.54.0); they are not in the package's public exports, hence
// the paths. Should an upgrade move them, this script says so and CI fails in its build phase.
'use strict';
const path = require('path');
const { compileHostApp } = require('./host-compile');

const root = path.resolve(__dirname, '..');
const strapiDir = path.dirname(require.resolve('@strapi/strapi/package.json', { paths: [root] }));
const internal = (file) => {
  try {
    return require(path.join(strapiDir, 'dist', 'src', file));
  } catch (error) {
    throw new Error(
      `@strapi/strapi has no ${file} (moved by an upgrade?): use \`npm run build\` instead. ${error.message}`,
    );
  }
};

async function compileServer() {
  // As `strapi build` does, type errors fail it; stamped, so the test runs do not compile again.
  const compiled = await compileHostApp(root, { ignoreDiagnostics: false });
  if (!compiled) console.log('build-host server: dist/ already holds these sources');
}

async function buildAdmin() {
  const { createLogger } = internal('cli/utils/logger.js');
  const { loadTsConfig } = internal('cli/utils/tsconfig.js');
  const { createBuildContext } = internal('node/create-build-context.js');
  const { writeStaticClientFiles } = internal('node/staticFiles.js');
  const { build: buildVite } = internal('node/vite/build.js');
  const logger = createLogger({ debug: false, silent: false, timestamp: false });
  const tsconfig = loadTsConfig({ cwd: root, path: 'tsconfig.json', logger });
  // `strapi build`'s own defaults (its command's options).
  const options = { bundler: 'vite', debug: false, minify: true, silent: false, sourcemap: false, stats: false };
  const ctx = await createBuildContext({ cwd: root, logger, tsconfig, options });
  await writeStaticClientFiles(ctx);
  await buildVite(ctx);
}

async function main() {
  const [part] = process.argv.slice(2);
  const started = Date.now();
  if (part === '--server') await compileServer();
  else if (part === '--admin') await buildAdmin();
  else throw new Error('usage: node scripts/build-host.js --server|--admin');
  console.log(`build-host ${part.slice(2)}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
