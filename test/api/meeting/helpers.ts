/**
 * Shared set-up of the meeting API suites: a fresh organization per suite with a committee (chair as
 * committee admin), an editor, two members and an outsider, each with a session; small builders for
 * meetings and items; a tap on the meeting service's events (guest links carry their token).
 */
import IORedis from 'ioredis';
import { Client } from 'pg';
import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { SessionStore } from '@app/platform';
import {
  api, openEvent, pdfFile, createTestCommittee, createTestOrg, createTestUser, login, testEnv, uniqueSlug, waitFor, type ApiClient, type TestOrg, type TestOrgOptions,
} from '@app/testing';

export const env = testEnv();
export const GATEWAY = env.TEST_GATEWAY_URL;

export interface Person {
  userId: number;
  email: string;
  name: string;
  token: string;
  c: ApiClient;
}

export interface World {
  org: TestOrg;
  committeeId: number;
  admin: Person;
  chair: Person;
  editor: Person;
  m1: Person;
  m2: Person;
  outsider: Person;
  anon: ApiClient;
  /** a new user of this organization with a session */
  person(opts?: { committee?: boolean }): Promise<Person>;
}

let redis: IORedis | undefined;
function sessions(): SessionStore {
  redis ??= new IORedis(env.REDIS_URL, { maxRetriesPerRequest: 2 });
  return new SessionStore(redis);
}
export function closeRedis(): void {
  redis?.disconnect();
  redis = undefined;
}

/** a session for a user, as the sign-in creates it (the sign-in itself is rate limited per organization) */
export async function sessionFor(orgId: string, userId: number): Promise<string> {
  return sessions().create(orgId, userId);
}

export async function world(opts: TestOrgOptions = {}): Promise<World> {
  const org = await createTestOrg(env.NATS_URL, opts);
  const mk = async (name: string): Promise<Omit<Person, 'token' | 'c'>> => {
    const u = await createTestUser(env.NATS_URL, org.orgId, { name, email: `${name.toLowerCase().replace(/\s+/g, '.')}.${uniqueSlug('x')}@example.test` });
    return { userId: u.userId, email: u.email, name };
  };
  const [chair, editor, m1, m2, outsider] = [await mk('Chair Person'), await mk('Eddie Editor'), await mk('Mona Member'), await mk('Mark Member'), await mk('Olga Outsider')];
  const committeeId = await createTestCommittee(env.NATS_URL, org.orgId, { admins: [chair.email], members: [editor.email, m1.email, m2.email] });
  const withSession = async (p: Omit<Person, 'token' | 'c'>, viaLogin = false): Promise<Person> => {
    const token = viaLogin ? await login(GATEWAY, org.slug, p.email, org.admin.password) : await sessionFor(org.orgId, p.userId);
    return { ...p, token, c: api(GATEWAY, { org: org.slug, token }) };
  };
  const adminToken = await login(GATEWAY, org.slug, org.admin.email, org.admin.password);
  return {
    org,
    committeeId,
    admin: { userId: org.admin.userId, email: org.admin.email, name: 'Admin', token: adminToken, c: api(GATEWAY, { org: org.slug, token: adminToken }) },
    chair: await withSession(chair, true),
    editor: await withSession(editor),
    m1: await withSession(m1),
    m2: await withSession(m2),
    outsider: await withSession(outsider),
    anon: api(GATEWAY, { org: org.slug }),
    person: async (o = {}) => {
      const p = await mk(`Person ${uniqueSlug('p')}`);
      if (o.committee) await createTestCommittee(env.NATS_URL, org.orgId, { name: `More ${uniqueSlug('c')}`, members: [p.email] });
      return withSession(p);
    },
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
/** a local date-time 'YYYY-MM-DD hh:mm A' (the meeting form) `days` from now at hh:mm (UTC organizations) */
export function formDate(days: number, hour = 10, minute = 0): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(h12)}:${pad(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
}
/** 'YYYY-MM-DD HH:mm:ss' `days` from now at hh:mm (UTC organizations) */
export function serverDate(days: number, hour = 10, minute = 0): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(hour)}:${pad(minute)}:00`;
}

/** 409 'Error in validation' naming `field` (or a field under it, `field.0`), with `message` when given: nothing else passes */
export function refused(r: { status: number; body: any }, field: string, message?: string): void {
  expect(r.status).toBe(409);
  expect(r.body.message).toBe('Error in validation');
  const fields = Object.keys(r.body.errors ?? {});
  expect(fields.some((f) => f === field || f.startsWith(`${field}.`))).toBe(true);
  if (message) expect(r.body.errors?.[field]).toEqual([message]);
}

/** a vote through the member's own session (`POST /decisions/{id}/vote/change`) */
export const castVote = (who: Person, d: { id: number }, body: Record<string, unknown>) => who.c.post(`/decisions/${d.id}/vote/change`, { id: d.id, ...body });

/** a decision answer's count of one vote value */
export const tallyOf = (d: { tallies: { vote: string; count: number }[] }, v: string): number | undefined => d.tallies.find((t) => t.vote === v)?.count;

export function expectOk(r: { status: number; body: any }, status = 200): any {
  if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${JSON.stringify(r.body).slice(0, 600)}`);
  return r.body.data;
}

/** a Draft meeting of the world's committee, owned by the chair, with members added (m1, m2 Viewers; editor as Editor) */
/** a file in the actor's library (a generated PDF unless given), its library id: attachments must be real files */
export async function libraryFile(c: ApiClient, name = 'pack.pdf', data?: Buffer, type = 'application/pdf'): Promise<number> {
  const r = await c.upload('/library', {}, { file: { name, type, data: data ?? (await pdfFile(1, name)) } });
  if (r.status !== 200) throw new Error(`upload ${name}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data.id as number;
}

export async function meeting(w: World, body: Record<string, unknown> = {}, opts: { members?: boolean } = {}): Promise<any> {
  const m = expectOk(await w.chair.c.post('/meetings', { title: 'Board meeting', committee_id: w.committeeId, start_date: formDate(7), duration: 120, location: 'HQ', ...body }));
  if (opts.members !== false) {
    expectOk(await w.chair.c.post(`/meetings/${m.id}/members`, { user_id: [w.m1.userId, w.m2.userId] }));
    expectOk(await w.chair.c.post(`/meetings/${m.id}/members`, { user_id: w.editor.userId, type: 'Editor' }));
  }
  return m;
}

export async function talkingPoint(w: World, meetingId: number, body: Record<string, unknown> = {}): Promise<any> {
  return expectOk(await w.chair.c.post(`/meetings/${meetingId}/talkingpoints`, { title: 'Budget', viewers: [w.m1.userId], presenters: [w.chair.userId], duration: 30, ...body }));
}

/** move a meeting along the status machine with the chair */
export async function setStatus(w: World, meetingId: number, ...statuses: number[]): Promise<any> {
  let m;
  for (const s of statuses) m = expectOk(await w.chair.c.post(`/meetings/${meetingId}/changestatus`, { meeting_status_id: s, reason: `to ${s}` }));
  return m;
}

/** a Scheduled meeting (members and one talking point) */
export async function scheduled(w: World, body: Record<string, unknown> = {}): Promise<any> {
  const m = await meeting(w, body);
  await talkingPoint(w, m.id);
  return setStatus(w, m.id, 2);
}

/** listens to meeting events on NATS (JetStream publishes are NATS messages too) */
export class MeetingEvents {
  private readonly seen: Array<{ subject: string; payload: any }> = [];
  private constructor(private readonly nc: NatsConnection, private readonly sub: Subscription) {}
  static async open(): Promise<MeetingEvents> {
    const nc = await connect({ servers: env.NATS_URL.replace(/^nats:\/\//, ''), name: 'meeting-api-tap' });
    const sub = nc.subscribe('meeting.v1.*.*');
    const tap = new MeetingEvents(nc, sub);
    (async () => {
      for await (const m of sub) {
        const e = openEvent(m.data);
        tap.seen.push({ subject: m.subject, payload: e.payload });
      }
    })().catch(() => undefined);
    await nc.flush();
    return tap;
  }
  async next(subject: string, match: (p: any) => boolean = () => true, timeoutMs = 10_000): Promise<any> {
    const hit = await waitFor(`event ${subject}`, () => this.seen.find((e) => e.subject === subject && match(e.payload)), timeoutMs);
    return hit.payload;
  }
  all(subject: string, match: (p: any) => boolean = () => true): any[] {
    return this.seen.filter((e) => e.subject === subject && match(e.payload)).map((e) => e.payload);
  }
  /** every event seen so far whose payload matches, whatever its subject */
  any(match: (p: any) => boolean): Array<{ subject: string; payload: any }> {
    return this.seen.filter((e) => match(e.payload));
  }
  async close(): Promise<void> {
    this.sub.unsubscribe();
    await this.nc.drain().catch(() => undefined);
  }
}

/**
 * The suites' usual set-up: before all tests a fresh world and a tap on the meeting events, handed to
 * `set`; after all tests the tap and the session store's connection are closed.
 */
export function worldWithEvents(set: (w: World, tap: MeetingEvents) => void): void {
  let tap: MeetingEvents | undefined;
  beforeAll(async () => {
    const w = await world();
    tap = await MeetingEvents.open();
    set(w, tap);
  });
  afterAll(async () => {
    await tap?.close();
    closeRedis();
  });
}

/**
 * The other usual set-up: before all tests a fresh world and an administrator's connection to the database (for
 * what only the tables show), handed to `set`; after all tests both are closed.
 */
export function worldWithDatabase(set: (w: World, db: Client) => void): void {
  let db: Client | undefined;
  beforeAll(async () => {
    const w = await world();
    db = new Client({ connectionString: env.DATABASE_ADMIN_URL });
    await db.connect();
    set(w, db);
  });
  afterAll(async () => {
    await db?.end();
    closeRedis();
  });
}

/** the token of a guest link 'http://host/meeting/{id}?token=...' */
export const tokenOf = (link: string): string => new URL(link, 'http://app.invalid').searchParams.get('token') ?? '';
