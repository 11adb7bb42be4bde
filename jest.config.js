/**
 * Jest projects (tiers). `npm test` (scripts/test.mjs) runs them in order with the right set-up:
 *   unit     **\/*.spec.ts under libs/ services/ scripts/ test/fuzz/   pure rules, no infrastructure
 *   web      web/jest.config.cjs (jsdom), when the file exists
 *   int      services/*\/test/**\/*.int-spec.ts, libs/*\/test/**\/*.int-spec.ts   real PostgreSQL, NATS, Redis, S3
 *   api      test/api/**\/*.api-spec.ts        black-box HTTP through the running gateway (TEST_GATEWAY_URL)
 *   browser  test/browser/**\/*.e2e-spec.ts    headless Chromium journeys against the running system
 * A developer can run one directly, e.g. `npx jest --selectProjects unit` (int/api/browser need the
 * infrastructure / running system that `npm test -- --only int` sets up).
 */
const fs = require('node:fs');
const path = require('node:path');

const swcrc = JSON.parse(fs.readFileSync(path.join(__dirname, '.swcrc'), 'utf8'));
delete swcrc.$schema;
const swc = {
  ...swcrc,
  swcrc: false,
  sourceMaps: 'inline',
  jsc: {
    ...swcrc.jsc,
    parser: { syntax: 'typescript', decorators: true, dynamicImport: true },
    transform: { ...(swcrc.jsc && swcrc.jsc.transform), legacyDecorator: true, decoratorMetadata: true },
  },
  module: { type: 'commonjs' },
};

const base = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swc] },
  moduleFileExtensions: ['ts', 'js', 'json'],
  moduleNameMapper: {
    '^@app/(contracts|platform|testing)$': '<rootDir>/libs/$1/src',
    '^@app/(contracts|platform|testing)/(.*)$': '<rootDir>/libs/$1/src/$2',
  },
  // Nest 12 (and a few of its dependencies) ship ESM only; Jest on Node 20 cannot require(esm), so swc compiles them to CommonJS too.
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs|file-type|strtok3|token-types|peek-readable|@tokenizer|uint8array-extras|load-esm|@scure|@noble|openid-client|oauth4webapi|jose|oidc-provider)/)'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/\\.data/'],
  modulePathIgnorePatterns: ['<rootDir>/\\.data/', '<rootDir>/web/dist/', '<rootDir>/dist/', '<rootDir>/\\.scratch/'],
};

const projects = [
  {
    ...base,
    displayName: 'unit',
    testMatch: ['<rootDir>/libs/**/*.spec.ts', '<rootDir>/services/**/*.spec.ts', '<rootDir>/scripts/**/*.spec.ts', '<rootDir>/load-tests/**/*.spec.ts', '<rootDir>/test/fuzz/**/*.spec.ts'],
  },
  {
    ...base,
    displayName: 'int',
    testMatch: ['<rootDir>/services/*/test/**/*.int-spec.ts', '<rootDir>/libs/*/test/**/*.int-spec.ts'],
  },
  { ...base, displayName: 'api', testMatch: ['<rootDir>/test/api/**/*.api-spec.ts'] },
  // 120 s per browser test, also when it runs in one jest run with api (--testTimeout=30000 there): test/browser/timeout.ts
  { ...base, displayName: 'browser', testMatch: ['<rootDir>/test/browser/**/*.e2e-spec.ts'], setupFilesAfterEnv: ['<rootDir>/test/browser/timeout.ts'] },
];
if (fs.existsSync(path.join(__dirname, 'web/jest.config.cjs'))) projects.splice(1, 0, '<rootDir>/web/jest.config.cjs');

/** @type {import('jest').Config} */
module.exports = {
  projects,
  // longest suites first, from the measured table test/suite-durations.json (docs/running.md, "Suite order"): without
  // it a fresh clone orders by file size and the api tier's longest suites, small files, started last
  testSequencer: path.join(__dirname, 'scripts/lib/jest-sequencer.cjs'),
};
