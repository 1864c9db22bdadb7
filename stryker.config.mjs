// Mutation testing of the pure money and authorization rules (`npm run test:mutation`; not part of `npm test`:
// it takes minutes). The mutants run against the `unit` jest project's tests of these modules only
// (jest.mutation.config.js): their logic is exercised there without DynamoDB (a stubbed client answers their few
// reads).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'jest',
  jest: { projectType: 'custom', configFile: 'jest.mutation.config.js', enableFindRelatedTests: false },
  coverageAnalysis: 'perTest',
  mutate: [
    'functions/core/money.ts',
    'functions/core/auth/access.ts',
    'functions/core/auth/permissions.ts',
    'functions/core/ledger/quotas.ts',
    'functions/core/ledger/transfers.ts',
    'functions/core/idempotency.ts',
  ],
  // A 2-core machine shared with other work: a loaded one stretches a run well past Stryker's default
  // allowance (1.5 × the dry run's time + 5 s), and each timeout restarts a test runner. A mutant that hangs a
  // test fails it at jest's own 5 s timeout (jest.mutation.config.js).
  concurrency: 2,
  timeoutMS: 60_000,
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  thresholds: { high: 95, low: 90, break: 90 },
  tempDirName: '.stryker-tmp',
};
