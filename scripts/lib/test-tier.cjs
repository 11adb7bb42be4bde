/**
 * Which jest tier a test file belongs to, by its name's ending (jest.config.js's testMatch): `.int-spec.ts` int,
 * `.api-spec.ts` api, `.e2e-spec.ts` browser; null for any other file. One rule for the suite order
 * (jest-sequencer.cjs), the split of the api and browser run's report (scripts/test.mjs) and the durations table
 * (scripts/suite-durations.mjs). No dependencies: scripts/test.mjs loads it before `npm ci` has run.
 * @param {string} file
 * @returns {'int' | 'api' | 'browser' | null}
 */
function testTier(file) {
  if (file.endsWith('.int-spec.ts')) return 'int';
  if (file.endsWith('.api-spec.ts')) return 'api';
  if (file.endsWith('.e2e-spec.ts')) return 'browser';
  return null;
}

module.exports = { testTier };
