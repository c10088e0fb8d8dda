/** Integration tests boot a real Strapi from dist/ (host) and plugins/greeting-cards/dist (plugin). */

// With --coverage, jest measures the plugin's server code: the TypeScript the unit tests import,
// and the built JavaScript (dist/server) that the Strapi in the integration tests loads. CI's report
// (scripts/ci-report.js) merges the SQLite and PostgreSQL runs' data.
//
// Istanbul's (babel) instrumentation by default. V8's own coverage (COVERAGE_PROVIDER=v8) ran a file
// faster (tests/orders/cart.test.ts: 19 s plain, 28 s instrumented, 21 s with V8), but jest keeps every
// test file's V8 data, sources included, in the main process until the run ends (jest issue 14287), and
// our suite runs in band with a Strapi per file in that same process: a CI pass of 134 files with V8
// coverage never wrote its report. Istanbul's counters merge as each file ends. CI halves the cost
// instead by measuring each file on one database only (tests/helpers/lane-sequencer.js). The two
// providers count differently (V8 lines and the branches it saw; istanbul every statement and branch
// arm), so their figures are not comparable.
const coverageProvider = process.env.COVERAGE_PROVIDER === 'v8' ? 'v8' : 'babel';
// The plugin's files whose coverage is measured, and those left out of them.
const measured = [
  'plugins/greeting-cards/dist/server/**/*.js',
  'plugins/greeting-cards/server/src/**/*.ts',
  '!**/*.test.ts',
  '!**/*.d.ts',
  // With istanbul: its functions run inside Chromium (page.evaluate sends their source), and the
  // counters would go with them and fail there, where the counter object does not exist. V8's
  // coverage adds nothing to the code, so it can count this file.
  ...(coverageProvider === 'babel'
    ? ['!plugins/greeting-cards/{dist/server,server/src}/platform/providers/renderer/puppeteer-renderer.{js,ts}']
    : []),
];
// GC_COVERAGE_UNTESTED=off: the run reports the files it loaded only, not also every measured file it
// never loaded (at 0 %). Jest lists those from collectCoverageFrom after the last test file, by their
// own path: the integration tests load the built plugin (dist/server), whose counters reach server/src
// only later, through its source maps, so every TypeScript source counts as never loaded, and jest
// instruments and parses all 600-odd of them again. Measured on a one-file run, 11 s of CPU with jest's
// cache warm, 19 s cold, against 2 s without the list. CI lists them in one run only (.ci/run): the
// merged report then has the same totals (each file's zero entries come from that run), and more of
// the hits: a run that lists merges the zero entries and the mapped hits of a file, whose statements
// are placed differently, and loses some (six database files measured twice: 8,941 statements covered
// of 31,933 merged over two listing runs, 9,303 of the same 31,933 when one of them did not list).
// Without the list, the ignore patterns below pick the same files as the list does.
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const listUntested = process.env.GC_COVERAGE_UNTESTED !== 'off';
const measuredAsPatterns = [
  '/node_modules/',
  `^(?!${escape(__dirname)}/plugins/greeting-cards/(dist/server|server/src)/)`,
  '\\.d\\.ts$',
  ...(coverageProvider === 'babel'
    ? ['/plugins/greeting-cards/(dist/server|server/src)/platform/providers/renderer/puppeteer-renderer\\.(js|ts)$']
    : []),
];
module.exports = {
  // One context per process and node_modules evaluated once per process, not once per file (a Strapi
  // boot: three seconds to one); GC_SHARED_MODULES=off for jest's own. See the two files.
  testEnvironment: '<rootDir>/tests/helpers/shared-environment.js',
  // The host finds the plugin by its package name, a workspace link in node_modules. Resolved through
  // the link, a checkout whose node_modules is another's (CI's PostgreSQL lane runs from a copy) would
  // run the other checkout's plugin, outside this root and its coverage; mapped, it is always this
  // checkout's.
  moduleNameMapper: { '^strapi-plugin-greeting-cards(/.*)?$': '<rootDir>/plugins/greeting-cards$1' },
  runtime: '<rootDir>/tests/helpers/shared-runtime.js',
  // Every module runs inside a vm context, where a lookup of a global goes through the context's property
  // interceptors: on Node 20 about 0.2 us each, against a few ns in plain Node. `Math` in a loop over a
  // picture's bytes (tests/helpers/png.ts decoding a 1280 x 800 screenshot: 600 ms instead of 30; the
  // admin's screenshot test spent 58 of its 110 s there) is handed to each module as a parameter of its
  // wrapper instead, as jest documents for this option. No module declares a `Math` of its own (that
  // would clash with the parameter), and nothing replaces the global one. Injecting JSON, Object, Array
  // and the other built-ins as well made no difference to the database files (measured) and some
  // packages declare their own `Buffer` or `isNaN`, so only Math is.
  sandboxInjectedGlobals: ['Math'],
  roots: ['<rootDir>/tests', '<rootDir>/plugins/greeting-cards/server/src'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest'] },
  coverageProvider,
  collectCoverageFrom: listUntested ? measured : [],
  // The same in either case: jest keys its transform cache by the project's configuration, this
  // included (collectCoverageFrom is not), so CI's runs with and without the list share instrumented code.
  coveragePathIgnorePatterns: measuredAsPatterns,
  globalSetup: '<rootDir>/tests/helpers/global-setup.js',
  globalTeardown: '<rootDir>/tests/helpers/global-teardown.js',
  testSequencer: '<rootDir>/tests/helpers/lane-sequencer.js',
  // Anchored: a bare '.tmp' pattern would also hide everything under /tmp/.
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/\\.tmp/', '<rootDir>/dist/'],
  modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/\\.tmp/', '<rootDir>/plugins/greeting-cards/dist/'],
  // A Strapi boot takes 20 to 30 s alone, but the first files of CI's three runs boot while the admin
  // panel builds and the install test runs beside them: there, boots of over 100 s were measured and one
  // passed the two-minute mark (2026-11-29). A hung step still fails, four minutes later.
  testTimeout: 240000,
  // A boot that passes the hook's limit goes on in the background with no handle to stop it (the test's
  // afterAll has no app): in CI such a run printed its results and then never exited (2026-11-29).
  // Results and coverage are written before jest exits, so ending the process then loses nothing.
  forceExit: true,
};
