#!/usr/bin/env node
// Prints a key for the host's admin panel build (dist/build): a hash of everything that build reads.
// CI keeps the panel it built under this key (.ci/run, CI_ADMIN_CACHE) and takes it from there when the
// key is the same, as it keeps the new-app install of the install test: the panel is the same files
// whenever its inputs are, and its build is over a minute of a core that the test runs need.
//
// The inputs, broadly on purpose (a key that changes too often costs a build; one that misses an input
// would serve a stale panel): the lock and package files (Strapi, vite and every admin dependency), the
// host's config/ and src/ (its admin customisation, the enabled plugins), the plugin's package.json and
// built admin bundle (dist/admin), the build script, Node's version, and the environment variables a
// Strapi admin build reads (STRAPI_ADMIN_* are baked into the bundle; admin paths and URLs).
'use strict';
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');
const { pluginAdminHash } = require('./admin-build-marker');

const root = path.resolve(__dirname, '..');
const INPUTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'favicon.png',
  'config',
  'src',
  'plugins/greeting-cards/package.json',
  'scripts/build-host.js',
];
const ENV = /^(STRAPI_|ADMIN_|PUBLIC_URL$|NODE_ENV$|HOST$|PORT$)/;

function filesUnder(relative) {
  const absolute = path.join(root, relative);
  if (!fs.existsSync(absolute)) return [];
  if (fs.statSync(absolute).isFile()) return [relative];
  return fs
    .readdirSync(absolute, { recursive: true })
    .map((name) => path.join(relative, String(name)))
    .filter((name) => fs.statSync(path.join(root, name)).isFile())
    .sort();
}

function adminBuildKey() {
  // The plugin's built admin bundle, hashed as the panel's marker hashes it (it says when it is missing).
  const hash = crypto.createHash('sha256').update(pluginAdminHash());
  for (const file of INPUTS.flatMap(filesUnder))
    hash
      .update(`${file}\0`)
      .update(fs.readFileSync(path.join(root, file)))
      .update('\0');
  const env = Object.keys(process.env)
    .filter((name) => ENV.test(name))
    .sort();
  hash.update(JSON.stringify([process.version, env.map((name) => [name, process.env[name]])]));
  return hash.digest('hex').slice(0, 24);
}

module.exports = { adminBuildKey };

if (require.main === module) console.log(adminBuildKey());
