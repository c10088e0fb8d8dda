// Rewrites the configuration table in docs/configuration.md from the plugin's setting records (run after build:plugin).
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');

const readmePath = path.resolve(__dirname, '../docs/configuration.md');
const table = execFileSync(process.execPath, [path.join(__dirname, 'settings-table.js')], { encoding: 'utf8' });
const readme = fs.readFileSync(readmePath, 'utf8');
const updated = readme.replace(
  /<!-- settings:start -->[\s\S]*<!-- settings:end -->/,
  `<!-- settings:start -->\n${table}<!-- settings:end -->`,
);
fs.writeFileSync(readmePath, updated);
console.log(
  updated === readme
    ? 'docs/configuration.md settings table already up to date'
    : 'docs/configuration.md settings table updated',
);
