#!/usr/bin/env node
// Records which plugin admin bundle the host's admin panel (`strapi build`, dist/build) was built
// with. `npm run build` writes it; the admin browser tests read it and rebuild only when the plugin's
// admin bundle has changed since. Without it, every test run (and both CI passes) built the panel again.
'use strict';
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..');
const BUILD_DIR = path.join(root, 'dist', 'build');
const PLUGIN_ADMIN_DIR = path.join(root, 'plugins', 'greeting-cards', 'dist', 'admin');
const MARKER = path.join(BUILD_DIR, '.greeting-cards-admin-hash');
// The host's own admin customisation (its languages, config.locales) is built into the panel too.
const HOST_ADMIN_DIR = path.join(root, 'src', 'admin');

/** A hash of the plugin's built admin bundle (every file under its dist/admin) and the host's src/admin. */
function pluginAdminHash() {
  if (!fs.existsSync(path.join(PLUGIN_ADMIN_DIR, 'index.mjs'))) {
    throw new Error("The plugin's admin bundle is missing: run `npm run build:plugin` first.");
  }
  const hash = crypto.createHash('sha256');
  for (const name of fs.readdirSync(PLUGIN_ADMIN_DIR, { recursive: true }).map(String).sort()) {
    const file = path.join(PLUGIN_ADMIN_DIR, name);
    if (fs.statSync(file).isFile()) hash.update(name).update(fs.readFileSync(file));
  }
  if (fs.existsSync(HOST_ADMIN_DIR)) {
    for (const name of fs.readdirSync(HOST_ADMIN_DIR, { recursive: true }).map(String).sort()) {
      const file = path.join(HOST_ADMIN_DIR, name);
      if (fs.statSync(file).isFile()) hash.update(`host/${name}`).update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex');
}

/** Whether dist/build holds a panel built with the current plugin admin bundle. */
function adminBuildIsCurrent() {
  const built = fs.existsSync(MARKER) ? fs.readFileSync(MARKER, 'utf8') : '';
  return built === pluginAdminHash() && fs.existsSync(path.join(BUILD_DIR, 'index.html'));
}

function markAdminBuilt() {
  fs.writeFileSync(MARKER, pluginAdminHash());
}

module.exports = { adminBuildIsCurrent, markAdminBuilt, pluginAdminHash };

if (require.main === module) markAdminBuilt();
