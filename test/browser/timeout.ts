/**
 * The browser project's setup file (jest.config.js): 120 s per test. A journey signs in and builds its world through
 * the screens, so it needs more than an api test's 30 s; in `npm test` api and browser run in one jest run, whose
 * --testTimeout (30 s) is the api tier's (docs/running.md, "One pool for api and browser"). A file's own
 * jest.setTimeout still wins.
 */
jest.setTimeout(120_000);
