import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * The layout rules of eslint.config.mjs (layoutZones, contractsZones): inside a service, lower folders never import a
 * feature folder and feature folders never import each other; in libs/contracts, core/ never imports a domain or the
 * package root, and a domain never imports the root files. Planted imports are linted as if they were files of the
 * meeting service or of libs/contracts.
 */
const ROOT = path.resolve(__dirname, '../..');
const ESLINT = path.join(ROOT, 'node_modules/eslint/bin/eslint.js');

/** eslint as `npm run lint` runs it (its ESM config cannot load inside jest), the code given as the named file */
function layoutErrors(file: string, code: string): string[] {
  const r = spawnSync(process.execPath, [ESLINT, '--format', 'json', '--stdin', '--stdin-filename', path.join(ROOT, file)], { cwd: ROOT, input: code, encoding: 'utf8' });
  const [result] = JSON.parse(r.stdout) as { messages: { ruleId: string | null; message: string }[] }[];
  return result.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('the layout lint rule', () => {
  jest.setTimeout(60_000);
  it.each<[string, string, string, RegExp | null]>([
    ['a rule importing a feature (arrow up)', 'services/meeting/src/rules/planted.ts', "../decisions/decisions.handlers", /rules\/ of meeting is below the feature folders/],
    ['a feature importing another feature', 'services/meeting/src/actions/planted.ts', "../decisions/decisions.handlers", /A feature folder of meeting never imports another feature folder/],
    ['a feature importing a rule (arrow down)', 'services/meeting/src/actions/planted.ts', '../rules/vote-gate', null],
    // libs/contracts (contractsZones): core is below the domains, the root files gather them all
    ['contracts core importing a domain', 'libs/contracts/src/core/planted.ts', '../meeting/meeting.errors', /libs\/contracts core\/ is below the domains/],
    ['contracts core importing the package root', 'libs/contracts/src/core/planted.ts', '../index', /libs\/contracts core\/ is below the domains/],
    ['a contracts domain importing the route table', 'libs/contracts/src/meeting/planted.ts', '../routes', /libs\/contracts meeting\/ never imports the package's root files/],
    ['a contracts domain importing core (arrow down)', 'libs/contracts/src/meeting/planted.ts', '../core/errors', null],
  ])('%s', (_name, file, from, expected) => {
    const errors = layoutErrors(file, `import * as x from '${from}';\nexport const y = x;\n`);
    if (expected) {
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(expected);
    } else {
      expect(errors).toEqual([]);
    }
  });
});
