// One lint command for the whole repository: `npm run lint` (also a tier of `npm test`, right after typecheck).
// Besides style, it guards the architecture (docs/conventions.md "Lint"): no import from one service into
// another (nor between services and web), no import cycles, no error swallowed without a comment saying why.
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import noSilentCatch from './scripts/lint/no-silent-catch.cjs';

const SERVICES = fs.readdirSync(new URL('./services', import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

// Inside a service (docs/conventions.md "Inside a service"): folders below the features (pure rules, repositories,
// read models, event builders, shared kit, schema) never import a feature folder, and a feature folder never imports
// another feature folder; where two need the same thing it moves down. Checked for every service.
const LOWER = new Set(['rules', 'repositories', 'view', 'events', 'common', 'db', 'core', 'pdf', 'templates']);
function layoutZones() {
  const zones = [];
  for (const service of SERVICES) {
    const src = `./services/${service}/src`;
    const dirs = fs.readdirSync(new URL(src, import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    const features = dirs.filter((d) => !LOWER.has(d));
    for (const f of features) {
      const others = features.filter((o) => o !== f).map((o) => `${src}/${o}`);
      if (others.length) zones.push({ target: `${src}/${f}`, from: others, message: `A feature folder of ${service} never imports another feature folder: move what both need down into rules/, repositories/, view/, events/ or common/.` });
    }
    for (const l of dirs.filter((d) => LOWER.has(d))) {
      if (features.length) zones.push({ target: `${src}/${l}`, from: features.map((f) => `${src}/${f}`), message: `${l}/ of ${service} is below the feature folders: it never imports them (an arrow pointing up).` });
    }
  }
  return zones;
}


// libs/platform: http/ (the health controller) sits on top of the connections it probes; the kit below it (bus, db,
// events, queues, storage, process) never imports it. Metrics are a leaf (metrics.ts) that every layer records into.
const PLATFORM = './libs/platform/src';
function platformZones() {
  return [{
    target: ['bus', 'db', 'events', 'queues', 'storage', 'process'].map((d) => `${PLATFORM}/${d}`),
    from: `${PLATFORM}/http`,
    message: 'libs/platform http/ is above the kit it probes: bus, db, events, queues, storage and process never import it (an arrow pointing up).',
  }];
}

// libs/contracts: core/ (definitions, validation, the error registry and AppError) is below the domains; each domain
// registers its own error table into core (docs/conventions.md "Errors"). So core never imports a domain folder nor the
// package's root files (index.ts, routes.ts), and a domain never imports those root files (they gather every domain).
const CONTRACTS = './libs/contracts/src';
function contractsZones() {
  const dirs = fs.readdirSync(new URL(CONTRACTS, import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  const roots = fs.readdirSync(new URL(CONTRACTS, import.meta.url)).filter((f) => /\.ts$/.test(f) && !/\.spec\.ts$/.test(f)).map((f) => `${CONTRACTS}/${f}`);
  return [
    {
      target: `${CONTRACTS}/core`,
      from: CONTRACTS,
      except: ['./core'],
      message: 'libs/contracts core/ is below the domains: it never imports a domain folder or the package root (a domain registers its error table into core with registerErrors).',
    },
    ...dirs.filter((d) => d !== 'core').map((d) => ({
      target: `${CONTRACTS}/${d}`,
      from: roots,
      message: `libs/contracts ${d}/ never imports the package's root files (index.ts, routes.ts gather every domain): import from core/ or the domain's own files.`,
    })),
  ];
}

// bare `status` is left out: numeric `status` here is an HTTP status (`res.status === 401`); a meeting's `status`
// object is caught through its `status.id`
const STATUS_FIELD = '/^(statusId|status_id|meetingStatusId|meeting_status_id|meetingStatus|meeting_status)$/';
const STATUS_MESSAGE = 'Compare statuses through the MeetingStatus constants (libs/contracts meeting.constants), not numeric literals.';
/** a numeric literal compared with `x.status...` or a bare `status...` identifier, in either order; `[1, 2].includes(x.statusId)`; `inArray(t.statusId, [1, 2])` */
function statusLiteralSelectors() {
  const field = (side) => [
    `${side}.type=MemberExpression][${side}.property.name=${STATUS_FIELD}`,
    `${side}.type=Identifier][${side}.name=${STATUS_FIELD}`,
    `${side}.type=MemberExpression][${side}.property.name='id'][${side}.object.property.name=/^(status|meeting_status)$/`,
  ];
  const out = [];
  for (const [f, lit] of [['left', 'right'], ['right', 'left']]) {
    for (const sel of field(f)) {
      out.push({ selector: `BinaryExpression[operator=/^([!=]==?|[<>]=?)$/][${sel}][${lit}.type=Literal][${lit}.raw=/^[0-9]/]`, message: STATUS_MESSAGE });
    }
  }
  out.push({ selector: `SwitchStatement[discriminant.property.name=${STATUS_FIELD}] > SwitchCase > Literal.test[raw=/^[0-9]/]`, message: STATUS_MESSAGE });
  out.push({ selector: `CallExpression[callee.property.name='includes'][callee.object.type=ArrayExpression]:has(> MemberExpression.arguments[property.name=${STATUS_FIELD}])`, message: STATUS_MESSAGE });
  out.push({ selector: `CallExpression[callee.name='inArray']:has(> MemberExpression.arguments[property.name=${STATUS_FIELD}]) > ArrayExpression > Literal[raw=/^[0-9]/]`, message: STATUS_MESSAGE });
  return out;
}

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
    // status ids only through MeetingStatus (libs/contracts meeting.constants): no numeric literal compared
    // with a status field, nor a list of numbers checked against one
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.api-spec.ts', '**/*.e2e-spec.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': ['error', ...statusLiteralSelectors()],
    },
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
            ...layoutZones(),
            ...platformZones(),
            ...contractsZones(),
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
