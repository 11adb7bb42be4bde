// One lint command for the whole repository: `npm run lint`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';


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
);
