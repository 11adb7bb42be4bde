/**
 * `npm run bench:votes` — a benchmark, not a test: it prints figures, never a verdict.
 *
 * A board votes at once: BENCH_VOTERS (default 200, then 400) members of a scheduled meeting each cast one
 * vote on the same resolution at the same moment, over NATS, exactly as the gateway sends them
 * (CastVote), against the real meeting service with the real organization service beside it (both in this
 * process). Prints the wall time of the burst, votes per second, latency percentiles and how many calls
 * failed (an RPC timeout is a 508 for the voter), then checks the database holds one vote per voter.
 *
 * Infrastructure: as `npm start` finds it (scripts/infra.mjs), except NATS: a private nats-server on a free
 * port when the binary is there, so a running system's services never answer the benchmark's requests.
 * Redis database BENCH_REDIS_DB (default 14). The benchmark's organization is deleted afterwards.
 *
 * Knobs: BENCH_VOTERS (comma-separated burst sizes, e.g. "200,400"), BENCH_REDIS_DB.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from 'pg';
import { z } from 'zod';
import { AddMembers, CastVote, ChangeMeetingStatus, CreateDecision, CreateMeeting, CreateTalkingPoint, type Actor } from '@app/contracts';
import { Bus, createRootLogger, migrateService, parseConfig } from '@app/platform';
import { createTestCommittee, createTestOrg, createTestUser, uniqueSlug } from '@app/testing';
import { OrganizationModule } from '../services/organization/src/app.module';
import { loadOrganizationConfig } from '../services/organization/src/config';
import { MeetingModule } from '../services/meeting/src/app.module';
import { loadMeetingConfig } from '../services/meeting/src/config';

const bench = parseConfig(
  z.object({
    BENCH_VOTERS: z
      .string()
      .default('200,400')
      .transform((s) => s.split(',').map((x) => Number(x.trim())))
      .pipe(z.array(z.number().int().min(2).max(5000)).min(1)),
    BENCH_REDIS_DB: z.coerce.number().int().min(0).max(15).default(14),
    DATABASE_APP_ROLE: z.string().regex(/^[a-z_][a-z0-9_]*$/).default('boardroom_app'),
  }),
);

const ROOT = path.resolve(__dirname, '..');
const log = (m: string) => console.log(`[bench] ${m}`);
// keep a real dynamic import (swc would turn import() into require(); infra.mjs is an ES module)
const importEsm = new Function('u', 'return import(u)') as (u: string) => Promise<any>;

const pad = (n: number) => String(n).padStart(2, '0');
function localIn(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} 10:00 AM`;
}

function withDb(url: string, db: number): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

/** A nats-server of the benchmark's own (fresh JetStream store), or null when the binary is missing. */
async function privateNats(infraMod: any): Promise<{ url: string; stop: () => void } | null> {
  const bin = infraMod.which('nats-server');
  if (!bin) return null;
  const port: number = await infraMod.pickPort(24222);
  const store = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-votes-nats-'));
  const child: ChildProcess = spawn(bin, ['-js', '-sd', store, '-a', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
  await infraMod.waitForPort(port, { child, name: 'nats-server' });
  return {
    url: `nats://127.0.0.1:${port}`,
    stop: () => {
      child.kill('SIGTERM');
      fs.rmSync(store, { recursive: true, force: true });
    },
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main(): Promise<void> {
  const infraMod = await importEsm(pathToFileURL(path.join(ROOT, 'scripts/infra.mjs')).href);
  const infra = await infraMod.resolveInfra({ purpose: 'start', dataDir: '.data/bench', log: (m: string) => log(`infra: ${m}`) });
  const nats = await privateNats(infraMod);
  if (!nats) log('warning: no nats-server binary; using the shared NATS (a running system may answer some requests)');
  const env: Record<string, string | undefined> = {
    ...infra.env,
    NATS_URL: nats?.url ?? infra.env.NATS_URL,
    REDIS_URL: withDb(infra.env.REDIS_URL, bench.BENCH_REDIS_DB),
    HTTP_PORT: '0',
    LOG_LEVEL: 'error',
    NODE_ENV: 'development',
  };
  createRootLogger('bench', 'error');
  const apps: INestApplicationContext[] = [];
  const orgIds: string[] = [];
  try {
    for (const schema of ['organization', 'meeting']) {
      await migrateService({ adminUrl: env.DATABASE_ADMIN_URL!, schema, migrationsFolder: path.join(ROOT, `services/${schema}/src/db/migrations`), appRole: bench.DATABASE_APP_ROLE });
    }
    const organization = await NestFactory.createApplicationContext(OrganizationModule.register(loadOrganizationConfig({ ...env, ARGON2_MEMORY_KIB: '4096' })), { logger: false });
    await organization.init();
    apps.push(organization);
    const meeting = await NestFactory.createApplicationContext(MeetingModule.register(loadMeetingConfig({ ...env, PUBLIC_BASE_DOMAIN: 'localhost:3000' })), { logger: false });
    await meeting.init();
    apps.push(meeting);
    const bus = meeting.get(Bus);
    const user = (userId: number, email: string): Actor => ({ kind: 'user', userId, email, name: email, roleId: null, isAdmin: false, permissions: [], guestToken: null });

    const results: string[] = [];
    for (const n of bench.BENCH_VOTERS) {
      // the board: an organization, a chair, n members in a committee, a scheduled meeting, one resolution
      const org = await createTestOrg(bus, { name: `Benchmark votes ${n}` });
      orgIds.push(org.orgId);
      const chairUser = await createTestUser(bus, org.orgId, { name: 'Chair' });
      const voters: { userId: number; email: string }[] = [];
      for (let i = 0; i < n; i += 25) {
        const batch = Array.from({ length: Math.min(25, n - i) }, (_, j) => createTestUser(bus, org.orgId, { name: `Member ${i + j}`, email: `m${i + j}.${uniqueSlug('v')}@bench.test` }));
        voters.push(...(await Promise.all(batch)));
      }
      const committeeId = await createTestCommittee(bus, org.orgId, { admins: [chairUser.email], members: voters.map((v) => v.email) });
      const chair = user(chairUser.userId, chairUser.email);
      const m = await bus.request(CreateMeeting, { orgId: org.orgId, actor: chair, body: { title: `Board of ${n}`, committee_id: committeeId, start_date: localIn(3), location: 'Hall' } });
      await bus.request(AddMembers, { orgId: org.orgId, actor: chair, meetingId: m.id, body: { user_id: voters.map((v) => v.userId), type: 'Viewer' } });
      await bus.request(CreateTalkingPoint, {
        orgId: org.orgId, actor: chair, meetingId: m.id,
        body: { title: 'Budget', viewers: [{ user_id: voters[0].userId, user_email: null }], presenters: [{ user_id: chair.userId, user_email: null }], attachments: [], attachment_ids: [], subpoints: [] },
      });
      await bus.request(ChangeMeetingStatus, { orgId: org.orgId, actor: chair, meetingId: m.id, body: { meeting_status_id: 2, reason: 'ready' } });
      const d = await bus.request(CreateDecision, {
        orgId: org.orgId, actor: chair, meetingId: m.id,
        body: { title: 'The budget', deadline: `${localIn(4).slice(0, 10)} 10:00:00`, voters: voters.map((v) => ({ user_id: v.userId, user_email: null })), attachments: [], attachment_ids: [] },
      });

      // the burst
      const values = ['Approved', 'Denied', 'Abstained', 'Others'] as const;
      const latencies: number[] = [];
      const failures = new Map<string, number>();
      const t0 = performance.now();
      await Promise.all(
        voters.map(async (v, i) => {
          const s = performance.now();
          try {
            await bus.request(CastVote, { orgId: org.orgId, actor: user(v.userId, v.email), decisionId: d.id, body: { vote: values[i % 4], reason: 'because' } });
            latencies.push(performance.now() - s);
          } catch (e) {
            const code = (e as { code?: string }).code ?? 'ERROR';
            failures.set(code, (failures.get(code) ?? 0) + 1);
          }
        }),
      );
      const wallS = (performance.now() - t0) / 1000;
      latencies.sort((a, b) => a - b);

      const admin = new Client({ connectionString: env.DATABASE_ADMIN_URL });
      await admin.connect();
      const stored = await admin.query('select count(distinct voter_key)::int as n from meeting.voters where org_id = $1 and decision_id = $2 and vote <> $3', [org.orgId, d.id, 'Pending']);
      await admin.end();

      const ok = latencies.length;
      const fail = [...failures.entries()].map(([k, c]) => `${k} ${c}`).join(', ') || 'none';
      results.push(
        `  ${String(n).padStart(5)} voters  ${wallS.toFixed(2).padStart(6)} s  ${(ok / wallS).toFixed(0).padStart(5)} votes/s  ` +
          `p50 ${ok ? percentile(latencies, 50).toFixed(0) : '-'} ms  p95 ${ok ? percentile(latencies, 95).toFixed(0) : '-'} ms  p99 ${ok ? percentile(latencies, 99).toFixed(0) : '-'} ms  ` +
          `max ${ok ? latencies[ok - 1].toFixed(0) : '-'} ms  failed: ${fail}  stored: ${stored.rows[0].n}/${n}`,
      );
      log(results[results.length - 1].trim());
    }
    console.log('');
    console.log(`vote burst benchmark (node ${process.version}, ${os.cpus().length} cores; meeting and organization services in this process)`);
    for (const r of results) console.log(r);
  } finally {
    for (const app of apps.reverse()) await app.close().catch(() => undefined);
    if (orgIds.length) {
      const admin = new Client({ connectionString: infra.env.DATABASE_ADMIN_URL });
      await admin.connect();
      try {
        // every row of the benchmark's organizations, in any schema, foreign keys not in the way
        await admin.query('SET session_replication_role = replica');
        const tables = await admin.query(
          `select table_schema, table_name from information_schema.columns where column_name = 'org_id' and table_schema in ('organization', 'meeting', 'notification', 'public')`,
        );
        for (const t of tables.rows) await admin.query(`delete from "${t.table_schema}"."${t.table_name}" where org_id = any($1::uuid[])`, [orgIds]).catch(() => undefined);
        await admin.query(`delete from organization.organizations where id = any($1::uuid[])`, [orgIds]).catch(() => undefined);
      } finally {
        await admin.end();
      }
    }
    nats?.stop();
    await infra.stop();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error('[bench] failed:', e instanceof Error ? e.stack ?? e.message : e, (e as { fields?: unknown }).fields ?? '');
    process.exit(1);
  },
);
