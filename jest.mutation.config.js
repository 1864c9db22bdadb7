/** @type {import('jest').Config} */
// The jest run of `npm run test:mutation` (stryker.config.mjs): the `unit` project's tests of the modules it
// mutates, alone (a config naming `projects` would start the API project's platform for every run).
const { projects } = require('./jest.config');

module.exports = {
  ...projects.find((project) => project.displayName === 'unit'),
  // A mutant that leaves a promise pending fails its test fast instead of timing the runner out (a restart).
  testTimeout: 5_000,
  testMatch: ['authorization-rules', 'ledger-rules', 'idempotency-rules', 'money-engine'].map(
    (name) => `<rootDir>/test/unit/${name}.test.ts`,
  ),
};
