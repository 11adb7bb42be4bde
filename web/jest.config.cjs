/** Component tests of the web app (jsdom). Run: npx jest -c web/jest.config.cjs */
const path = require('node:path');

const contracts = path.resolve(__dirname, '../libs/contracts/src');

/** @type {import('jest').Config} */
module.exports = {
  displayName: 'web',
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'mjs', 'cjs', 'json'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    '\\.(css|less|scss)$': 'identity-obj-proxy',
    '\\.(png|jpe?g|gif|svg|pdf|xlsx)(\\?url)?$': '<rootDir>/src/test/file-stub.cjs',
    '^@app/contracts$': contracts,
    '^@app/contracts/(.*)$': `${contracts}/$1`,
  },
  setupFiles: ['<rootDir>/src/test/polyfills.cjs'],
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  // PrimeReact screens render for seconds on two cores shared with other work: jest's 5 s default fails them under load
  testTimeout: 20000,
  clearMocks: true,
  restoreMocks: true,
};
