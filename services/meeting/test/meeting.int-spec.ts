/**
 * The meeting service in-process against real PostgreSQL, NATS (JetStream) and Redis, with the real
 * organization service beside it (its own process): row-level security on every meeting table, events on
 * JetStream with their recipients, and concurrent votes over NATS counted in the database itself.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { Client, type PoolClient } from 'pg';
import { sql } from 'drizzle-orm';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import {
  AddComment, AddMembers, CastVote, GetBallots, GetDecision, MM, CreateAction, GiveProxy, ChangeMeetingStatus, CreateDecision, CreateMeeting, CreateTalkingPoint, GetMeeting, JoinVirtual, ListMeetings, MeetingChanged, SetDecisionFulfilled, SYSTEM_ACTOR, type Actor, type VoteResult,
} from '@app/contracts';
import { createHash, createHmac } from 'node:crypto';
import { Bus, Db, Prepared, SecretBox } from '@app/platform';
import { MeetingDb } from '../src/db/db';
import { RoomSecretsRepository } from '../src/repositories/room-secrets.repository';
import { RoomSecrets } from '../src/virtual/room-secrets';
import { createTestCommittee, createTestOrg, createTestUser, openEvent, requireConcurrentDatabase, startServiceProcess, testEnv, uniqueSlug, type ServiceProcess } from '@app/testing';
import { MeetingModule } from '../src/app.module';
import { loadMeetingConfig } from '../src/config';
import { meetings } from '../src/db/schema';
import { VoteBatcher } from '../src/decisions/vote-batcher';
import { BundleRepository } from '../src/repositories/bundle.repository';
import { AgendaRepository } from '../src/repositories/agenda.repository';
import { DecisionsRepository } from '../src/repositories/decisions.repository';
import { ActionsRepository } from '../src/repositories/actions.repository';
import { CommentsRepository } from '../src/repositories/comments.repository';
import { RecordsRepository } from '../src/repositories/records.repository';
import { AccessRepository } from '../src/repositories/access.repository';
import { MeetingsRepository } from '../src/repositories/meetings.repository';
import { MembersRepository } from '../src/repositories/members.repository';
import { ProxiesRepository } from '../src/repositories/proxies.repository';
import { ConflictsRepository } from '../src/repositories/conflicts.repository';
import { MeetingView } from '../src/view/meeting-view';
import { MeetingAccess } from '../src/common/meeting-access';

jest.setTimeout(120_000);
const env = testEnv();

const pad = (n: number) => String(n).padStart(2, '0');
const local = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} 10:00:00`;
};

describe('meeting service (real PostgreSQL, NATS, Redis)', () => {
  let org: ServiceProcess;
  let app: INestApplicationContext;
  let bus: Bus;
  let nc: NatsConnection;
  let a: Awaited<ReturnType<typeof createTestOrg>>;
  let b: Awaited<ReturnType<typeof createTestOrg>>;
  let chair: Actor;
  let committeeId: number;
  let voters: Array<{ userId: number; email: string }>;
  let authSecret: string;

  const user = (userId: number, email: string, isAdmin = false): Actor => ({ kind: 'user', userId, email, name: email, roleId: null, isAdmin, permissions: [], guestToken: null });

  beforeAll(async () => {
    const base = { ...env, HTTP_PORT: '0', LOG_LEVEL: 'warn' } as Record<string, string | undefined>;
    org = await startServiceProcess('organization', { ...process.env, ...base, ARGON2_MEMORY_KIB: '4096' });
    const config = loadMeetingConfig({ ...base, PUBLIC_BASE_DOMAIN: 'example.test:3000' });
    authSecret = config.AUTH_SECRET;
    app = await NestFactory.createApplicationContext(MeetingModule.register(config), { logger: false });
    await app.init();
    bus = app.get(Bus);
    nc = await connect({ servers: env.NATS_URL.replace(/^nats:\/\//, ''), name: 'meeting-int-tap' });
    a = await createTestOrg(bus);
    b = await createTestOrg(bus);
    const c = await createTestUser(bus, a.orgId, { name: 'Chair' });
    voters = [];
    for (let i = 0; i < 40; i += 10) {
      voters.push(...(await Promise.all(Array.from({ length: 10 }, (_, j) => createTestUser(bus, a.orgId, { name: `Voter ${i + j}`, email: `v${i + j}.${uniqueSlug('v')}@example.test` })))));
    }
    committeeId = await createTestCommittee(bus, a.orgId, { admins: [c.email], members: voters.map((v) => v.email) });
    chair = user(c.userId, c.email);
  });

  afterAll(async () => {
    await nc?.drain().catch(() => undefined);
    await app?.close();
    await org?.stop();
  });

  async function scheduledMeeting(cid = committeeId, people = voters) {
    const m = await bus.request(CreateMeeting, { orgId: a.orgId, actor: chair, body: { title: 'Integration', committee_id: cid, start_date: local(5), location: 'HQ' } });
    await bus.request(AddMembers, { orgId: a.orgId, actor: chair, meetingId: m.id, body: { user_id: people.map((v) => v.userId), type: 'Viewer' } });
    await bus.request(CreateTalkingPoint, { orgId: a.orgId, actor: chair, meetingId: m.id, body: { title: 'T', viewers: [{ user_id: voters[0].userId, user_email: null }], presenters: [{ user_id: chair.userId, user_email: null }], attachments: [], attachment_ids: [], subpoints: [] } });
    return m;
  }

  it('every meeting table has row-level security forced, and another organization sees none of its rows', async () => {
    const admin = new Client({ connectionString: env.DATABASE_ADMIN_URL });
    await admin.connect();
    try {
      const r = await admin.query(`select c.relname, c.relrowsecurity, c.relforcerowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'meeting' and c.relkind = 'r'`);
      expect(r.rows.length).toBeGreaterThanOrEqual(15);
      for (const row of r.rows) expect([row.relname, row.relrowsecurity, row.relforcerowsecurity]).toEqual([row.relname, true, true]);
    } finally {
      await admin.end();
    }
    const m = await bus.request(CreateMeeting, { orgId: a.orgId, actor: chair, body: { title: 'Secret', committee_id: committeeId, start_date: local(3), location: 'HQ' } });
    const db = app.get(Db);
    // a query with no organization filter at all, inside organization B's transaction
    const seenByB = await db.tenant(b.orgId, (tx) => tx.execute(sql`select id from meeting.meetings`));
    expect(seenByB.rows.map((x: any) => Number(x.id))).not.toContain(m.id);
    const seenByA = await db.tenant(a.orgId, (tx) => tx.select({ id: meetings.id }).from(meetings));
    expect(seenByA.map((x) => x.id)).toContain(m.id);
    // and through the RPC: another organization's id is Not Found
    await expect(bus.request(GetMeeting, { orgId: b.orgId, actor: SYSTEM_ACTOR, meetingId: m.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // writing a row for another organization is refused by the policy itself
    await expect(db.tenant(b.orgId, (tx) => tx.execute(sql`update meeting.meetings set title = 'hacked' where id = ${m.id}`))).resolves.toMatchObject({ rowCount: 0 });
    await expect(db.tenant(b.orgId, (tx) => tx.insert(meetings).values({ orgId: a.orgId, title: 'x', committeeId, ownerId: 1, startAt: new Date() }))).rejects.toThrow();
  });

  it('scheduling publishes meeting.v1.meeting.scheduled on JetStream with every participant as a recipient', async () => {
    const m = await scheduledMeeting();
    const sub = nc.subscribe('meeting.v1.meeting.scheduled');
    const got = (async () => {
      for await (const msg of sub) {
        const raw = new TextDecoder().decode(msg.data);
        const e = openEvent<any>(msg.data);
        if (e.payload.meetingId === m.id) return { e, raw, headers: msg.headers };
      }
      return null;
    })();
    await nc.flush();
    await bus.request(ChangeMeetingStatus, { orgId: a.orgId, actor: chair, meetingId: m.id, body: { meeting_status_id: 2, reason: 'ready' } });
    const hit = await Promise.race([got, new Promise<null>((r) => setTimeout(() => r(null), 10_000))]);
    sub.unsubscribe();
    expect(hit).not.toBeNull();
    expect(hit!.e.payload).toMatchObject({ orgId: a.orgId, title: 'Integration', timeZone: 'UTC' });
    expect(hit!.e.payload.recipients.map((r: any) => r.email).sort()).toEqual(voters.map((v) => v.email).sort());
    expect(hit!.e.payload.link).toBe(`/app/activity/meetings/${m.id}`);
    expect(hit!.e.payload.orgSlug).toBe(a.slug);
    // the payload rests sealed in the stream: no recipient, link or title in clear
    expect(JSON.parse(hit!.raw)).not.toHaveProperty('payload');
    for (const v of voters) expect(hit!.raw).not.toContain(v.email);
    expect(hit!.raw).not.toContain('/app/activity/meetings/');
    // it is stored in the MEETING stream (for durable consumers), deduplicated by the event id
    const jsm = await jetstreamManager(nc);
    const stored = await jsm.streams.getMessage('MEETING', { last_by_subj: 'meeting.v1.meeting.scheduled' });
    expect(stored?.subject).toBe('meeting.v1.meeting.scheduled');
    expect(stored!.seq).toBeGreaterThan(0);
    expect(hit!.headers?.get('Nats-Msg-Id')).toBe(hit!.e.id);
  });

  it('concurrent votes over NATS: one row per voter in the database, and 20 changes of one voter leave one row', async () => {
    requireConcurrentDatabase('concurrent votes over NATS');
    const m = await scheduledMeeting();
    const d = await bus.request(CreateDecision, {
      orgId: a.orgId, actor: chair, meetingId: m.id, body: { title: 'Vote', deadline: local(6), voters: voters.map((v) => ({ user_id: v.userId, user_email: null })), attachments: [], attachment_ids: [] },
    });
    const values = ['Approved', 'Denied', 'Abstained', 'Others'] as const;
    await Promise.all([
      ...voters.map((v, i) => bus.request(CastVote, { orgId: a.orgId, actor: user(v.userId, v.email), decisionId: d.id, body: { vote: values[i % 4], reason: 'why' } })),
      ...Array.from({ length: 20 }, (_, i) => bus.request(CastVote, { orgId: a.orgId, actor: user(voters[0].userId, voters[0].email), decisionId: d.id, body: { vote: values[i % 4], reason: `r${i}` } })),
    ]);
    const admin = new Client({ connectionString: env.DATABASE_ADMIN_URL });
    await admin.connect();
    try {
      const rows = await admin.query(`select voter_key, count(*)::int as n from meeting.voters where decision_id = $1 group by voter_key`, [d.id]);
      expect(rows.rows).toHaveLength(voters.length);
      expect(rows.rows.every((r) => r.n === 1)).toBe(true);
      const pending = await admin.query(`select count(*)::int as n from meeting.voters where decision_id = $1 and vote = 'Pending'`, [d.id]);
      expect(pending.rows[0].n).toBe(0);
    } finally {
      await admin.end();
    }
  });

  /** a decision of a scheduled meeting whose voters are the 40 test users (the chair creates it) */
  async function decisionFor(title: string, who = voters) {
    const m = await scheduledMeeting();
    const d = await bus.request(CreateDecision, {
      orgId: a.orgId, actor: chair, meetingId: m.id, body: { title, deadline: local(6), voters: who.map((v) => ({ user_id: v.userId, user_email: null })), attachments: [], attachment_ids: [] },
    });
    return { m, d };
  }

  it('one batch: a vote the rules refuse gets its own error and writes nothing, the others are written; two votes of one voter in one batch are taken in their order', async () => {
    const { m, d } = await decisionFor('Batch rules', voters.slice(0, 10));
    const batcher = app.get(VoteBatcher);
    const counter = statementCounter(a.orgId);
    // the outbox rows written after `since` (seq grows with every row; published rows are purged later, so counts
    // of the whole table could shrink meanwhile)
    const outbox = async <T>(q: string, params: unknown[]): Promise<T[]> => {
      const c = new Client({ connectionString: env.DATABASE_ADMIN_URL });
      await c.connect();
      try {
        return (await c.query(q, params)).rows as T[];
      } finally {
        await c.end();
      }
    };
    const [{ since }] = await outbox<{ since: string }>(`select coalesce(max(seq), 0)::text as since from meeting.__outbox`, []);
    const cast = (v: { userId: number; email: string }, vote: string) =>
      batcher.cast({ orgId: a.orgId, actor: user(v.userId, v.email), decisionId: d.id, standalone: false, body: { vote: vote as 'Approved', reason: 'why' } } as Parameters<VoteBatcher['cast']>[0]);
    const { result: answers, statements } = await counter.measure(() =>
      Promise.allSettled([
        ...voters.slice(0, 10).map((v) => cast(v, 'Approved')),
        cast(voters[20], 'Approved'), // a member of the meeting, not a voter of this decision
        cast(voters[0], 'Denied'), // the same voter again, in the same turn of the event loop
      ]),
    );
    expect(answers.slice(0, 10).every((x) => x.status === 'fulfilled')).toBe(true);
    expect(answers[10].status).toBe('rejected');
    expect((answers[10] as PromiseRejectedResult).reason).toMatchObject({ code: 'MEETING_FORBIDDEN' });
    // the two votes of voters[0], in their order: the first answered as it was written, the second stored
    expect(answers[0]).toMatchObject({ status: 'fulfilled', value: { voter: { user_id: voters[0].userId, vote: 'Approved' }, my_vote: 'Approved' } });
    expect(answers[11]).toMatchObject({ status: 'fulfilled', value: { voter: { user_id: voters[0].userId, vote: 'Denied' }, my_vote: 'Denied' } });
    const tally = (x: PromiseSettledResult<VoteResult>) => Object.fromEntries((x as PromiseFulfilledResult<VoteResult>).value.tallies.map((t) => [t.vote, t.count]));
    expect(tally(answers[0])).toMatchObject({ Approved: 10, Denied: 0 });
    expect(tally(answers[11])).toMatchObject({ Approved: 9, Denied: 1 });
    // one transaction of about 20 statements for the 12 votes, not 11 of ~17
    console.log(`12 votes in one turn ran ${statements} SQL statements`);
    expect(statements).toBeGreaterThanOrEqual(5);
    expect(statements).toBeLessThanOrEqual(22);
    const admin = new Client({ connectionString: env.DATABASE_ADMIN_URL });
    await admin.connect();
    try {
      const rows = await admin.query(`select user_id::int as u, vote from meeting.voters where decision_id = $1 order by id`, [d.id]);
      expect(rows.rows).toHaveLength(10);
      expect(rows.rows.find((r) => r.u === voters[0].userId)?.vote).toBe('Denied');
      expect(rows.rows.filter((r) => r.vote === 'Approved')).toHaveLength(9);
      expect(rows.rows.some((r) => r.u === voters[20].userId)).toBe(false);
      const logged = await admin.query(`select count(*)::int as n from meeting.activities where meeting_id = $1 and activity like '% voted on "Batch rules"'`, [m.id]);
      expect(logged.rows[0].n).toBe(11);
      // the batch's events: one MeetingChanged for its 11 votes (with the tallies after its last vote), nothing per vote
      const written = await outbox<{ subject: string; n: number }>(`select subject, count(*)::int as n from meeting.__outbox where org_id = $1 and seq > $2::bigint group by subject`, [a.orgId, since]);
      expect(written).toEqual([{ subject: MeetingChanged.subject, n: 1 }]);
    } finally {
      await admin.end();
    }
  });

  it('votes after the decision was ended are refused, in a batch as alone', async () => {
    const { d } = await decisionFor('Ended', voters.slice(0, 5));
    await bus.request(SetDecisionFulfilled, { orgId: a.orgId, actor: chair, decisionId: d.id, body: { is_fulfilled: true } } as never);
    const answers = await Promise.allSettled(voters.slice(0, 5).map((v) => bus.request(CastVote, { orgId: a.orgId, actor: user(v.userId, v.email), decisionId: d.id, body: { vote: 'Approved', reason: 'late' } })));
    expect(answers.map((x) => x.status)).toEqual(Array(5).fill('rejected'));
    answers.forEach((x) => expect((x as PromiseRejectedResult).reason).toMatchObject({ code: 'DECISION_VOTING_CLOSED' }));
    const admin = new Client({ connectionString: env.DATABASE_ADMIN_URL });
    await admin.connect();
    try {
      const rows = await admin.query(`select count(*)::int as n from meeting.voters where decision_id = $1 and vote <> 'Pending'`, [d.id]);
      expect(rows.rows[0].n).toBe(0);
    } finally {
      await admin.end();
    }
  });

  it('200 secret votes at once (and a second vote of one voter among them): every one stored in a few batches, one ballot per voter, the tallies equal the published list, every receipt in it with its choice', async () => {
    requireConcurrentDatabase('concurrent secret votes');
    // 160 more users beside the 40: a board of 200 voters
    const more: typeof voters = [];
    for (let i = 0; i < 160; i += 20) {
      more.push(...(await Promise.all(Array.from({ length: 20 }, (_, j) => createTestUser(bus, a.orgId, { name: `Secret voter ${i + j}`, email: `s${i + j}.${uniqueSlug('s')}@example.test` })))));
    }
    const board = [...voters, ...more];
    const cid = await createTestCommittee(bus, a.orgId, { admins: [chair.email!], members: board.map((v) => v.email) });
    const m = await scheduledMeeting(cid, board);
    const d = await bus.request(CreateDecision, {
      orgId: a.orgId, actor: chair, meetingId: m.id,
      body: { title: 'Secret burst', deadline: local(6), ballot: 'secret', voters: board.map((v) => ({ user_id: v.userId, user_email: null })), attachments: [], attachment_ids: [] },
    } as never);
    const values = ['Approved', 'Denied', 'Abstained', 'Others'] as const;
    const vote = (v: { userId: number; email: string }, value: string) =>
      bus.request(CastVote, { orgId: a.orgId, actor: user(v.userId, v.email), decisionId: d.id, body: { vote: value as 'Approved', reason: 'not kept' } });
    // every voter at once, and board[0] a second time with another choice in the same turn
    const answers = await Promise.allSettled([...board.map((v, i) => vote(v, values[i % 4])), vote(board[0], 'Denied')]);
    const ok = answers.flatMap((x, i) => (x.status === 'fulfilled' ? [{ i, r: x.value }] : []));
    const failed = answers.flatMap((x, i) => (x.status === 'rejected' ? [{ i, e: x.reason }] : []));
    // board[0]'s two votes: one stored and answered, the other refused as a second vote (409 `vote`), whichever won
    expect(failed).toHaveLength(1);
    expect([0, 200]).toContain(failed[0].i);
    expect(failed[0].e).toMatchObject({ code: 'VALIDATION', fields: { vote: [MM.secretVotedOnce] } });
    expect(ok).toHaveLength(200);
    const choiceOf = (i: number) => (i === 200 ? 'Denied' : values[i % 4]);
    for (const { r } of ok) {
      expect(r.receipt).toMatch(/^[A-Z2-7]{32}$/);
      expect(r).toMatchObject({ ballot: 'secret', my_vote: null, tallies: [] });
    }
    expect(new Set(ok.map(({ r }) => r.receipt)).size).toBe(200);

    const admin = new Client({ connectionString: env.DATABASE_ADMIN_URL });
    await admin.connect();
    try {
      const marked = await admin.query(`select count(*)::int as n, count(distinct xmin::text)::int as txs from meeting.voters where decision_id = $1 and has_voted`, [d.id]);
      const rows = await admin.query(`select count(*)::int as n, count(distinct xmin::text)::int as txs from meeting.secret_ballots where decision_id = $1`, [d.id]);
      console.log(`200 secret votes at once: marked in ${marked.rows[0].txs} transactions`);
      expect(marked.rows[0].n).toBe(200);
      expect(rows.rows[0].n).toBe(200);
      // in batches: far fewer transactions than votes (one each before), and the list rewritten as a whole by the last
      expect(marked.rows[0].txs).toBeLessThan(100);
      expect(rows.rows[0].txs).toBe(1);
      const logged = await admin.query(`select count(*)::int as n from meeting.activities where meeting_id = $1 and activity like '% voted on "Secret burst"'`, [m.id]);
      expect(logged.rows[0].n).toBe(200);
    } finally {
      await admin.end();
    }

    // closed: the tallies, the published list and its hash agree, and every receipt is there with its choice
    await bus.request(SetDecisionFulfilled, { orgId: a.orgId, actor: chair, decisionId: d.id, body: { is_fulfilled: true } } as never);
    const final = await bus.request(GetDecision, { orgId: a.orgId, actor: chair, decisionId: d.id } as never);
    const list = await bus.request(GetBallots, { orgId: a.orgId, actor: chair, decisionId: d.id } as never);
    expect(list.count).toBe(200);
    expect(list.entries).toHaveLength(200);
    const counted: Record<string, number> = {};
    for (const e of list.entries) counted[e.choice] = (counted[e.choice] ?? 0) + 1;
    const tallied = Object.fromEntries(final.tallies.filter((t) => t.count > 0).map((t) => [t.vote, t.count]));
    expect(tallied).toEqual(counted);
    expect(Object.values(counted).reduce((x, y) => x + y, 0)).toBe(200);
    const text = [...list.entries].sort((x, y) => (x.receipt < y.receipt ? -1 : 1)).map((e) => `${e.receipt} ${e.choice}\n`).join('');
    expect(list.hash).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
    const byReceipt = new Map(list.entries.map((e) => [e.receipt, e.choice]));
    for (const { i, r } of ok) expect([i, byReceipt.get(r.receipt!)]).toEqual([i, choiceOf(i)]);
  });

  /**
   * Counts the statements of the transactions this app runs for one organization (BEGIN to COMMIT), by
   * wrapping each pooled connection's query once; other organizations and background work are not counted.
   */
  function statementCounter(orgId: string) {
    const db = app.get(Db);
    const state = { on: false, n: 0 };
    const wrapped = new WeakSet<PoolClient>();
    db.pool.on('acquire', (client: PoolClient) => {
      if (wrapped.has(client)) return;
      wrapped.add(client);
      const original = client.query.bind(client) as (...args: unknown[]) => unknown;
      let inTx: { org: string | null; n: number } | null = null;
      (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
        const first = args[0] as string | { text?: string };
        const text = typeof first === 'string' ? first : (first?.text ?? '');
        // a transaction opens with one statement: BEGIN; [SET LOCAL ROLE ...;] SELECT set_config('app.org_id', '<id>', true)
        if (text.startsWith('BEGIN')) inTx = { org: null, n: 0 };
        if (inTx) {
          inTx.n++;
          const org = /set_config\('app\.org_id', '([^']*)'/.exec(text);
          if (org) inTx.org = org[1];
          if (text === 'COMMIT' || text === 'ROLLBACK') {
            if (state.on && inTx.org === orgId) state.n += inTx.n;
            inTx = null;
          }
        }
        return original(...args);
      };
    });
    return {
      async measure<T>(fn: () => Promise<T>): Promise<{ result: T; statements: number }> {
        state.on = true;
        state.n = 0;
        try {
          return { result: await fn(), statements: state.n };
        } finally {
          state.on = false;
        }
      },
    };
  }

  it('creating a meeting answers from the rows it wrote: 3 INSERTs in one transaction, and the same details a read gives', async () => {
    const counter = statementCounter(a.orgId);
    const body = { title: 'Counted', committee_id: committeeId, start_date: local(4), location: 'HQ' };
    const { result: created, statements } = await counter.measure(() => bus.request(CreateMeeting, { orgId: a.orgId, actor: chair, body }));
    // BEGIN with set_config (one round trip), INSERT meeting, INSERT member, INSERT activity, COMMIT; it was 23 when the
    // answer was read back in a second transaction, and 6 while BEGIN and set_config went apart
    console.log(`CreateMeeting ran ${statements} SQL statements`);
    expect(statements).toBe(5);
    const read = await bus.request(GetMeeting, { orgId: a.orgId, actor: chair, meetingId: created.id });
    expect(created).toEqual(read);
  });

  it('a meeting list counts in meta.total exactly the meetings the user may see, page after page', async () => {
    const viewer = voters[1];
    const made: number[] = [];
    for (let i = 0; i < 5; i++) {
      const m = await bus.request(CreateMeeting, { orgId: a.orgId, actor: chair, body: { title: `Listed ${i}`, committee_id: committeeId, start_date: local(7 + i), location: 'HQ' } });
      made.push(m.id);
      if (i % 2 === 0) await bus.request(AddMembers, { orgId: a.orgId, actor: chair, meetingId: m.id, body: { user_id: [viewer.userId], type: 'Viewer' } });
    }
    const actor = user(viewer.userId, viewer.email);
    const seen: number[] = [];
    let total = -1;
    for (let page = 1; page < 50; page++) {
      const r = await bus.request(ListMeetings, { orgId: a.orgId, actor, query: { role: 'All', page, per_page: 2 } });
      total = r.meta.total;
      seen.push(...r.items.map((x) => x.id));
      if (page >= r.meta.last_page) break;
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    // every listed meeting opens for the user, and of the five made here exactly the three they joined are listed
    for (const id of seen) await expect(bus.request(GetMeeting, { orgId: a.orgId, actor, meetingId: id })).resolves.toMatchObject({ id });
    expect(made.filter((id) => seen.includes(id))).toEqual([made[0], made[2], made[4]]);
    for (const id of made.filter((x) => !seen.includes(x))) await expect(bus.request(GetMeeting, { orgId: a.orgId, actor, meetingId: id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('video-room keys: an HMAC under the organization\'s own sealed random secret, stable per meeting; the old scheme and another organization\'s data do not make them', async () => {
    const online = async (orgId: string, actor: Actor, committee: number) =>
      bus.request(CreateMeeting, { orgId, actor, body: { title: 'Online', committee_id: committee, start_date: local(6), virtual: 1, virtual_type: 'ijmeet' } });
    const roomOf = (url: string) => new URL(url).pathname.split('/').pop()!;
    const m = await online(a.orgId, chair, committeeId);
    const first = await bus.request(JoinVirtual, { orgId: a.orgId, actor: chair, meetingId: m.id });
    const room = roomOf(first.participant_url);
    expect(room).toMatch(/^[\w-]{24}$/);
    // the same meeting keeps its key (and its host link) at every join
    const again = await bus.request(JoinVirtual, { orgId: a.orgId, actor: chair, meetingId: m.id });
    expect(again.participant_url).toBe(first.participant_url);
    expect(again.participant_url).toContain('host=');

    // the old scheme (the public default secret over `orgId:meetingId`, both of which an outsider can know) does not match
    const hmac = (key: string | Buffer, s: string) => createHmac('sha256', key).update(s).digest('base64url');
    expect(hmac('development-ijmeet-secret', `${a.orgId}:${m.id}`).slice(0, 24)).not.toBe(room);

    // each organization has its own secret, sealed in its row (never the plain bytes), bound to the organization
    const admin = new Client({ connectionString: env.DATABASE_ADMIN_URL });
    await admin.connect();
    try {
      const bChair = await createTestUser(bus, b.orgId, { name: 'B chair' });
      const bCommittee = await createTestCommittee(bus, b.orgId, { admins: [bChair.email], members: [] });
      const mb = await online(b.orgId, user(bChair.userId, bChair.email), bCommittee);
      await bus.request(JoinVirtual, { orgId: b.orgId, actor: user(bChair.userId, bChair.email), meetingId: mb.id });
      const rows = (await admin.query(`SELECT org_id, secret_sealed FROM meeting.room_secrets WHERE org_id = ANY($1::uuid[])`, [[a.orgId, b.orgId]])).rows as { org_id: string; secret_sealed: string }[];
      expect(rows.map((r) => r.org_id).sort()).toEqual([a.orgId, b.orgId].sort());
      const box = new SecretBox(authSecret, 'meeting-room-secret');
      const sealedOf = (org: string) => rows.find((r) => r.org_id === org)!.secret_sealed;
      const secretOf = (org: string) => Buffer.from(box.open(sealedOf(org), org)!, 'base64url');
      for (const org of [a.orgId, b.orgId]) {
        expect(sealedOf(org)).toMatch(/^v1\./);
        expect(sealedOf(org)).not.toContain(secretOf(org).toString('base64url'));
        expect(secretOf(org)).toHaveLength(32);
      }
      // a's sealed secret copied to b's row does not open there
      expect(box.open(sealedOf(a.orgId), b.orgId)).toBeNull();
      // the key is the HMAC under a's secret (positive control); b's secret, or b's id in the old scheme, make another one
      expect(hmac(secretOf(a.orgId), `room:${m.id}`).slice(0, 24)).toBe(room);
      expect(hmac(secretOf(b.orgId), `room:${m.id}`).slice(0, 24)).not.toBe(room);
      expect(hmac('development-ijmeet-secret', `${b.orgId}:${m.id}`).slice(0, 24)).not.toBe(room);
      // the participant signature is under the secret too
      const sig = new URL(first.participant_url).searchParams.get('sig');
      expect(sig).toBe(hmac(secretOf(a.orgId), `${room}:${first.participant_id}`).slice(0, 32));
      expect(sig).not.toBe(hmac('development-ijmeet-secret', `${room}:${first.participant_id}`).slice(0, 32));
    } finally {
      await admin.end();
    }
  });

  it('AUTH_SECRET rotation: with AUTH_SECRET_PREVIOUS an organization\'s video-room secret still opens, the same key comes out and the row is sealed again under the new secret; without it, a row never re-sealed no longer opens', async () => {
    const NEW = 'auth-secret-after-the-rotation-of-this-test';
    const db = app.get(MeetingDb);
    const repo = app.get(RoomSecretsRepository);
    const config = loadMeetingConfig({ ...env, HTTP_PORT: '0', PUBLIC_BASE_DOMAIN: 'example.test:3000' });
    const before = new RoomSecrets(db, repo, config);
    const during = new RoomSecrets(db, repo, { ...config, AUTH_SECRET: NEW, AUTH_SECRET_PREVIOUS: authSecret });
    const after = new RoomSecrets(db, repo, { ...config, AUTH_SECRET: NEW, AUTH_SECRET_PREVIOUS: undefined });
    const admin = new Client({ connectionString: env.DATABASE_ADMIN_URL });
    await admin.connect();
    const sealedOf = async (org: string) => (await admin.query(`SELECT secret_sealed FROM meeting.room_secrets WHERE org_id = $1`, [org])).rows[0]?.secret_sealed as string;
    // both organizations hold a secret sealed under the old AUTH_SECRET (made now if the test above did not)
    const secretA = await before.of(a.orgId);
    await before.of(b.orgId);
    const oldA = await sealedOf(a.orgId);
    const oldB = await sealedOf(b.orgId);
    try {
      // during the rotation: a's secret opens, is the same, and its row is now sealed under the new secret only
      expect((await during.of(a.orgId)).equals(secretA)).toBe(true);
      const resealedA = await sealedOf(a.orgId);
      expect(resealedA).not.toBe(oldA);
      expect(new SecretBox(NEW, 'meeting-room-secret').open(resealedA, a.orgId)).toBe(secretA.toString('base64url'));
      expect(new SecretBox(authSecret, 'meeting-room-secret').open(resealedA, a.orgId)).toBeNull();
      // after: the previous secret dropped; a (re-sealed) gives the same key, b (not used during the rotation) is refused
      expect((await after.of(a.orgId)).equals(secretA)).toBe(true);
      await expect(after.of(b.orgId)).rejects.toThrow('cannot be opened');
      expect(await sealedOf(b.orgId)).toBe(oldB);
    } finally {
      // the service under test keeps the old secret: a's row goes back to its old seal
      await admin.query(`UPDATE meeting.room_secrets SET secret_sealed = $2 WHERE org_id = $1`, [a.orgId, oldA]);
      await admin.end();
    }
  });
  it('the meeting page\'s one-statement read (BundleRepository) answers exactly the rows of the per-table reads, types and order included; another organization\'s meeting reads nothing', async () => {
    const m = await scheduledMeeting();
    const people = (n: number) => voters.slice(0, n).map((v) => ({ user_id: v.userId, user_email: null }));
    const tp2 = await bus.request(CreateTalkingPoint, { orgId: a.orgId, actor: chair, meetingId: m.id, body: { title: 'Second', viewers: people(2), presenters: [{ user_id: chair.userId, user_email: null }], attachments: [], attachment_ids: [], subpoints: [{ title: 'Sub', presenter: { user_id: chair.userId, user_email: null }, subpoint_viewers: people(1), attachments: [] }] } as never });
    const d = await bus.request(CreateDecision, { orgId: a.orgId, actor: chair, meetingId: m.id, body: { title: 'Vote', deadline: local(6), voters: people(3), attachments: [], attachment_ids: [] } });
    const act = await bus.request(CreateAction, { orgId: a.orgId, actor: chair, meetingId: m.id, body: { title: 'Do it', participants: people(2), open_till: local(7), attachments: [], attachment_ids: [] } as never });
    await bus.request(AddComment, { orgId: a.orgId, actor: chair, kind: 'decisions', itemId: d.id, body: { comment: 'On the decision' } as never });
    await bus.request(AddComment, { orgId: a.orgId, actor: chair, kind: 'actions', itemId: act.id, body: { comment: 'On the action' } as never });
    await bus.request(AddComment, { orgId: a.orgId, actor: chair, kind: 'talkingpoints', itemId: tp2.id, body: { comment: 'On the talking point' } as never });
    const db = app.get(MeetingDb);
    // two declared conflicts of interest on the second talking point, read in the same statement too
    await db.tenant(a.orgId, async (s) => {
      await app.get(ConflictsRepository).declare(s, { meetingId: m.id, talkingPointId: tp2.id, userId: voters[1].userId, note: 'Shares' });
      await app.get(ConflictsRepository).declare(s, { meetingId: m.id, talkingPointId: tp2.id, userId: voters[0].userId, note: null });
    });
    const one = await db.tenant(a.orgId, (s) => app.get(BundleRepository).ofMeeting(s, m.id));
    const each = await db.tenant(a.orgId, async (s) => {
      const agenda = app.get(AgendaRepository);
      const talkingPoints = await agenda.talkingPoints(s, m.id);
      const subpoints = await agenda.subpointsOfMeeting(s, m.id);
      const decisions = await app.get(DecisionsRepository).ofMeeting(s, m.id);
      const actions = await app.get(ActionsRepository).ofMeeting(s, m.id);
      const ids = { talkingPointIds: talkingPoints.map((x) => x.id), subpointIds: subpoints.map((x) => x.id), decisionIds: decisions.map((x) => x.id), actionIds: actions.map((x) => x.id) };
      return {
        talkingPoints, subpoints, decisions, actions,
        people: await agenda.peopleOf(s, ids.talkingPointIds, ids.subpointIds),
        voters: await app.get(DecisionsRepository).votersOf(s, ids.decisionIds),
        participants: await app.get(ActionsRepository).participantsOf(s, ids.actionIds),
        attachments: await agenda.attachmentsOf(s, ids),
        comments: await app.get(CommentsRepository).commentsOf(s, ids),
        conflicts: await app.get(ConflictsRepository).ofItems(s, [...ids.talkingPointIds, ...decisions.flatMap((x) => (x.talkingPointId === null ? [] : [x.talkingPointId]))]),
      };
    });
    // what the meeting holds, so an empty answer on both sides cannot pass
    expect([each.talkingPoints.length, each.subpoints.length, each.decisions.length, each.actions.length, each.voters.length, each.participants.length, each.comments.length, each.conflicts.length]).toEqual([2, 1, 1, 1, 3, 2, 3, 2]);
    expect(each.people.length).toBeGreaterThanOrEqual(5);
    expect(one).toEqual(each);
    expect(one.decisions[0].createdAt).toBeInstanceOf(Date);
    expect(typeof one.voters[0].id).toBe('number');
    // the meeting page's read adds the reader's own parts in the same statement, as their repositories read them
    const chairId = chair.userId!;
    const page = await db.tenant(a.orgId, (s) => app.get(BundleRepository).forReader(s, m.id, { activities: true, noteUserId: chairId, ratingUserId: chairId, summaries: true }));
    const own = await db.tenant(a.orgId, async (s) => ({
      activities: await app.get(CommentsRepository).activitiesOf(s, { meetingId: m.id }, 50),
      note: await app.get(CommentsRepository).note(s, m.id, chairId),
      myRating: (await app.get(CommentsRepository).ratingsOf(s, m.id)).find((r) => r.userId === chairId) ?? null,
      session: await app.get(RecordsRepository).virtualSession(s, m.id),
      summaries: await app.get(RecordsRepository).summaries(s, m.id),
    }));
    expect(own.activities.length).toBeGreaterThan(1);
    expect(page.reader).toEqual(own);
    const { reader: _reader, ...agendaOnly } = page;
    expect(agendaOnly).toEqual(each);
    // built once, prepared on the connection: PostgreSQL lists the named statement of the variant that ran
    const prepared = await db.tenant(a.orgId, async (s) => {
      await app.get(BundleRepository).forReader(s, m.id, { activities: true, noteUserId: chairId, ratingUserId: chairId, summaries: true });
      return (await s.tx.execute<{ name: string }>(sql`select name from pg_prepared_statements`)).rows.map((x) => x.name);
    });
    expect(prepared).toContain('meeting-page:page-1111');
    const shut = await db.tenant(a.orgId, (s) => app.get(BundleRepository).forReader(s, m.id, { activities: false, noteUserId: null, ratingUserId: null, summaries: false }));
    expect(shut.reader).toEqual({ activities: [], note: null, myRating: null, session: null, summaries: [] });
    // the access check's reads in one statement (AccessRepository) answer what the four per-table reads answer
    await bus.request(GiveProxy, { orgId: a.orgId, actor: chair, meetingId: m.id, body: { from_user_id: voters[1].userId, to_user_id: voters[2].userId } as never });
    const access = await db.tenant(a.orgId, (s) => app.get(AccessRepository).rows(s, m.id));
    const accessEach = await db.tenant(a.orgId, async (s) => ({
      meeting: await app.get(MeetingsRepository).get(s, m.id),
      members: await app.get(MembersRepository).members(s, m.id),
      agendaCount: await app.get(MeetingsRepository).agendaCount(s, m.id),
      proxies: await app.get(ProxiesRepository).proxiesOf(s, m.id),
    }));
    expect([accessEach.members.length > 2, accessEach.agendaCount, accessEach.proxies.length]).toEqual([true, 4, 1]);
    expect(access).toEqual(accessEach);
    expect(access.meeting?.startAt).toBeInstanceOf(Date);
    expect(await db.tenant(b.orgId, (s) => app.get(AccessRepository).rows(s, m.id))).toEqual({ meeting: null, members: [], agendaCount: 0, proxies: [] });
    // row-level security and the organization filter: another organization reads none of it
    const other = await db.tenant(b.orgId, (s) => app.get(BundleRepository).ofMeeting(s, m.id));
    expect(Object.values(other).every((rows) => rows.length === 0)).toBe(true);

    // the meeting read's statements run alone (Db.tenantReads: no BEGIN, no COMMIT, the organization set in the
    // statement's own query): the same rows as in a transaction, and another organization's reads see none of them
    const want = { activities: true, noteUserId: chairId, ratingUserId: chairId, summaries: true };
    const inTx = await db.tenant(a.orgId, async (s) => ({ access: await app.get(AccessRepository).rows(s, m.id), page: await app.get(BundleRepository).forReader(s, m.id, want) }));
    for (let i = 0; i < 2; i++) {
      // the second time on connections that have prepared the statements already
      const alone = await db.reads(a.orgId, async (s) => ({ access: await app.get(AccessRepository).rows(s, m.id), page: await app.get(BundleRepository).forReader(s, m.id, want) }));
      expect(alone).toEqual(inTx);
      // both statements in one round trip (Prepared.together, as MeetingView.details reads them): the same rows
      const bothAt = (s: Parameters<Parameters<typeof db.reads>[1]>[0]) =>
        Prepared.together(s.tx, [app.get(AccessRepository).part(s, m.id), app.get(BundleRepository).part(s, m.id, want)])
          .then(([access, page]) => ({ access: app.get(AccessRepository).fromRow(access[0]), page: app.get(BundleRepository).pageOf(page[0], want) }));
      expect(await db.reads(a.orgId, bothAt)).toEqual(inTx);
      expect(await db.tenant(a.orgId, bothAt)).toEqual(inTx);
    }
    // the details read that way answer what the access check and the page read one after the other answer
    const view = app.get(MeetingView);
    const apart = await db.reads(a.orgId, async (s) => view.detailsIn(s, await app.get(MeetingAccess).load(s, chair, m.id)));
    expect(apart.activities.length).toBeGreaterThan(1);
    expect(await view.details(a.orgId, chair, m.id)).toEqual(apart);
    expect(inTx.page.conflicts.length).toBe(2);
    expect(await db.reads(b.orgId, (s) => app.get(AccessRepository).rows(s, m.id))).toEqual({ meeting: null, members: [], agendaCount: 0, proxies: [] });
    const otherAlone = await db.reads(b.orgId, (s) => app.get(BundleRepository).forReader(s, m.id, want));
    expect(Object.values(otherAlone).filter(Array.isArray).every((rows) => rows.length === 0)).toBe(true);
    // the setting holds for the statement (and for a drizzle query, run in a transaction of its own) and ends with it
    const setting = new Prepared<Record<string, never>>('test-org-setting', () => sql`select current_setting('app.org_id', true) as "org", (select count(*) from pg_prepared_statements where name like '%:alone') as "alone"`);
    const seen = await db.reads(a.orgId, async (s) => ({
      prepared: (await setting.rows<{ org: string; alone: string }>(s.tx, 'one', {}))[0],
      drizzle: (await s.tx.execute<{ org: string }>(sql`select current_setting('app.org_id', true) as "org"`)).rows[0].org,
    }));
    expect(seen.prepared.org).toBe(a.orgId);
    expect(Number(seen.prepared.alone)).toBeGreaterThan(0);
    expect(seen.drizzle).toBe(a.orgId);
    // nothing stays on the pooled connections: every idle one answers an empty setting outside any transaction
    const pool = db.db.pool;
    const idle: PoolClient[] = [];
    try {
      for (let i = pool.idleCount; i > 0; i--) idle.push(await pool.connect());
      expect(idle.length).toBeGreaterThan(0);
      for (const c of idle) {
        expect(c.getTransactionStatus()).toBe('I');
        expect((await c.query<{ org: string | null }>(`select current_setting('app.org_id', true) as org`)).rows[0].org ?? '').toBe('');
      }
    } finally {
      for (const c of idle) c.release();
    }
  });
});
