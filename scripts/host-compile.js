// The host app's TypeScript (config/, src/) compiled into dist/, stamped with a hash of what went in,
// so that a later compile of the same sources is skipped: CI compiles once in its build phase
// (scripts/build-host.js --server), and each of its jest runs (tests/helpers/global-setup.js) then finds
// dist/ current. A compile rewrites dist/config even when nothing changed, and the admin panel's build
// and the test boots beside it read that; about 3 s of CPU besides.
'use strict';
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');

const STAMP = 'dist/.gc-test-compile';

function hostSourcesHash(appDir) {
  const hash = crypto.createHash('sha256');
  const visit = (relative) => {
    const full = path.join(appDir, relative);
    if (!fs.existsSync(full)) return;
    if (fs.statSync(full).isDirectory()) {
      if (relative === path.join('src', 'admin')) return; // the admin panel's code: not compiled here
      for (const name of fs.readdirSync(full).sort()) visit(path.join(relative, name));
      return;
    }
    hash.update(`${relative}\0`).update(fs.readFileSync(full)).update('\0');
  };
  ['tsconfig.json', 'package.json', 'config', 'src'].forEach(visit);
  hash.update(require('@strapi/strapi/package.json').version);
  return hash.digest('hex');
}

/** Compiles unless dist/ holds these sources already. `ignoreDiagnostics: false` fails on type errors, as `strapi build` does. */
async function compileHostApp(appDir, { ignoreDiagnostics = true } = {}) {
  const stamp = path.join(appDir, STAMP);
  const wanted = hostSourcesHash(appDir);
  const compiled = fs.existsSync(path.join(appDir, 'dist/config')) && fs.existsSync(path.join(appDir, 'dist/src'));
  if (compiled && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === wanted) return false;
  const { compileStrapi } = require('@strapi/strapi');
  await compileStrapi({ appDir, ignoreDiagnostics });
  fs.writeFileSync(stamp, wanted);
  return true;
}

module.exports = { compileHostApp };
