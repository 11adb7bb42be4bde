import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { sql } from 'drizzle-orm';
import { Db, ensureRole, ensureTenantRls, runWithContext } from '@app/platform';
import { testEnv } from '@app/testing';

/**
 * Tenancy at the database level: a query written WITHOUT an org filter, run in one organization's
 * transaction, still sees nothing of another organization, because of row-level security; and the
 * role services connect as is neither a superuser nor exempt from RLS.
 */
describe('tenant-scoped database (RLS)', () => {
  const env = testEnv();
  const schema = `platform_rls_${randomUUID().slice(0, 8)}`;
  const orgA = randomUUID();
  const orgB = randomUUID();
  let admin: Client;
  let db: Db;

  beforeAll(async () => {
    admin = new Client({ connectionString: env.DATABASE_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${schema}"`);
    await admin.query(`CREATE TABLE "${schema}".notes (id bigint generated always as identity primary key, org_id uuid not null, body text not null)`);
    await admin.query(`CREATE TABLE "${schema}".lookup (id int primary key, label text)`);
    const tables = await ensureTenantRls(admin, schema);
    expect(tables).toEqual(['notes']);
    await ensureRole(admin, 'boardroom_app');
    await admin.query(`GRANT USAGE ON SCHEMA "${schema}" TO boardroom_app`);
    await admin.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA "${schema}" TO boardroom_app`);
    db = new Db({ url: env.DATABASE_URL, setRole: env.DATABASE_SET_ROLE, schema: {} });
  });

  afterAll(async () => {
    await db.onApplicationShutdown();
    await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
    await admin.end();
  });

  it('the application role is not a superuser and does not bypass RLS', async () => {
    const r = await db.tenant(orgA, async (_tx, c) => (await c.query(`SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user`)).rows[0]);
    expect(r).toEqual({ rolsuper: false, rolbypassrls: false });
  });

  it('a transaction opens in one round trip with the organization set; an id that is not a UUID never reaches SQL', async () => {
    const r = await db.tenant(orgA, async (_tx, c) => (await c.query(`SELECT current_setting('app.org_id') AS org, current_user AS who`)).rows[0]);
    expect(r.org).toBe(orgA);
    expect(r.who).not.toBe('postgres');
    // the id goes into the opening statement as an escaped literal, behind the UUID check: both would have to fail
    for (const odd of [`x'; SET LOCAL ROLE postgres; SELECT '`, 'back\\slash', '']) {
      await expect((async () => db.tenant(odd, async () => 'ran'))()).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    const global = await db.unsafeGlobal(async (_tx, c) => (await c.query(`SELECT current_setting('app.org_id', true) AS org`)).rows[0].org);
    expect(global).toBe('');
  });

  it('the tenant table has RLS enabled and forced; the table without org_id has none', async () => {
    const r = await admin.query(
      `SELECT c.relname, c.relrowsecurity, c.relforcerowsecurity FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 ORDER BY c.relname`,
      [schema],
    );
    const byName = Object.fromEntries(r.rows.filter((x) => ['notes', 'lookup'].includes(x.relname)).map((x) => [x.relname, [x.relrowsecurity, x.relforcerowsecurity]]));
    expect(byName).toEqual({ lookup: [false, false], notes: [true, true] });
  });

  it('an unfiltered query in organization B sees none of organization A', async () => {
    await db.tenant(orgA, (tx) => tx.execute(sql.raw(`INSERT INTO "${schema}".notes (org_id, body) VALUES ('${orgA}', 'a1'), ('${orgA}', 'a2')`)));
    await db.tenant(orgB, (tx) => tx.execute(sql.raw(`INSERT INTO "${schema}".notes (org_id, body) VALUES ('${orgB}', 'b1')`)));
    const inB = await db.tenant(orgB, async (_tx, c) => (await c.query(`SELECT body FROM "${schema}".notes ORDER BY body`)).rows.map((r) => r.body));
    const inA = await db.tenant(orgA, async (_tx, c) => (await c.query(`SELECT body FROM "${schema}".notes ORDER BY body`)).rows.map((r) => r.body));
    const global = await db.unsafeGlobal(async (_tx, c) => (await c.query(`SELECT body FROM "${schema}".notes`)).rowCount);
    expect(inB).toEqual(['b1']);
    expect(inA).toEqual(['a1', 'a2']);
    expect(global).toBe(0);
  });

  it('cannot write a row for another organization, nor move one there', async () => {
    await expect(db.tenant(orgB, (_tx, c) => c.query(`INSERT INTO "${schema}".notes (org_id, body) VALUES ($1, 'sneaky')`, [orgA]))).rejects.toThrow(/row-level security/);
    await expect(db.tenant(orgB, (_tx, c) => c.query(`UPDATE "${schema}".notes SET org_id = $1`, [orgA]))).rejects.toThrow(/row-level security/);
    const updated = await db.tenant(orgB, async (_tx, c) => (await c.query(`UPDATE "${schema}".notes SET body = 'x' WHERE body LIKE 'a%'`)).rowCount);
    expect(updated).toBe(0);
    const deleted = await db.tenant(orgB, async (_tx, c) => (await c.query(`DELETE FROM "${schema}".notes`)).rowCount);
    expect(deleted).toBe(1);
    const stillA = await db.tenant(orgA, async (_tx, c) => (await c.query(`SELECT count(*)::int AS n FROM "${schema}".notes`)).rows[0].n);
    expect(stillA).toBe(2);
  });

  it('a failed transaction writes nothing', async () => {
    await expect(
      db.tenant(orgA, async (_tx, c) => {
        await c.query(`INSERT INTO "${schema}".notes (org_id, body) VALUES ($1, 'half')`, [orgA]);
        throw new Error('fails after the first write');
      }),
    ).rejects.toThrow('fails after the first write');
    const n = await db.tenant(orgA, async (_tx, c) => (await c.query(`SELECT count(*)::int AS n FROM "${schema}".notes WHERE body = 'half'`)).rows[0].n);
    expect(n).toBe(0);
  });

  it('a request whose caller stopped waiting does not begin its transaction; one still awaited does', async () => {
    const write = (body: string) => db.tenant(orgA, async (_tx, c) => c.query(`INSERT INTO "${schema}".notes (org_id, body) VALUES ($1, $2)`, [orgA, body]));
    await expect(runWithContext({ deadline: Date.now() - 1 }, () => write('too-late'))).rejects.toMatchObject({ code: 'RPC_TIMEOUT' });
    await runWithContext({ deadline: Date.now() + 60_000 }, () => write('in-time'));
    const rows = await db.tenant(orgA, async (_tx, c) => (await c.query(`SELECT body FROM "${schema}".notes WHERE body IN ('too-late', 'in-time')`)).rows);
    expect(rows).toEqual([{ body: 'in-time' }]);
  });

  it('a connection whose ROLLBACK failed is destroyed, never handed to the next transaction', async () => {
    // one connection in the pool: were the broken one kept, the next transaction would get it back
    const one = new Db({ url: env.DATABASE_URL, setRole: env.DATABASE_SET_ROLE, poolMax: 1, schema: {} });
    const released: { err: unknown; pid: number | undefined }[] = [];
    one.pool.on('release', (err, client) => released.push({ err, pid: (client as unknown as { processID?: number }).processID }));
    try {
      const pid = await one.unsafeGlobal(async (_tx, c) => (await c.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number);
      await expect(
        one.unsafeGlobal(async (_tx, c) => {
          // the server ends this session in the middle of the transaction; the ROLLBACK that follows cannot run
          await admin.query('SELECT pg_terminate_backend($1)', [pid]);
          for (let i = 0; i < 100 && (await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rowCount; i++) await new Promise((r) => setTimeout(r, 20));
          expect(c).toBeDefined();
          throw new Error('fails after its session ended');
        }),
      ).rejects.toThrow('fails after its session ended');
      // the pool was told the connection is broken (release with an error: it ends it)
      expect(released.at(-1)).toEqual({ err: expect.any(Error), pid });
      const next = await one.unsafeGlobal(async (_tx, c) => (await c.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number);
      expect(next).not.toBe(pid);
      expect(one.pool.totalCount).toBe(1);
      // a healthy failed transaction still goes back to the pool (its ROLLBACK ran)
      await expect(one.unsafeGlobal(async () => { throw new Error('plain failure'); })).rejects.toThrow('plain failure');
      expect(released.at(-1)).toEqual({ err: undefined, pid: next });
      expect(await one.unsafeGlobal(async (_tx, c) => (await c.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number)).toBe(next);
    } finally {
      await one.onApplicationShutdown();
    }
  });

  it('an id that is not an organization id answers Not Found', () => {
    expect(() => db.tenant('not-a-uuid', async () => 1)).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
  });
});
