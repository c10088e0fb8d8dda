// What a build of the plugin was made from: a hash of the plugin's files as git sees them (tracked and
// new, not ignored), the lock file and the root tsconfig, kept in dist/.built-from by
// scripts/build-plugin.js. `isFresh()` says whether dist/ was built from the files here now; the
// install test packs such a dist/ as it is instead of building it again.
'use strict';
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');

const root = path.resolve(__dirname, '..');
const plugin = 'plugins/greeting-cards';
const stamp = path.join(root, plugin, 'dist', '.built-from');

/** The hash of what a build would be made from now, or null outside a git checkout. */
function inputsHash() {
  let files;
  try {
    files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', plugin], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
  } catch {
    return null;
  }
  const hash = crypto.createHash('sha256');
  for (const file of [...files.sort(), 'package-lock.json', 'tsconfig.json']) {
    const full = path.join(root, file);
    if (!fs.existsSync(full)) continue;
    hash.update(file).update('\0').update(fs.readFileSync(full)).update('\0');
  }
  return hash.digest('hex');
}

function isFresh(current = inputsHash()) {
  return Boolean(current) && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === current;
}

function record(current) {
  if (current) fs.writeFileSync(stamp, current);
}

module.exports = { inputsHash, isFresh, record };
