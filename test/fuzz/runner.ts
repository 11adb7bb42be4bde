import fc from 'fast-check';
import { Client } from 'pg';
import { ERRORS, ROUTE_TABLE, type RouteDef } from '@app/contracts';
import { createTestCommittee, createTestOrg, createTestUser, login, rawRequest, testEnv, type ApiAnswer } from '@app/testing';
import { invalidFormRequest, invalidRequest, short, type FuzzRequest } from './derive';
import { extremeRequests, plainRequest } from './extremes';
import { pdfOfSize, pngOfSize, UPLOAD_CASES, uploadRequest, type UploadContext } from './files';

/**
 * The generative fuzz run (docs/how-to-fuzz.md): every route of ROUTE_TABLE, invalid inputs derived from its own
 * schemas, sent as an organization's administrator, as one of its members and as another organization's
 * administrator. Collects the status histogram, the answers outside the catalogue, and the row counts of every
 * tenant table (org_id columns) of both organizations before and after.
 */

const env = testEnv();

/** statuses of the error catalogue (libs/contracts/src/core/errors.ts and each domain's table) below 500, plus success and redirects */
export const CATALOGUE_STATUSES = new Set<number>([200, 201, 204, 302, 303, ...Object.values(ERRORS).map((e) => e.status).filter((s) => s < 500)]);

/** routes a fuzz run leaves out, with the reason (none today: invalid input must never end a session) */
const SKIP = new Set<string>([]);

interface Actor {
  name: string;
  slug: string;
  token: string;
  refresh: () => Promise<string>;
}

export interface FuzzReport {
  requests: number;
  histogram: Record<string, number>;
  /** 5xx answers and statuses outside the catalogue */
  failures: string[];
  /** invalid input answered with a 2xx (the gateway accepted what the route's schema refuses), reads included */
  accepted: string[];
  /** tables whose rows changed for the two organizations during the run: 'schema.table: before -> after' */
  changed: string[];
  routes: number;
  /** requests that were multipart/form-data */
  forms: number;
  tables: number;
  seed: number;
  /** routes of the table the gateway never matched a request to (its `http_request_duration_seconds` has no count for them) */
  unreached: string[];
}

export interface FuzzOptions {
  /** stop after this long (ms) */
  budgetMs: number;
  /** fast-check runs per route and actor in one round */
  runsPerRoute: number;
  seed?: number;
  /** requests in flight at once, from one route's samples (default 1: one after the other) */
  concurrency?: number;
  log?: (line: string) => void;
}

/** fn over every item, at most `n` at a time, in order of start */
async function inParallel<T>(items: readonly T[], n: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    for (let k = next++; k < items.length; k = next++) await fn(items[k]);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(n, items.length)) }, lane));
}

async function tenantTables(db: Client): Promise<string[]> {
  const r = await db.query<{ s: string; t: string }>(
    `SELECT c.table_schema AS s, c.table_name AS t FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
      WHERE c.column_name = 'org_id' AND c.table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
  );
  return r.rows.map((x) => `"${x.s}"."${x.t}"`);
}

async function counts(db: Client, tables: string[], orgIds: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of tables) {
    const r = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${t} WHERE org_id::text = ANY($1)`, [orgIds]);
    out[t] = Number(r.rows[0].n);
  }
  return out;
}

/** event consumers (notification copies of users, activity logs) settle after set-up: wait until nothing moves for 3 s */
async function settledCounts(db: Client, tables: string[], orgIds: string[]): Promise<Record<string, number>> {
  let last = await counts(db, tables, orgIds);
  for (let i = 0; i < 20; i++) {
    await new Promise((r) => setTimeout(r, 1500));
    const now = await counts(db, tables, orgIds);
    if (JSON.stringify(now) === JSON.stringify(last)) {
      await new Promise((r) => setTimeout(r, 1500));
      const again = await counts(db, tables, orgIds);
      if (JSON.stringify(again) === JSON.stringify(now)) return now;
    }
    last = now;
  }
  return last;
}

/**
 * How many requests the gateway matched to each route, by `METHOD path` (its request histogram's `route` label is the
 * route's Express path, 'unmatched' when no route took the request): the proof that a request reached a route, not
 * only that it was sent to a URL that looks like it.
 */
export const routeKey = (method: string, path: string): string => `${method} ${path.length > 1 ? path.replace(/\/$/, '') : path}`;

export async function matchedRoutes(): Promise<Map<string, number>> {
  const text = await (await fetch(`${env.TEST_GATEWAY_URL}/metrics`)).text();
  const out = new Map<string, number>();
  for (const m of text.matchAll(/^http_request_duration_seconds_count\{([^}]*)\} (\d+)/gm)) {
    const labels = Object.fromEntries([...m[1].matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    // Express reports a route declared as '/api/' by the path it registered ('/api'): compared without the trailing slash
    const key = routeKey(labels.method, labels.route);
    out.set(key, (out.get(key) ?? 0) + Number(m[2]));
  }
  return out;
}

function send(actor: Actor, req: FuzzRequest): Promise<ApiAnswer> {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(req.query)) for (const x of Array.isArray(v) ? v : [v]) qs.append(k, x);
  const path = req.url + (qs.size ? `?${qs}` : '');
  const headers: Record<string, string> = { 'x-org': actor.slug, token: actor.token };
  if (req.raw) return rawRequest(env.TEST_GATEWAY_URL, { method: req.method, path, headers: { ...headers, ...req.raw.headers }, body: req.raw.body });
  if (req.body === undefined) return rawRequest(env.TEST_GATEWAY_URL, { method: req.method, path, headers });
  return rawRequest(env.TEST_GATEWAY_URL, { method: req.method, path, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(req.body) });
}

export async function runFuzz(opts: FuzzOptions): Promise<FuzzReport> {
  const log = opts.log ?? (() => undefined);
  const orgA = await createTestOrg(env.NATS_URL);
  const orgB = await createTestOrg(env.NATS_URL);
  const member = await createTestUser(env.NATS_URL, orgA.orgId, { role: 'member' });
  const actor = async (name: string, slug: string, email: string, password: string): Promise<Actor> => {
    const a: Actor = { name, slug, token: '', refresh: async () => (a.token = await login(env.TEST_GATEWAY_URL, slug, email, password)) };
    await a.refresh();
    return a;
  };
  const actors = [
    await actor('admin', orgA.slug, orgA.admin.email, orgA.admin.password),
    await actor('member', orgA.slug, member.email, member.password),
    // another organization's administrator sends the same paths (the ids are organization A's)
    await actor('other-org', orgB.slug, orgB.admin.email, orgB.admin.password),
  ];

  const db = new Client({ connectionString: env.DATABASE_ADMIN_URL });
  await db.connect();
  const report: FuzzReport = { requests: 0, histogram: {}, failures: [], accepted: [], changed: [], routes: 0, forms: 0, tables: 0, seed: opts.seed ?? 42, unreached: [] };
  try {
    const tables = await tenantTables(db);
    report.tables = tables.length;
    const orgIds = [orgA.orgId, orgB.orgId];
    const before = await settledCounts(db, tables, orgIds);

    const routes: RouteDef[] = ROUTE_TABLE.map((r) => r.route).filter((r) => !SKIP.has(`${r.method} ${r.path}`));
    report.routes = routes.length;
    const matchedBefore = await matchedRoutes();
    const deadline = Date.now() + opts.budgetMs;
    let round = 0;
    // the first round always covers every route, whatever the budget; later rounds run while it lasts
    while (round === 0 || Date.now() < deadline) {
      round++;
      for (const route of routes) {
        if (round > 1 && Date.now() >= deadline) break;
        const seed = report.seed + round * 7919 + routes.indexOf(route);
        const samples = fc.sample(invalidRequest(route, routes), { numRuns: opts.runsPerRoute, seed });
        // routes that take multipart/form-data get as many mutated forms
        if (route.upload) samples.push(...fc.sample(invalidFormRequest(route), { numRuns: opts.runsPerRoute, seed: seed + 104_729 }));
        await inParallel(samples.map((req, i) => [i, req] as const), opts.concurrency ?? 1, async ([i, req]) => {
          if (!req) return;
          const who = actors[(i + round) % actors.length];
          let r = await send(who, req);
          // a public route's own 401 is its answer (a wrong sign-in secret); behind a session it means the session ended
          if (r.status === 401 && who.token && route.access !== 'public' && route.access !== 'no-org') {
            // an invalid request must not end a session: note it and sign in again
            report.failures.push(`${who.name} ${req.method} ${req.url} ${req.label} -> 401 (the session ended)`);
            await who.refresh();
            r = await send(who, req);
          }
          report.requests++;
          if (req.label.startsWith('multipart ')) report.forms++;
          report.histogram[r.status] = (report.histogram[r.status] ?? 0) + 1;
          const line = `${who.name} ${req.method} ${req.url.slice(0, 120)} ${req.label} -> ${r.status} ${short(r.body)}`;
          if (r.status >= 500 || !CATALOGUE_STATUSES.has(r.status)) report.failures.push(line);
          else if (r.status < 300) report.accepted.push(line);
        });
      }
      log(`[fuzz] round ${round}: ${report.requests} requests, ${JSON.stringify(report.histogram)}`);
    }

    const matchedAfter = await matchedRoutes();
    report.unreached = routes.map((r) => routeKey(r.method, r.path)).filter((k) => (matchedAfter.get(k) ?? 0) <= (matchedBefore.get(k) ?? 0));

    // anything the invalid requests started (events, jobs) has had time to land before the second count
    const after = await settledCounts(db, tables, orgIds);
    for (const t of tables) if (before[t] !== after[t]) report.changed.push(`${t}: ${before[t]} -> ${after[t]}`);
  } finally {
    await db.end();
  }
  return report;
}

export interface ExtremesReport {
  requests: number;
  histogram: Record<string, number>;
  /** 5xx answers and statuses outside the catalogue */
  failures: string[];
  /** routes that took at least one valid-extremes request */
  routes: number;
  /** the largest files of each upload case (test/fuzz/files.ts) sent */
  uploads: number;
  /** upload cases not answered with a 2xx: a file at the limit the route declares must be taken */
  uploadsRefused: string[];
}

/**
 * The largest file each upload case takes (test/fuzz/files.ts), with fields it accepts, as the organization's
 * administrator: each must be answered with a 2xx (valid input at the limit the route table declares).
 */
async function runLargestUploads(admin: Actor, org: { orgId: string; admin: { userId: number; email: string } }, report: ExtremesReport): Promise<void> {
  const member = await createTestUser(env.NATS_URL, org.orgId, { role: 'member' });
  const committeeId = await createTestCommittee(env.NATS_URL, org.orgId, { admins: [org.admin.email], members: [member.email] });
  const user = await rawRequest(env.TEST_GATEWAY_URL, { method: 'GET', path: `/api/users/${member.userId}`, headers: { 'x-org': admin.slug, token: admin.token } });
  const roleId = (user.body as { data?: { role_id?: number } }).data?.role_id;
  if (user.status !== 200 || typeof roleId !== 'number') throw new Error(`the member's role could not be read: ${user.status} ${short(user.body)}`);
  const ctx: UploadContext = { admin: org.admin, member: { userId: member.userId, email: member.email, roleId }, committeeId };
  // one buffer per size: the library's 50 MiB PDF is built once for its four cases
  const pdfs = new Map<number, Promise<Buffer>>();
  const files = { image: pngOfSize, pdf: (bytes: number) => pdfs.get(bytes) ?? (pdfs.set(bytes, pdfOfSize(bytes)), pdfs.get(bytes)!) };
  for (const c of UPLOAD_CASES) {
    const req = await uploadRequest(c, ctx, files);
    const r = await rawRequest(env.TEST_GATEWAY_URL, { method: req.method, path: req.url, headers: { 'x-org': admin.slug, token: admin.token, 'content-type': req.contentType }, body: req.body, timeoutMs: 120_000 });
    report.uploads++;
    report.histogram[r.status] = (report.histogram[r.status] ?? 0) + 1;
    if (r.status < 200 || r.status >= 300) report.uploadsRefused.push(`${req.method} ${req.url} ${req.label} -> ${r.status} ${short(r.body)}`);
    else c.keep?.((r.body as { data?: unknown }).data, ctx);
  }
}

/**
 * The valid-extremes phase (test/fuzz/extremes.ts): each route's input at the edge of what its schema accepts, sent
 * as a fresh organization's administrator. Valid input may write (it is valid), so it runs in an organization of its
 * own, after the invalid phase has counted its rows.
 */
export async function runExtremes(log: (line: string) => void = () => undefined): Promise<ExtremesReport> {
  const org = await createTestOrg(env.NATS_URL);
  const admin: Actor = { name: 'admin', slug: org.slug, token: '', refresh: async () => (admin.token = await login(env.TEST_GATEWAY_URL, org.slug, org.admin.email, org.admin.password)) };
  await admin.refresh();
  const report: ExtremesReport = { requests: 0, histogram: {}, failures: [], routes: 0, uploads: 0, uploadsRefused: [] };
  await runLargestUploads(admin, org, report);
  // signing out ends the session the rest of the run needs: it goes last
  const last = (r: RouteDef) => (r.path === '/api/logout' ? 1 : 0);
  const routes = ROUTE_TABLE.map((r) => r.route).sort((a, b) => last(a) - last(b));
  for (const route of routes) {
    const requests = extremeRequests(route);
    if (requests.length) report.routes++;
    // a route that takes no input has no edge: its plain request still reaches it (the reach check counts both phases)
    else requests.push(plainRequest(route));
    for (const req of requests) {
      let r: ApiAnswer;
      try {
        r = await send(admin, req);
      } catch (e) {
        report.failures.push(`${req.method} ${req.url.slice(0, 120)} ${req.label} -> ${(e as Error).message}`);
        continue;
      }
      if (r.status === 401 && route.access !== 'public' && route.access !== 'no-org') {
        // a valid request that changed the password or ended the session (a route of the account): sign in again
        await admin.refresh();
        r = await send(admin, req);
      }
      report.requests++;
      report.histogram[r.status] = (report.histogram[r.status] ?? 0) + 1;
      if (r.status >= 500 || !CATALOGUE_STATUSES.has(r.status)) report.failures.push(`${req.method} ${req.url.slice(0, 120)} ${req.label} -> ${r.status} ${short(r.body)}`);
    }
  }
  log(`[fuzz] valid extremes: ${report.requests} requests over ${report.routes} routes, ${report.uploads} largest uploads, ${JSON.stringify(report.histogram)}`);
  return report;
}

export function formatReport(r: FuzzReport): string {
  const hist = Object.entries(r.histogram)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([s, n]) => `  ${s}: ${n}`)
    .join('\n');
  const fivexx = Object.entries(r.histogram).filter(([s]) => Number(s) >= 500).reduce((n, [, c]) => n + c, 0);
  return [
    `fuzz (seed ${r.seed}, FUZZ_SEED to replay): ${r.requests} requests over ${r.routes} routes (${r.forms} multipart forms); ${fivexx} × 5xx; ${r.failures.length} outside the catalogue or 5xx; ${r.accepted.length} invalid requests accepted`,
    `status histogram:\n${hist}`,
    `tenant tables checked: ${r.tables}; rows changed by invalid input: ${r.changed.length ? r.changed.join(', ') : 0}`,
    `routes no invalid request could reach (no input to break; the extremes phase sends them their plain request): ${r.unreached.length ? r.unreached.join(', ') : 0}`,
    ...r.failures.slice(0, 40).map((f) => `FAIL ${f}`),
    ...r.accepted.slice(0, 40).map((f) => `ACCEPTED ${f}`),
  ].join('\n');
}
