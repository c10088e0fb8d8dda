/** Integration tests boot a real Strapi from dist/ (host) and plugins/greeting-cards/dist (plugin). */

// With --coverage, jest measures the plugin's server code: the TypeScript the unit tests import,
// and the built JavaScript (dist/server) that the Strapi in the integration tests loads. CI's report
// (scripts/ci-report.js) merges the SQLite and PostgreSQL runs' data.
//
// V8's own coverage by default: istanbul's (babel) instrumentation made a test file about 45 % slower
// (tests/orders/cart.test.ts: 19 s plain, 28 s instrumented, 21 s with V8, one run each on a busy
// 2-core machine), and the instrumented SQLite pass was CI's longest phase. The two count differently
// (V8 counts lines and the branches it saw taken or not; istanbul every statement and branch arm), so
// their figures are not comparable: COVERAGE_PROVIDER=babel gives istanbul's figures.
const coverageProvider = process.env.COVERAGE_PROVIDER === 'babel' ? 'babel' : 'v8';
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/tests', '<rootDir>/plugins/greeting-cards/server/src'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest'] },
  coverageProvider,
  collectCoverageFrom: [
    'plugins/greeting-cards/dist/server/**/*.js',
    'plugins/greeting-cards/server/src/**/*.ts',
    '!**/*.test.ts',
    '!**/*.d.ts',
    // With istanbul: its functions run inside Chromium (page.evaluate sends their source), and the
    // counters would go with them and fail there, where the counter object does not exist. V8's
    // coverage adds nothing to the code, so it can count this file.
    ...(coverageProvider === 'babel' ? ['!plugins/greeting-cards/{dist/server,server/src}/providers/renderer/puppeteer-renderer.{js,ts}'] : []),
  ],
  globalSetup: '<rootDir>/tests/helpers/global-setup.js',
  globalTeardown: '<rootDir>/tests/helpers/global-teardown.js',
  testSequencer: '<rootDir>/tests/helpers/lane-sequencer.js',
  // Anchored: a bare '.tmp' pattern would also hide everything under /tmp/.
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/\\.tmp/', '<rootDir>/dist/'],
  modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/\\.tmp/', '<rootDir>/plugins/greeting-cards/dist/'],
  testTimeout: 120000,
};
