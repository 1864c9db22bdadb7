// Mutation testing of the pure money and authorization rules (`npm run test:mutation`; not part of `npm test`:
// it takes minutes). The mutants run against the `unit` jest project's tests of these modules only (the
// whole project's dry run outlasts Stryker's 5 minutes on a shared 2-core machine): their logic is exercised
// there without DynamoDB (a stubbed client answers their few reads).
import { createRequire } from 'node:module';

const jest = createRequire(import.meta.url)('./jest.config.js');
const unit = jest.projects.find((project) => project.displayName === 'unit');

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'jest',
  jest: {
    projectType: 'custom',
    config: {
      ...unit,
      testTimeout: jest.testTimeout,
      testMatch: ['authorization-rules', 'ledger-rules', 'idempotency-rules', 'money-engine'].map((name) => `<rootDir>/test/unit/${name}.test.ts`),
    },
    enableFindRelatedTests: false,
  },
  coverageAnalysis: 'perTest',
  mutate: [
    'functions/core/money.ts',
    'functions/core/auth/access.ts',
    'functions/core/auth/permissions.ts',
    'functions/core/ledger/quotas.ts',
    'functions/core/ledger/transfers.ts',
    'functions/core/idempotency.ts',
  ],
  // A 2-core machine shared with other work.
  concurrency: 2,
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  thresholds: { high: 95, low: 90, break: 90 },
  tempDirName: '.stryker-tmp',
};
