// `npm run lint` runs this: the import rules of .dependency-cruiser.cjs over the plugin's server code
// and the browser editor (no cycles, platform/ imports no area, an area reaches another only through
// its index.ts).
// dependency-cruiser's API, not its CLI: the CLI refuses Node 20, which this project runs on, while the
// API it calls works there.
import { createRequire } from 'node:module';
import { cruise } from 'dependency-cruiser';

const require = createRequire(import.meta.url);
const config = require('../.dependency-cruiser.cjs');
const result = await cruise(['plugins/greeting-cards/server/src', 'plugins/greeting-cards/editor'], {
  ...config.options,
  ruleSet: { forbidden: config.forbidden },
  validate: true,
});
const { violations, totalCruised } = result.output.summary;
for (const v of violations) {
  const via = v.cycle ? `: ${v.cycle.map((step) => step.name ?? step).join(' -> ')}` : '';
  console.error(`${v.rule.name}: ${v.from} -> ${v.to}${via}`);
}
if (violations.length > 0) {
  console.error(`\n${violations.length} import rule(s) broken (rules and why: .dependency-cruiser.cjs)`);
  process.exit(1);
}
console.log(`imports: ${totalCruised} modules, no cycle, platform/ imports no area, areas meet through index.ts only`);
