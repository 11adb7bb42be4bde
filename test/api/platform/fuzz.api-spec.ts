import { ROUTE_TABLE } from '@app/contracts';
import { formatReport, matchedRoutes, routeKey, runExtremes, runFuzz } from '../../fuzz/runner';
import { UPLOAD_CASES } from '../../fuzz/files';

/**
 * The generative fuzz suite (docs/how-to-fuzz.md, issue 9): every route of the route table, with params, queries and
 * bodies derived from its own schemas and mutated into what the schema refuses, as an administrator, a member and
 * another organization. No 5xx, only catalogue statuses, no invalid write accepted, and not one row of either
 * organization changed. `npm run fuzz -- --minutes 10` runs the same thing longer (FUZZ_MINUTES).
 */
const minutes = Number(process.env.FUZZ_MINUTES ?? '0');
const budgetMs = minutes > 0 ? minutes * 60_000 : Number(process.env.FUZZ_BUDGET_MS ?? 70_000);
/**
 * one route's samples go out this many at a time (the services answer in parallel while one request waits on
 * another's database round trip): about 1.3 times the requests per second on two busy cores, so the tier's 70 s
 * send about as many as the 90 s of one at a time did (docs/how-to-fuzz.md)
 */
const concurrency = Number(process.env.FUZZ_CONCURRENCY ?? 4);

describe('generative fuzz over the route table', () => {
  let matchedBefore = new Map<string, number>();
  beforeAll(async () => {
    matchedBefore = await matchedRoutes();
  });

  it('invalid input never reaches a 5xx, answers from the catalogue, and writes nothing', async () => {
    const report = await runFuzz({
      budgetMs,
      runsPerRoute: minutes > 0 ? 30 : 12,
      seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 100_000,
      concurrency,
      log: minutes > 0 ? (l) => console.log(l) : undefined,
    });
    console.log(formatReport(report));
    expect(report.requests).toBeGreaterThan(report.routes);
    expect(report.failures).toEqual([]);
    expect(report.accepted).toEqual([]);
    expect(report.changed).toEqual([]);
  }, budgetMs + 180_000);

  it('input at the edge of what each schema accepts (longest strings, largest arrays, bounds) never reaches a 5xx; the largest files are taken', async () => {
    const report = await runExtremes();
    console.log(`valid extremes: ${report.requests} requests over ${report.routes} routes, ${report.uploads} largest uploads, ${JSON.stringify(report.histogram)}\n${[...report.failures.slice(0, 40), ...report.uploadsRefused].join('\n')}`);
    expect(report.routes).toBeGreaterThan(50);
    expect(report.failures).toEqual([]);
    // every upload case went out (images: avatar, user photo, logo, news photos; the library's file, its versions; the seal check) and was taken
    expect(report.uploads).toBe(UPLOAD_CASES.length);
    expect(report.uploadsRefused).toEqual([]);
  }, 600_000);

  it('the two phases reached every route of the table (the gateway counts each request by the route it matched)', async () => {
    const after = await matchedRoutes();
    const unreached = ROUTE_TABLE.map(({ route: r }) => routeKey(r.method, r.path)).filter((k) => (after.get(k) ?? 0) <= (matchedBefore.get(k) ?? 0));
    expect(unreached).toEqual([]);
  });
});
