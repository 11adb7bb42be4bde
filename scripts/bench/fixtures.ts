/**
 * What the benchmarks measure against, created through the running system: organizations, users and
 * committees with the factories of libs/testing (RPCs to the organization service), meetings, members,
 * talking points and decisions with the meeting service's RPCs, exactly as the gateway sends them.
 *
 * Sessions: a voter's session is written with the platform's SessionStore (what a sign-in does after the
 * password check), so that 1,000 voters need not each pass argon2 and the sign-in rate limit first.
 * Signing in is not what P1, P2 or P7 measure; every measured request still goes through the gateway's
 * session look-up.
 */
import { connect, type NatsConnection } from '@nats-io/transport-node';
import Redis from 'ioredis';
import {
  AddMembers, ChangeMeetingStatus, CreateDecision, CreateMeeting, CreateTalkingPoint, GetActor, type Actor,
} from '@app/contracts';
import { Bus, SessionStore } from '@app/platform';
import { createTestCommittee, createTestOrg, createTestUser, uniqueSlug, type TestOrg } from '@app/testing';

export interface Person {
  userId: number;
  email: string;
}

export interface Board {
  org: TestOrg;
  chair: Person;
  members: Person[];
  committeeId: number;
  meetingId: number;
  decisionId: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** a local date-time `days` from now, as the API takes it */
export function localIn(days: number, time = '10:00 AM'): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${time}`;
}

export class Fixtures {
  private constructor(
    readonly bus: Bus,
    private readonly nc: NatsConnection,
    private readonly redis: Redis,
    private readonly sessions: SessionStore,
  ) {}

  static async open(env: Record<string, string>): Promise<Fixtures> {
    const nc = await connect({ servers: env.NATS_URL.replace(/^nats:\/\//, ''), name: 'bench' });
    const redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2 });
    return new Fixtures(new Bus(nc, { service: 'bench', defaultTimeoutMs: 60_000 }), nc, redis, new SessionStore(redis));
  }

  async close(): Promise<void> {
    await this.nc.drain().catch(() => undefined);
    await this.redis.quit().catch(() => undefined);
  }

  async actor(orgId: string, userId: number): Promise<Actor> {
    const { actor } = await this.bus.request(GetActor, { orgId, userId });
    if (!actor) throw new Error(`no actor for user ${userId}`);
    return actor;
  }

  /** a session token for this user, as a sign-in would create it */
  session(orgId: string, userId: number): Promise<string> {
    return this.sessions.create(orgId, userId);
  }

  /** n users, 25 at a time (each is one ProvisionUser RPC with a password hash) */
  async users(orgId: string, n: number, prefix: string, log?: (m: string) => void): Promise<Person[]> {
    const out: Person[] = [];
    for (let i = 0; i < n; i += 25) {
      const batch = Array.from({ length: Math.min(25, n - i) }, (_, j) =>
        createTestUser(this.bus, orgId, { name: `${prefix} ${i + j + 1}`, email: `${prefix.toLowerCase()}${i + j + 1}.${uniqueSlug('b')}@bench.test` }),
      );
      out.push(...(await Promise.all(batch)).map((u) => ({ userId: u.userId, email: u.email })));
      if (log && n >= 200 && (i + 25) % 200 === 0) log(`  ${Math.min(n, i + 25)}/${n} users`);
    }
    return out;
  }

  /**
   * An organization with a chair, `members` members in one committee, a scheduled meeting they all belong to,
   * one talking point and one decision whose voters are all the members.
   */
  /** `ballot`: the decision's kind (P9 votes in a secret ballot) */
  async board(name: string, members: number, log?: (m: string) => void, ballot: 'open' | 'secret' = 'open'): Promise<Board> {
    const org = await createTestOrg(this.bus, { name });
    const [chairUser] = await this.users(org.orgId, 1, 'Chair');
    const people = await this.users(org.orgId, members, 'Member', log);
    const committeeId = await createTestCommittee(this.bus, org.orgId, { admins: [chairUser.email], members: people.map((p) => p.email) });
    const chair = await this.actor(org.orgId, chairUser.userId);
    const m = await this.bus.request(CreateMeeting, {
      orgId: org.orgId, actor: chair, body: { title: `${name}: board meeting`, committee_id: committeeId, start_date: localIn(3), location: 'Hall', duration: 90 },
    });
    for (let i = 0; i < people.length; i += 500) {
      await this.bus.request(AddMembers, { orgId: org.orgId, actor: chair, meetingId: m.id, body: { user_id: people.slice(i, i + 500).map((p) => p.userId), type: 'Viewer' } });
    }
    await this.bus.request(CreateTalkingPoint, {
      orgId: org.orgId, actor: chair, meetingId: m.id,
      body: { title: 'Budget', viewers: [{ user_id: people[0].userId, user_email: null }], presenters: [{ user_id: chair.userId!, user_email: null }], attachments: [], attachment_ids: [], subpoints: [] },
    });
    await this.bus.request(ChangeMeetingStatus, { orgId: org.orgId, actor: chair, meetingId: m.id, body: { meeting_status_id: 2, reason: 'ready' } });
    const d = await this.bus.request(CreateDecision, {
      orgId: org.orgId, actor: chair, meetingId: m.id,
      body: { title: 'The budget', deadline: `${localIn(4).slice(0, 10)} 10:00:00`, voters: people.map((p) => ({ user_id: p.userId, user_email: null })), attachments: [], attachment_ids: [], ballot },
    });
    return { org, chair: { userId: chairUser.userId, email: chairUser.email }, members: people, committeeId, meetingId: m.id, decisionId: d.id };
  }
}
