/**
 * P1's baseline: a bare Node HTTP route that answers `GET /api/meetings/{id}` with the same payload the meeting
 * service builds, by the same code and the same queries straight from PostgreSQL — no gateway, no NATS, no Nest.
 *
 * - The meeting: the meeting service's own MeetingView, MeetingAccess and repositories (constructed here with
 *   `new`), in one tenant transaction of the platform's Db, as the service runs them.
 * - The directory (organization, committee, users): the meeting service's Directory with its caches, whose
 *   look-ups are answered by the organization service's TenancyService and repositories reading the
 *   organization schema in this process, instead of by RPCs over NATS.
 * - The actor: resolved once at start (the gateway resolves it from the session and caches it for 5 s).
 *
 * Run by p1-request-path.ts as its own process (the services run as their own processes too):
 *   BARE_PORT, BARE_ORG_ID, BARE_USER_ID, DATABASE_URL, DATABASE_SET_ROLE (PGlite only), LOG_LEVEL.
 * Answers `{ success: true, data }` as the gateway does; prints "listening <port>" when ready.
 *
 * `GET /plain/meetings/{id}` is P1's second baseline: what a hand-written route pays to read the meeting's rows,
 * three plain queries (the meeting, its members, its agenda items) on pooled connections, nothing composed.
 * `GET /plain/titles?q=` is P10's: a plain ILIKE over the library's file names (p10-search.ts).
 */
import 'reflect-metadata';
import http from 'node:http';
import pg from 'pg';
import { z } from 'zod';
import { GetCommittee, GetOrganization, GetUsers, type Actor, type RpcDef } from '@app/contracts';
import { createRootLogger, Db, parseConfig, type Bus } from '@app/platform';
import { schema as meetingSchema } from '../../services/meeting/src/db/schema';
import type { MeetingConfig } from '../../services/meeting/src/config';
import { Directory } from '../../services/meeting/src/common/directory';
import { MeetingDb } from '../../services/meeting/src/db/db';
import { MeetingAccess } from '../../services/meeting/src/common/meeting-access';
import { LibraryFiles } from '../../services/meeting/src/common/library-files';
import { MeetingView } from '../../services/meeting/src/view/meeting-view';
import { MeetingsRepository } from '../../services/meeting/src/repositories/meetings.repository';
import { MembersRepository } from '../../services/meeting/src/repositories/members.repository';
import { ProxiesRepository } from '../../services/meeting/src/repositories/proxies.repository';
import { AgendaRepository } from '../../services/meeting/src/repositories/agenda.repository';
import { DecisionsRepository } from '../../services/meeting/src/repositories/decisions.repository';
import { SecretBallotsRepository } from '../../services/meeting/src/repositories/secret-ballots.repository';
import { ActionsRepository } from '../../services/meeting/src/repositories/actions.repository';
import { CommentsRepository } from '../../services/meeting/src/repositories/comments.repository';
import { RecordsRepository } from '../../services/meeting/src/repositories/records.repository';
import { ConflictsRepository } from '../../services/meeting/src/repositories/conflicts.repository';
import { BundleRepository } from '../../services/meeting/src/repositories/bundle.repository';
import { AccessRepository } from '../../services/meeting/src/repositories/access.repository';
import { schema as orgSchema } from '../../services/organization/src/db/schema';
import { OrgDb } from '../../services/organization/src/common/org-db';
import { TenancyService } from '../../services/organization/src/tenancy/tenancy.service';
import { OrganizationsRepository } from '../../services/organization/src/repositories/organizations.repository';
import { RolesRepository } from '../../services/organization/src/repositories/roles.repository';
import { UsersRepository } from '../../services/organization/src/repositories/users.repository';
import { CommitteesRepository } from '../../services/organization/src/repositories/committees.repository';

const env = parseConfig(
  z.object({
    BARE_PORT: z.coerce.number().int().min(0).max(65535),
    BARE_ORG_ID: z.string().uuid(),
    BARE_USER_ID: z.coerce.number().int().positive(),
    DATABASE_URL: z.string().min(1),
    DATABASE_SET_ROLE: z.string().optional(),
    DIRECTORY_CACHE_SECONDS: z.coerce.number().int().min(0).default(5),
    LOG_LEVEL: z.string().default('info'),
  }),
);

async function main(): Promise<void> {
  createRootLogger('bare-meeting', env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL);
  // the same pool size as the services' Db (default 5)
  const meetingDb = new Db<typeof meetingSchema>({ url: env.DATABASE_URL, setRole: env.DATABASE_SET_ROLE, schema: meetingSchema });
  const orgDb = new Db<typeof orgSchema>({ url: env.DATABASE_URL, setRole: env.DATABASE_SET_ROLE, schema: orgSchema });
  const tenancy = new TenancyService(new OrgDb(orgDb), new OrganizationsRepository(), new RolesRepository(), new UsersRepository(), new CommitteesRepository());

  // the directory's three look-ups on a meeting page, answered in-process from the organization schema
  const sqlBus = {
    async request(def: RpcDef, payload: any): Promise<unknown> {
      if (def === GetOrganization) return { organization: await tenancy.organization(payload.orgId) };
      if (def === GetCommittee) return { committee: await tenancy.committee(payload.orgId, payload.committeeId) };
      if (def === GetUsers) return { users: await tenancy.usersByIds(payload.orgId, payload.ids) };
      throw new Error(`bare route: no SQL answer for ${def.subject}`);
    },
  } as unknown as Bus;
  const directory = new Directory(sqlBus, { DIRECTORY_CACHE_SECONDS: env.DIRECTORY_CACHE_SECONDS } as MeetingConfig);
  const meetings = new MeetingsRepository();
  const members = new MembersRepository();
  const view = new MeetingView(
    new MeetingDb(meetingDb), new MeetingAccess(meetings, members, directory, new ProxiesRepository(), { GUEST_LINK_DAYS: 30 }, new AccessRepository()), directory,
    new AgendaRepository(), new DecisionsRepository(), new SecretBallotsRepository(), new ActionsRepository(), new CommentsRepository(), new RecordsRepository(), meetings, members,
    // the bare route has no library: attachments keep their ids only
    { resolve: async () => new Map() } as unknown as LibraryFiles,
    new BundleRepository(),
    new ConflictsRepository(),
    new AccessRepository(),
  );
  const actor: Actor | null = await tenancy.actor(env.BARE_ORG_ID, env.BARE_USER_ID);
  if (!actor) throw new Error(`no user ${env.BARE_USER_ID} in organization ${env.BARE_ORG_ID}`);

  // P1's second baseline: the meeting's row, its members and its agenda items in three plain queries (pg, no ORM,
  // no transaction), on connections whose session already holds the organization for row-level security
  const plainPool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 5 });
  plainPool.on('connect', (c) => {
    void c.query(`${env.DATABASE_SET_ROLE ? `SET ROLE ${pg.escapeIdentifier(env.DATABASE_SET_ROLE)}; ` : ''}SELECT set_config('app.org_id', $1, false)`.replace('$1', pg.escapeLiteral(env.BARE_ORG_ID)));
  });
  const plain = async (meetingId: number) => {
    const args = [env.BARE_ORG_ID, meetingId];
    const meeting = await plainPool.query('select * from meeting.meetings where org_id = $1 and id = $2', args);
    const members = await plainPool.query('select * from meeting.members where org_id = $1 and meeting_id = $2 order by id', args);
    const items = await plainPool.query('select * from meeting.talking_points where org_id = $1 and meeting_id = $2 order by row_num, id', args);
    return { meeting: meeting.rows[0] ?? null, members: members.rows, talking_points: items.rows };
  };

  // P10's baseline: a plain ILIKE over the library's titles, what a search box that reads names only costs
  const titles = async (q: string) =>
    (await plainPool.query(`select id, name from library.items where org_id = $1 and not is_folder and name ilike $2 order by name limit 20`, [env.BARE_ORG_ID, `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`])).rows;

  const server = http.createServer((req, res) => {
    const t = /^\/plain\/titles\?q=([^&]*)$/.exec(req.url ?? '');
    if (req.method === 'GET' && t) {
      titles(decodeURIComponent(t[1])).then(
        (data) => res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ success: true, data })),
        (e: unknown) => res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ success: false, message: e instanceof Error ? e.message : String(e) })),
      );
      return;
    }
    const p = /^\/plain\/meetings\/(\d+)$/.exec(req.url ?? '');
    if (req.method === 'GET' && p) {
      plain(Number(p[1])).then(
        (data) => res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ success: true, data })),
        (e: unknown) => res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ success: false, message: e instanceof Error ? e.message : String(e) })),
      );
      return;
    }
    const m = /^\/api\/meetings\/(\d+)$/.exec(req.url ?? '');
    if (req.method !== 'GET' || !m) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"success":false}');
      return;
    }
    view.details(env.BARE_ORG_ID, actor, Number(m[1])).then(
      (data) => res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ success: true, data })),
      (e: unknown) => res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ success: false, message: e instanceof Error ? e.message : String(e) })),
    );
  });
  server.keepAliveTimeout = 65_000;
  server.listen(env.BARE_PORT, '127.0.0.1', () => {
    const addr = server.address();
    console.log(`listening ${typeof addr === 'object' && addr ? addr.port : env.BARE_PORT}`);
  });
  const close = () => server.close(() => Promise.all([meetingDb.onApplicationShutdown(), orgDb.onApplicationShutdown()]).finally(() => process.exit(0)));
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
}

main().catch((e) => {
  console.error('[bare-meeting] failed:', e instanceof Error ? (e.stack ?? e.message) : e);
  process.exit(1);
});
