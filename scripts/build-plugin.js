#!/usr/bin/env node
// Builds the plugin (server, editor bundle, fonts, admin) and records what it was built from.
// `--if-stale` (used before `npm test`, `npm start`, `npm run develop` and `npm run build`) skips the
// build when nothing it is built from has changed since the last one: the plugin's files as git sees
// them (tracked and new, not ignored) and the lock file. A full build takes minutes, and CI would
// otherwise build the same sources three times.
'use strict';
const path = require('path');
const { spawnSync } = require('child_process');
const { inputsHash, isFresh, record } = require('./plugin-build-stamp');

const root = path.resolve(__dirname, '..');
const current = inputsHash();
if (process.argv.includes('--if-stale') && isFresh(current)) {
  console.log('plugin build is up to date (npm run build:plugin rebuilds it)');
  process.exit(0);
}
const build = spawnSync('npm', ['run', 'build', '--workspace', 'strapi-plugin-greeting-cards'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);
record(current);
