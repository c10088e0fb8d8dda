// The import rules of the plugin's server code (docs/code-layout.md), checked by `npm run lint`
// through scripts/check-imports.mjs. Type-only imports count: a cycle of types is still a cycle a
// reader has to untangle.
const SRC = '^plugins/greeting-cards/server/src/';
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'No module imports itself through others (the server code and the browser editor).',
      severity: 'error',
      from: { path: '^plugins/greeting-cards/(server/src|editor)/' },
      to: { circular: true },
    },
    {
      name: 'platform-imports-no-area',
      comment: 'platform/ is what every area uses: it imports no area.',
      severity: 'error',
      from: { path: `${SRC}platform/` },
      to: { path: `${SRC}areas/` },
    },
    {
      name: 'platform-imports-no-root',
      comment: "platform/ does not reach up to the plugin's root files (index, register, bootstrap, the area list).",
      severity: 'error',
      from: { path: `${SRC}platform/` },
      to: { path: `${SRC}[^/]+\\.ts$` },
    },
    {
      name: 'area-through-index',
      comment: "An area reaches another area only through that area's index.ts.",
      severity: 'error',
      from: { path: `${SRC}areas/([^/]+)/` },
      to: { path: `${SRC}areas/[^/]+/`, pathNot: [`${SRC}areas/$1/`, `${SRC}areas/[^/]+/index\\.ts$`] },
    },
    {
      name: 'area-imports-no-root',
      comment: "Areas do not reach up to the plugin's root files.",
      severity: 'error',
      from: { path: `${SRC}areas/` },
      to: { path: `${SRC}[^/]+\\.ts$`, pathNot: [`${SRC}types\\.ts$`] },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsConfig: { fileName: 'plugins/greeting-cards/tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};
