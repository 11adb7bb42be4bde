import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { CROSS_SCHEMA_READS, grantServiceRoles, serviceRole } from '@app/platform';
import { serviceDatabase, testEnv } from '@app/testing';

/**
 * Least privilege in PostgreSQL (issue 26; docs/security.md "Least privilege"): each service connects as its own role
 * (`boardroom_<service>`, made by scripts/infra.mjs, granted by scripts/migrate.ts), which may use its own schema and
 * no other, is neither a superuser nor BYPASSRLS, and so stays under row-level security. Against the test database
 * `npm test` migrated, through the very URL (and, with PGlite, SET ROLE) the running service gets.
 */
const env = testEnv();
const ROOT = path.resolve(__dirname, '../../..');
/** the services with a database: those scripts/migrate.ts migrates */
const SCHEMAS = fs
  .readdirSync(path.join(ROOT, 'services'))
  .filter((n) => fs.existsSync(path.join(ROOT, 'services', n, 'src/db/migrations/meta/_journal.json')))
  .sort();

let admin: Client;
beforeAll(async () => {
  admin = new Client({ connectionString: env.DATABASE_ADMIN_URL });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
});

/** a transaction as the service's role (its DATABASE_URL; with PGlite, SET LOCAL ROLE), always rolled back */
async function asService<T>(service: string, fn: (c: Client) => Promise<T>): Promise<T> {
  const { url, setRole } = serviceDatabase(service);
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('BEGIN');
    if (setRole) await c.query(`SET LOCAL ROLE ${setRole}`);
    return await fn(c);
  } finally {
    await c.query('ROLLBACK').catch(() => undefined);
    await c.end();
  }
}
const errorOf = (p: Promise<unknown>): Promise<{ code?: string; message: string }> =>
  p.then(
    () => ({ message: 'no error' }),
    (e: { code?: string; message: string }) => ({ code: e.code, message: e.message }),
  );

describe('the meeting service as its own role', () => {
  it('connects as boardroom_meeting', async () => {
    const who = await asService('meeting', async (c) => (await c.query<{ u: string }>('SELECT current_user AS u')).rows[0].u);
    expect(who).toBe('boardroom_meeting');
  });

  it("may not read the organization service's users (permission denied)", async () => {
    const err = await asService('meeting', (c) => errorOf(c.query('SELECT id, email FROM organization.users LIMIT 1')));
    expect(err).toEqual({ code: '42501', message: 'permission denied for schema organization' });
  });

  it('reads and writes its own schema (identity sequence included), under row-level security', async () => {
    const [orgA, orgB] = [randomUUID(), randomUUID()];
    const seen = await asService('meeting', async (c) => {
      await c.query("SELECT set_config('app.org_id', $1, true)", [orgA]);
      const inserted = await c.query<{ id: string }>(
        'INSERT INTO meeting.calendar_feeds (org_id, user_id, token_hash, token_sealed) VALUES ($1, 1, $2, $3) RETURNING id',
        [orgA, randomBytes(32).toString('hex'), 'sealed'],
      );
      await c.query("UPDATE meeting.calendar_feeds SET token_sealed = 'resealed' WHERE id = $1", [inserted.rows[0].id]);
      const mine = await c.query<{ token_sealed: string }>('SELECT token_sealed FROM meeting.calendar_feeds WHERE id = $1', [inserted.rows[0].id]);
      // another organization's transaction does not see the row: RLS applies to the role
      await c.query("SELECT set_config('app.org_id', $1, true)", [orgB]);
      const other = await c.query('SELECT 1 FROM meeting.calendar_feeds WHERE id = $1', [inserted.rows[0].id]);
      // and may not write a row for the first organization
      const crossWrite = await errorOf(
        c.query('INSERT INTO meeting.calendar_feeds (org_id, user_id, token_hash, token_sealed) VALUES ($1, 1, $2, $3)', [orgA, randomBytes(32).toString('hex'), 'x']),
      );
      return { mine: mine.rows.map((r) => r.token_sealed), other: other.rowCount, crossWrite: crossWrite.code };
    });
    expect(seen).toEqual({ mine: ['resealed'], other: 0, crossWrite: '42501' });
  });
});

describe("every service's role", () => {
  it('exists for every service with a database, logs in, and is neither a superuser nor BYPASSRLS', async () => {
    expect(SCHEMAS).toEqual(expect.arrayContaining(['meeting', 'organization', 'approval', 'library', 'notification']));
    const { rows } = await admin.query<{ rolname: string; rolcanlogin: boolean; rolsuper: boolean; rolbypassrls: boolean; rolcreaterole: boolean; rolcreatedb: boolean }>(
      'SELECT rolname, rolcanlogin, rolsuper, rolbypassrls, rolcreaterole, rolcreatedb FROM pg_roles WHERE rolname = ANY($1) ORDER BY rolname',
      [SCHEMAS.map(serviceRole)],
    );
    expect(rows).toEqual(
      SCHEMAS.map(serviceRole)
        .sort()
        .map((rolname) => ({ rolname, rolcanlogin: true, rolsuper: false, rolbypassrls: false, rolcreaterole: false, rolcreatedb: false })),
    );
  });

  it.each(SCHEMAS)('%s: DML on every table of its own schema, nothing on any other schema (bar CROSS_SCHEMA_READS)', async (schema) => {
    const role = serviceRole(schema);
    const { rows } = await admin.query<{ schema: string; usage: boolean; tables: number; dml: number; reads: number; any: number }>(
      `SELECT n.nspname AS schema,
              has_schema_privilege($1, n.oid, 'USAGE') AS usage,
              count(c.oid)::int AS tables,
              count(c.oid) FILTER (WHERE has_table_privilege($1, c.oid, 'SELECT, INSERT, UPDATE, DELETE'))::int AS dml,
              count(c.oid) FILTER (WHERE has_table_privilege($1, c.oid, 'SELECT'))::int AS reads,
              count(c.oid) FILTER (WHERE has_table_privilege($1, c.oid, 'SELECT') OR has_table_privilege($1, c.oid, 'INSERT')
                                      OR has_table_privilege($1, c.oid, 'UPDATE') OR has_table_privilege($1, c.oid, 'DELETE')
                                      OR has_table_privilege($1, c.oid, 'TRUNCATE'))::int AS any
         FROM pg_namespace n LEFT JOIN pg_class c ON c.relnamespace = n.oid AND c.relkind IN ('r', 'p', 'v', 'm')
        WHERE n.nspname = ANY($2)
        GROUP BY n.nspname, n.oid ORDER BY n.nspname`,
      [role, [...SCHEMAS, 'drizzle']],
    );
    const reads = CROSS_SCHEMA_READS[schema] ?? [];
    for (const r of rows) {
      if (r.schema === schema) expect({ ...r, dml: r.dml === r.tables && r.tables > 0 }).toMatchObject({ schema, usage: true, dml: true });
      else if (reads.includes(r.schema)) expect(r).toMatchObject({ usage: true, reads: r.tables });
      else expect(r).toMatchObject({ schema: r.schema, usage: false, any: 0 });
    }
    expect(rows.map((r) => r.schema)).toEqual([...SCHEMAS, 'drizzle'].sort());
  });

  it('loses a grant on another service\'s schema the next time the grants are applied (scripts/migrate.ts converges)', async () => {
    await admin.query('GRANT USAGE ON SCHEMA organization TO boardroom_meeting');
    await admin.query('GRANT SELECT ON organization.users TO boardroom_meeting');
    const planted = await admin.query<{ ok: boolean }>("SELECT has_table_privilege('boardroom_meeting', 'organization.users', 'SELECT') AS ok");
    expect(planted.rows[0].ok).toBe(true);
    await grantServiceRoles(env.DATABASE_ADMIN_URL, SCHEMAS);
    const after = await admin.query<{ t: boolean; s: boolean }>("SELECT has_table_privilege('boardroom_meeting', 'organization.users', 'SELECT') AS t, has_schema_privilege('boardroom_meeting', 'organization', 'USAGE') AS s");
    expect(after.rows[0]).toEqual({ t: false, s: false });
  });

  it('refuses a service role that bypasses row-level security', async () => {
    const schema = `zz_roles_${randomBytes(4).toString('hex')}`;
    const role = serviceRole(schema);
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.query(`CREATE ROLE ${role} LOGIN BYPASSRLS`);
    try {
      await expect(grantServiceRoles(env.DATABASE_ADMIN_URL, [schema])).rejects.toThrow(`role ${role} is a superuser or bypasses row-level security`);
    } finally {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.query(`DROP OWNED BY ${role}`).catch(() => undefined);
      await admin.query(`DROP ROLE ${role}`);
    }
  });
});
