// One lint command for the whole repository: `npm run lint` (also a tier of `npm test`, right after typecheck).
// Besides style, it guards the architecture (docs/conventions.md "Lint"): no import from one service into
// another (nor between services and web), no import cycles, no error swallowed without a comment saying why.
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import noSilentCatch from './scripts/lint/no-silent-catch.cjs';

const SERVICES = fs.readdirSync(new URL('./services', import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', '.scratch/**', 'web/dist/**', '**/db/migrations/**', 'coverage/**', 'test-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { process: 'readonly', console: 'readonly', __dirname: 'readonly', require: 'readonly', module: 'writable', Buffer: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', URL: 'readonly', fetch: 'readonly', crypto: 'readonly', TextEncoder: 'readonly', TextDecoder: 'readonly', AbortController: 'readonly', AbortSignal: 'readonly', structuredClone: 'readonly' } },
    plugins: { local: { rules: { 'no-silent-catch': noSilentCatch } } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-unsafe-function-type': 'off',
      '@typescript-eslint/no-empty-object-type': 'off',
      '@typescript-eslint/no-require-imports': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
      'preserve-caught-error': 'off',
      'no-useless-assignment': 'off',
    },
  },
  {
    // errors are not swallowed in product code (tests' teardown and dev scripts' probes are best effort by nature)
    files: ['libs/*/src/**/*.{ts,tsx}', 'services/*/src/**/*.{ts,tsx}', 'web/src/**/*.{ts,tsx}'],
    ignores: ['libs/testing/**', '**/*.spec.ts', '**/*.test.{ts,tsx}'],
    rules: { 'local/no-silent-catch': 'error' },
  },
  {
    // config once: only config files (and scripts/tests) read process.env
    files: ['services/**/src/**/*.ts', 'libs/**/src/**/*.ts'],
    ignores: ['**/config.ts', '**/*.spec.ts', 'libs/testing/**'],
    rules: { 'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Parse the environment once in config.ts.' }] },
  },
  {
    // the architecture: services talk over NATS (libs/contracts), never through each other's code; web and
    // services share only @app/contracts; libs never reach up into services or web. Import cycles are refused.
    files: ['libs/**/*.{ts,tsx}', 'services/**/*.{ts,tsx}', 'web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...SERVICES.map((s) => ({
              target: `./services/${s}`,
              from: './services',
              except: [`./${s}`],
              message: 'A service never imports another service: talk over NATS with a message from libs/contracts (docs/conventions.md).',
            })),
            { target: './services', from: './web', message: 'Services never import the web app.' },
            { target: './web', from: './services', message: 'The web imports @app/contracts only, never a service.' },
            { target: './web', from: './libs', except: ['./contracts'], message: 'The web imports @app/contracts only.' },
            { target: './libs', from: ['./services', './web'], message: 'libs/ are below services and web: they never import them.' },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
