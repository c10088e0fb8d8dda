/** Integration tests boot a real Strapi from dist/ (host) and plugins/greeting-cards/dist (plugin). */

// With --coverage, jest instruments the plugin's server code: the TypeScript the unit tests import,
// and the built JavaScript (dist/server) that the Strapi in the integration tests loads. CI's report
// (scripts/ci-report.js) merges the SQLite and PostgreSQL runs' data.
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/tests', '<rootDir>/plugins/greeting-cards/server/src'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest'] },
  coverageProvider: 'babel',
  collectCoverageFrom: [
    'plugins/greeting-cards/dist/server/**/*.js',
    'plugins/greeting-cards/server/src/**/*.ts',
    '!**/*.test.ts',
    '!**/*.d.ts',
    // Its functions run inside Chromium (page.evaluate sends their source): istanbul's counters would
    // go with them and fail there, where the counter object does not exist.
    '!plugins/greeting-cards/{dist/server,server/src}/providers/renderer/puppeteer-renderer.{js,ts}',
  ],
  globalSetup: '<rootDir>/tests/helpers/global-setup.js',
  globalTeardown: '<rootDir>/tests/helpers/global-teardown.js',
  testSequencer: '<rootDir>/tests/helpers/lane-sequencer.js',
  // Anchored: a bare '.tmp' pattern would also hide everything under /tmp/.
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/\\.tmp/', '<rootDir>/dist/'],
  modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/\\.tmp/', '<rootDir>/plugins/greeting-cards/dist/'],
  testTimeout: 120000,
};
