/**
 * P7, many tenants: the meeting list (`GET /api/meetings`, first page) and the home dashboard (`GET /api/home`)
 * for one member of one organization with 100 meetings, measured twice under the same autocannon load:
 * first with the database as it is (the seed's and the other benchmarks' few organizations), then after
 * (orgs - 1) more organizations × 100 meetings (2 members each) were bulk-inserted with
 * INSERT ... SELECT generate_series in the bench's own database (not through the API) and ANALYZEd.
 * The report carries EXPLAIN (ANALYZE, BUFFERS) of the list's queries, as the application role under
 * row-level security, captured from the meeting service's own repository (MeetingsRepository).
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import { Client } from 'pg';
import { MeetingStatus } from '@app/contracts';
import { schema as meetingSchema } from '../../services/meeting/src/db/schema';
import type { Tx } from '../../services/meeting/src/db/db';
import { MeetingsRepository } from '../../services/meeting/src/repositories/meetings.repository';
import { MembersRepository } from '../../services/meeting/src/repositories/members.repository';
import { meetingListFilter, type ListRole } from '../../services/meeting/src/rules/visibility';
import type { BenchOptions } from './options';
import type { BenchResult, Row } from './report';
import type { BenchSystem } from './system';
import type { Fixtures } from './fixtures';
import { formatPerUnit, during, perUnit } from './cpu';
import { call, load, type LoadResult } from './http';
import { fmt, fmtRatio, meets, ratio } from './stats';

/** the org's meetings: statuses 1-3 (draft, scheduled, live) around now, owner = the admin; members: owner + the user */
async function insertMeetings(admin: Client, f: { orgIds: string; perOrg: number; ownerId: number; committeeId: number; userId: number }): Promise<void> {
  // orgIds: a SQL expression giving the set of org ids (a VALUES list or a generate_series select)
  await admin.query(
    `with m as (
       insert into meeting.meetings (org_id, title, committee_id, owner_id, status_id, start_at, duration, location)
       select o.id, 'Meeting ' || g, $2, $1, 1 + (g % 3), now() + ((g - $3 / 2) || ' days')::interval, 60, 'Room ' || (g % 7)
       from (${f.orgIds}) o(id) cross join generate_series(1, $3) g
       returning id, org_id)
     insert into meeting.members (org_id, meeting_id, user_id, role, is_owner, attendance)
     select m.org_id, m.id, v.user_id, v.role, v.is_owner, 'Pending'
     from m cross join (values ($1::bigint, 'Editor', true), ($4::bigint, 'Viewer', false)) v(user_id, role, is_owner)`,
    [f.ownerId, f.committeeId, f.perOrg, f.userId],
  );
}

interface Measured {
  list: LoadResult;
  home: LoadResult;
  /** machine CPU per request (ms), the load generator left out, and by process */
  listCpu: ReturnType<typeof perUnit>;
  homeCpu: ReturnType<typeof perUnit>;
}

async function measure(sys: BenchSystem, slug: string, token: string, opts: BenchOptions): Promise<Measured> {
  const headers = { 'x-org': slug, token };
  const c = { connections: opts.connections, duration: opts.duration, headers };
  const pids = Object.fromEntries(sys.services.map((s) => [s.name, s.pid]));
  await load(`${sys.gatewayUrl}/api/meetings`, { ...c, duration: 1 });
  const list = await during(pids, () => load(`${sys.gatewayUrl}/api/meetings`, c));
  await load(`${sys.gatewayUrl}/api/home`, { ...c, duration: 1 });
  const home = await during(pids, () => load(`${sys.gatewayUrl}/api/home`, c));
  return {
    list: list.result,
    home: home.result,
    listCpu: perUnit(list.cpu, list.result.rps * c.duration),
    homeCpu: perUnit(home.cpu, home.result.rps * c.duration),
  };
}

/** "4.1 ms (meeting 1.9 ms, postgres 1.2 ms, ...)" */
const cpuLine = (m: ReturnType<typeof perUnit>) => `${fmt(m.machineMs, 'ms')} (${formatPerUnit(m.byProcess)})`;

/** EXPLAIN (ANALYZE, BUFFERS) of the queries MeetingsRepository runs for the member's list and one home section */
async function explain(sys: BenchSystem, orgId: string, userId: number): Promise<string[]> {
  const captured: Array<{ query: string; params: unknown[] }> = [];
  const client = new Client({ connectionString: sys.env.DATABASE_URL });
  await client.connect();
  const out: string[] = [];
  try {
    const tx = drizzle(client, { schema: meetingSchema, logger: { logQuery: (query, params) => captured.push({ query, params }) } }) as unknown as Tx;
    const repo = new MeetingsRepository();
    const members = new MembersRepository();
    const s = { orgId, tx };
    const begin = async () => {
      await client.query('begin');
      if (sys.env.DATABASE_SET_ROLE) await client.query(`set local role ${sys.env.DATABASE_SET_ROLE}`);
      await client.query(`select set_config('app.org_id', $1, true)`, [orgId]);
    };
    await begin();
    const where = (role: ListRole = 'All') => meetingListFilter({ userId, isAdmin: false, adminCommitteeIds: [], role });
    const page = await repo.list(s, where(), { limit: 10, offset: 0, order: 'desc' });
    await members.membersOf(s, page.rows.map((r) => r.id));
    await repo.agendaCounts(s, page.rows.map((r) => r.id));
    await repo.list(s, where(), { status: MeetingStatus.Scheduled, limit: 10, offset: 0, order: 'asc' });
    const labels = ['list: count', 'list: first page', 'list: members of the page', 'list: agenda counts', 'home: scheduled meetings (count)', 'home: scheduled meetings'];
    for (const [i, q] of captured.entries()) {
      const plan = await client.query(`explain (analyze, buffers, costs off) ${q.query}`, q.params as unknown[]);
      out.push(`${labels[i] ?? `query ${i + 1}`}:`, '', '```sql', q.query, '```', '', '```', ...plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']), '```', '');
    }
    await client.query('rollback');
  } finally {
    await client.end();
  }
  return out;
}

export async function runTenants(sys: BenchSystem, fx: Fixtures, opts: BenchOptions, log: (m: string) => void): Promise<BenchResult> {
  const perOrg = opts.meetingsPerOrg;
  const board = await fx.board('Bench tenants', 3);
  const user = board.members[0];
  const token = await fx.session(board.org.orgId, user.userId);
  const admin = new Client({ connectionString: sys.env.DATABASE_ADMIN_URL });
  await admin.connect();
  try {
    const ownerId = board.org.admin.userId;
    await insertMeetings(admin, { orgIds: `values ('${board.org.orgId}'::uuid)`, perOrg: perOrg - 1, ownerId, committeeId: board.committeeId, userId: user.userId });
    await admin.query('analyze meeting.meetings; analyze meeting.members');
    const sanity = await call(sys.gatewayUrl, 'GET', '/api/meetings', { org: board.org.slug, token });
    if (sanity.status !== 200) throw new Error(`P7: the list answered ${sanity.status}: ${JSON.stringify(sanity.body).slice(0, 300)}`);
    const visible = sanity.body?.meta?.total;
    const count = async () => (await admin.query('select (select count(*) from organization.organizations)::int as orgs, (select count(*) from meeting.meetings)::int as meetings, (select count(*) from meeting.members)::int as members')).rows[0];
    const before = await count();
    log(`P7: the user sees ${visible} meetings; database: ${before.orgs} organizations, ${before.meetings} meetings; measuring`);
    const one = await measure(sys, board.org.slug, token, opts);
    const explainBefore = await explain(sys, board.org.orgId, user.userId);

    const others = opts.orgs - 1;
    log(`P7: bulk-inserting ${others} organizations × ${perOrg} meetings`);
    const t0 = performance.now();
    // in chunks of 500 organizations (50,000 meetings): one statement of a million meetings holds them all in memory
    const CHUNK = 500;
    for (let from = 1; from <= others; from += CHUNK) {
      const to = Math.min(others, from + CHUNK - 1);
      const orgSet = `select md5('bench-org-' || s)::uuid from generate_series(${from}, ${to}) s`;
      await admin.query(`insert into organization.organizations (id, slug, name) select md5('bench-org-' || s)::uuid, 'bench-org-' || s, 'Bench organization ' || s from generate_series(${from}, ${to}) s`);
      await insertMeetings(admin, { orgIds: orgSet, perOrg, ownerId: 1, committeeId: 1, userId: 2 });
      if (to % 2000 === 0 || to === others) log(`P7: ${to} of ${others} organizations inserted (${fmt((performance.now() - t0) / 1000, 's')})`);
    }
    await admin.query('analyze organization.organizations; analyze meeting.meetings; analyze meeting.members');
    const insertS = (performance.now() - t0) / 1000;
    const after = await count();
    log(`P7: ${after.orgs} organizations, ${after.meetings} meetings, ${after.members} members rows (inserted in ${fmt(insertS, 's')}); measuring`);
    const many = await measure(sys, board.org.slug, token, opts);
    const explainAfter = await explain(sys, board.org.orgId, user.userId);

    const failedChecks: string[] = [];
    for (const [k, r] of Object.entries({ 'list (one)': one.list, 'home (one)': one.home, 'list (many)': many.list, 'home (many)': many.home })) {
      if (r.non2xx || r.errors) failedChecks.push(`${k}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
    }
    const listRatio = ratio(many.list.p50, one.list.p50);
    const homeRatio = ratio(many.home.p50, one.home.p50);
    const rows: Row[] = [
      { id: 'P7', work: `meeting list p50, ${after.orgs} orgs / ${after.meetings} meetings`, figure: fmt(many.list.p50, 'ms'), baseline: `${fmt(one.list.p50, 'ms')} at ${before.orgs} orgs`, ratio: fmtRatio(listRatio), goal: '<= 1.2x', met: meets(listRatio, { le: 1.2 }) },
      { id: 'P7', work: `home dashboard p50, ${after.orgs} orgs`, figure: fmt(many.home.p50, 'ms'), baseline: `${fmt(one.home.p50, 'ms')} at ${before.orgs} orgs`, ratio: fmtRatio(homeRatio), goal: '<= 1.2x', met: meets(homeRatio, { le: 1.2 }) },
      { id: 'P7', work: `machine CPU per list request, ${after.orgs} orgs`, figure: fmt(many.listCpu.machineMs, 'ms'), baseline: `${fmt(one.listCpu.machineMs, 'ms')} at ${before.orgs} orgs`, ratio: fmtRatio(ratio(many.listCpu.machineMs, one.listCpu.machineMs)), goal: '(reported)', met: null },
      { id: 'P7', work: `machine CPU per home request, ${after.orgs} orgs`, figure: fmt(many.homeCpu.machineMs, 'ms'), baseline: `${fmt(one.homeCpu.machineMs, 'ms')} at ${before.orgs} orgs`, ratio: fmtRatio(ratio(many.homeCpu.machineMs, one.homeCpu.machineMs)), goal: '(reported)', met: null },
    ];
    return {
      id: 'p7',
      title: 'many tenants',
      rows,
      figures: { perOrg, orgsBefore: before, orgsAfter: after, insertS, visible, one, many, listRatio, homeRatio },
      details: [
        `One member of an organization with ${perOrg} meetings (sees ${visible}); the list's first page and the home dashboard, ${opts.connections} connections × ${opts.duration} s each, after 1 s of warm-up.`,
        `Before: ${before.orgs} organizations, ${before.meetings} meetings, ${before.members} member rows. List p50 ${fmt(one.list.p50, 'ms')} (${fmt(one.list.rps)} req/s), home p50 ${fmt(one.home.p50, 'ms')} (${fmt(one.home.rps)} req/s).`,
        `After bulk-inserting ${others} organizations × ${perOrg} meetings in ${fmt(insertS, 's')} (organization rows, meetings, 2 member rows each; no users, committees or agenda items in the other organizations): ${after.orgs} organizations, ${after.meetings} meetings, ${after.members} member rows. List p50 ${fmt(many.list.p50, 'ms')} (${fmt(many.list.rps)} req/s), home p50 ${fmt(many.home.p50, 'ms')} (${fmt(many.home.rps)} req/s).`,
        `CPU per request (load generator out), list: ${cpuLine(one.listCpu)} at ${before.orgs} organizations, ${cpuLine(many.listCpu)} at ${after.orgs}; home: ${cpuLine(one.homeCpu)}, then ${cpuLine(many.homeCpu)}.`,
        '',
        `### EXPLAIN with ${before.orgs} organizations`,
        '',
        ...explainBefore,
        `### EXPLAIN with ${after.orgs} organizations`,
        '',
        ...explainAfter,
      ],
      failedChecks,
    };
  } finally {
    await admin.end();
  }
}
