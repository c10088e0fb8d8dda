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
  const def = s.key === 'seedSampleData' ? '`true` (`false` when NODE_ENV=production)' : show(d[s.key]);
  console.log(`| \`${s.env}\` | ${def} | ${s.describe} |`);
}
