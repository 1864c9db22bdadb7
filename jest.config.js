/** @type {import('jest').Config} */
// middy is ESM only: its modules are transformed to CommonJS like our own TypeScript (docs/architecture.md, Pins). So
// are the ESM-only packages openapi-typescript's CommonJS build requires (the client's drift test runs it).
const ESM_ONLY = ['@middy', 'parse-json', 'index-to-position', 'change-case', 'supports-color'].join('|');
const esm = [
  'ts-jest',
  { diagnostics: false, tsconfig: { allowJs: true, module: 'commonjs', target: 'ES2022', esModuleInterop: true } },
];
const base = {
  preset: 'ts-jest',
  testEnvironment: 'node',
  transform: { '^.+\\.tsx?$': ['ts-jest', { diagnostics: false }], [`/node_modules/(${ESM_ONLY})/.+\\.js$`]: esm },
  // A file in node_modules is left as it is unless its own package (the one nearest to it) is ESM only.
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY})/)(@[^/]+/)?[^/]+/(?!node_modules/)`],
  // The client's examples import it by its package name, as an application would (tsconfig.json paths).
  moduleNameMapper: { '^@payments-platform/client$': '<rootDir>/clients/typescript/src/index.ts' },
  // Stryker's sandboxes (npm run test:mutation) hold a copy of the tests and sources.
  modulePathIgnorePatterns: ['<rootDir>/.stryker-tmp/'],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/.stryker-tmp/'],
};
module.exports = {
  // A global option (a project's own testTimeout is ignored): API tests and their hooks share one local platform on
  // 2 cores, where jest's 5 s default measures the machine's load, not the code.
  testTimeout: 30_000,
  projects: [
    {
      ...base,
      displayName: 'unit',
      testMatch: ['<rootDir>/test/unit/**/*.test.ts', '<rootDir>/clients/typescript/test/**/*.test.ts'],
    },
    { ...base, displayName: 'infra', testMatch: ['<rootDir>/test/infra/**/*.test.ts'] },
    // Each journey page starts a platform of its own (test/journeys/journeys.test.ts), none of global-setup's.
    { ...base, displayName: 'journeys', testMatch: ['<rootDir>/test/journeys/**/*.test.ts'] },
    {
      ...base,
      displayName: 'api',
      testMatch: [
        '<rootDir>/test/api/**/*.test.ts',
        '<rootDir>/test/reliability/**/*.test.ts',
        '<rootDir>/test/conformance/**/*.test.ts',
        '<rootDir>/test/browser/**/*.test.ts',
      ],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};
