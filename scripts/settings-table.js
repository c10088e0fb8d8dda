// Prints the README's configuration table from the plugin's settings list (run after build:plugin).
const { SETTINGS, defaults } = require('../plugins/greeting-cards/dist/server/config/settings');

const d = defaults();
const show = (v) => {
  if (v === '') return '(empty)';
  if (typeof v === 'object') return '`' + JSON.stringify(v) + '`';
  return '`' + String(v) + '`';
};
console.log('| Setting | Default | Meaning |');
console.log('|---|---|---|');
for (const s of SETTINGS) {
  // Defaults that depend on NODE_ENV are spelled out rather than shown as this process sees them.
  const special = {
    seedSampleData: '`true` (`false` when NODE_ENV=production)',
    publicUrl: '`http://localhost:1337` in development and test; required otherwise',
    demoPayments: '`true` in development and test, `false` otherwise',
    rateLimitEnabled: '`true` (`false` when NODE_ENV=test)',
    corsOrigins: "(empty: the public URL's origin)",
  };
  const def = special[s.key] ?? show(d[s.key]);
  console.log(`| \`${s.env}\` | ${def} | ${s.describe} |`);
}
