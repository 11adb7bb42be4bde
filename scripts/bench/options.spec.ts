import { parseOptions, UsageError } from './options';

describe('bench options', () => {
  it.each([
    [[], ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9', 'p10']],
    [['secret', 'votes'], ['p2', 'p9']],
    [['search', 'p10'], ['p10']],
    [['p5', 'book'], ['p4', 'p5']],
    [['viewers', 'votes'], ['p2', 'p3']],
    [['live', '--channels', '50'], ['p8']],
    [['votes'], ['p2']],
    [['tenants', 'request'], ['p1', 'p7']],
    [['p6', 'email'], ['p6']],
    [['--quick', 'P2'], ['p2']],
  ])('%j selects %j', (argv, only) => {
    expect(parseOptions(argv, {}).only).toEqual(only);
  });

  it.each([
    [[], { voters: 1000, viewers: 10_000, emails: 10_000, orgs: 10_000, channels: 5000, duration: 10, quick: false, files: 1000 }],
    [['p10', '--files', '300'], { files: 300 }],
    [['--quick'], { voters: 100, viewers: 300, emails: 1000, orgs: 100, duration: 3, quick: true }],
    [['p3', '--viewers', '500'], { viewers: 500 }],
    [['--voters', '400'], { voters: 400 }],
    [['--voters=250', '--emails=5000', '--orgs', '10', '--duration', '5'], { voters: 250, emails: 5000, orgs: 10, duration: 5 }],
  ])('%j gives %j', (argv, expected) => {
    expect(parseOptions(argv, {})).toMatchObject(expected);
  });

  it.each([
    [['slides'], /unknown benchmark slides/],
    [['--viewers', '1'], /--viewers must be a whole number from 2/],
    [['--fast'], /unknown option --fast/],
    [['--voters', '1'], /--voters must be a whole number from 2/],
    [['--voters', 'many'], /--voters must be a whole number/],
    [['--voters'], /got nothing/],
  ])('%j is refused', (argv, message) => {
    expect(() => parseOptions(argv, {})).toThrow(UsageError);
    expect(() => parseOptions(argv, {})).toThrow(message);
  });

  it.each([
    [{ BENCH_DATABASE: 'boardroom_bench_x', BENCH_REDIS_DB: '3', BENCH_LOG_LEVEL: 'warn' }, { database: 'boardroom_bench_x', redisDb: 3, logLevel: 'warn' }],
    [{}, { database: 'boardroom_bench', redisDb: 15, logLevel: 'info' }],
  ])('environment %j', (env, expected) => {
    expect(parseOptions([], env)).toMatchObject(expected);
  });

  it.each([[{ BENCH_DATABASE: 'bench; drop' }], [{ BENCH_REDIS_DB: '16' }]])('environment %j is refused', (env) => {
    expect(() => parseOptions([], env)).toThrow(UsageError);
  });
});
