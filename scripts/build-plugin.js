#!/usr/bin/env node
// Builds the plugin (server, editor bundle, fonts, admin) and records what it was built from.
// `--if-stale` (used before `npm test`, `npm start`, `npm run develop` and `npm run build`) skips the
// build when nothing it is built from has changed since the last one: the plugin's files as git sees
// them (tracked and new, not ignored) and the lock file. A full build takes minutes, and CI would
// otherwise build the same sources three times.
'use strict';
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');
const { execFileSync, spawnSync } = require('child_process');

const root = path.resolve(__dirname, '..');
const plugin = 'plugins/greeting-cards';
const stamp = path.join(root, plugin, 'dist', '.built-from');

function inputsHash() {
  let files;
  try {
    files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', plugin], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
  } catch {
    return null; // not a git checkout: always build
  }
  const hash = crypto.createHash('sha256');
  for (const file of [...files.sort(), 'package-lock.json', 'tsconfig.json']) {
    const full = path.join(root, file);
    if (!fs.existsSync(full)) continue;
    hash.update(file).update('\0').update(fs.readFileSync(full)).update('\0');
  }
  return hash.digest('hex');
}

const current = inputsHash();
if (process.argv.includes('--if-stale') && current && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === current) {
  console.log('plugin build is up to date (npm run build:plugin rebuilds it)');
  process.exit(0);
}
const build = spawnSync('npm', ['run', 'build', '--workspace', 'strapi-plugin-greeting-cards'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
if (current) fs.writeFileSync(stamp, current);
