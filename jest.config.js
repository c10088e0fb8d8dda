/** Integration tests boot a real Strapi from dist/ (host) and plugins/greeting-cards/dist (plugin). */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/tests', '<rootDir>/plugins/greeting-cards/server/src'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest'] },
  globalSetup: '<rootDir>/tests/helpers/global-setup.js',
  globalTeardown: '<rootDir>/tests/helpers/global-teardown.js',
  // Anchored: a bare '.tmp' pattern would also hide everything under /tmp/.
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/\\.tmp/', '<rootDir>/dist/'],
  modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/\\.tmp/', '<rootDir>/plugins/greeting-cards/dist/'],
  testTimeout: 120000,
};
