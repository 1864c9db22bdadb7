/** @type {import('jest').Config} */
const base = { preset: 'ts-jest', testEnvironment: 'node', transform: { '^.+\\.tsx?$': ['ts-jest', { diagnostics: false }] } };
module.exports = {
  projects: [
    { ...base, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.test.ts'] },
    { ...base, displayName: 'infra', testMatch: ['<rootDir>/test/infra/**/*.test.ts'] },
    { ...base, displayName: 'api', testMatch: ['<rootDir>/test/api/**/*.test.ts', '<rootDir>/test/reliability/**/*.test.ts', '<rootDir>/test/conformance/**/*.test.ts'], globalSetup: '<rootDir>/test/support/global-setup.ts', globalTeardown: '<rootDir>/test/support/global-teardown.ts' },
  ],
};
