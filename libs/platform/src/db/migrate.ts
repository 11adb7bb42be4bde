import { Client } from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { ensureOutbox } from '../events/outbox';

export interface MigrateOptions {
  adminUrl: string;
  /** the service's PostgreSQL schema (one per service) */
  schema: string;
  migrationsFolder: string;
  /**
   * a role granted the schema besides the service's own (serviceRole(schema)): the int tier's shared
   * `boardroom_app`, which in-process tests of several services use; never set in production
   */
  appRole?: string;
  log?: (msg: string) => void;
}

/**
 * The login role a service connects as (docs/operations.md "Who may talk to whom"): `boardroom_<schema>`, granted
 * USAGE and DML on its own schema only, NOSUPERUSER NOBYPASSRLS (row-level security applies to it).
 */
export const serviceRole = (schema: string): string => `boardroom_${schema}`;

/**
 * Reads of another service's schema a service needs, by service: none today (each service reads and writes its own
 * schema only and asks the others over NATS; docs/security.md "Least privilege"). An entry here is granted SELECT on
 * that schema's tables; anything else is revoked by grantServiceRole.
 */
export const CROSS_SCHEMA_READS: Readonly<Record<string, readonly string[]>> = Object.freeze({});

/**
 * Apply a service's committed drizzle-kit migrations as the owner, then make sure that every table with
 * an `org_id` column has row-level security enabled and forced with the tenant policy, and that the
 * service's role (and `appRole` when given) may use the schema (and nothing more).
 */
export async function migrateService(opts: MigrateOptions): Promise<void> {
  const client = new Client({ connectionString: opts.adminUrl });
  await client.connect();
  try {
    const db = drizzle(client);
    // The journal lives outside the service's schema: drizzle-kit's first migration runs `CREATE SCHEMA "<name>"`,
    // which fails when the schema was created beforehand (by us or by drizzle for its journal table).
    await migrate(db, { migrationsFolder: opts.migrationsFolder, migrationsSchema: 'drizzle', migrationsTable: `__migrations_${opts.schema}` });
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${opts.schema}"`);
    await ensureOutbox(client, opts.schema);
    await ensureTenantRls(client, opts.schema);
    for (const role of [serviceRole(opts.schema), ...(opts.appRole ? [opts.appRole] : [])]) {
      await ensureRole(client, role);
      await grantSchema(client, opts.schema, role);
    }
    opts.log?.(`migrated schema ${opts.schema}`);
  } finally {
    await client.end();
  }
}

/** USAGE and DML on every table and sequence of `schema` (idempotent) */
async function grantSchema(client: Client, schema: string, role: string): Promise<void> {
  await client.query(`GRANT USAGE ON SCHEMA "${schema}" TO ${role}`);
  await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA "${schema}" TO ${role}`);
  await client.query(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA "${schema}" TO ${role}`);
}

/**
 * After every schema is migrated: each service's role may connect, keeps its own schema (migrateService granted it),
 * reads what CROSS_SCHEMA_READS lists, and loses whatever it was given on any other service's schema (a hand-made
 * grant, an old exception). Refuses (throws) when a service's role is a superuser or bypasses RLS: the owner cannot
 * change those attributes where the roles are managed elsewhere (CloudNativePG), so the operator must.
 */
export async function grantServiceRoles(adminUrl: string, schemas: string[], log?: (msg: string) => void): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const db = (await client.query<{ db: string }>('SELECT current_database() AS db')).rows[0].db;
    for (const schema of schemas) {
      const role = serviceRole(schema);
      await ensureRole(client, role);
      const r = await client.query<{ rolsuper: boolean; rolbypassrls: boolean }>('SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = $1', [role]);
      if (r.rows[0]?.rolsuper || r.rows[0]?.rolbypassrls) throw new Error(`role ${role} is a superuser or bypasses row-level security: ALTER ROLE ${role} NOSUPERUSER NOBYPASSRLS`);
      await client.query(`GRANT CONNECT ON DATABASE "${db}" TO ${role}`);
      const reads = CROSS_SCHEMA_READS[schema] ?? [];
      for (const other of schemas) {
        if (other === schema) continue;
        if (reads.includes(other)) {
          await client.query(`GRANT USAGE ON SCHEMA "${other}" TO ${role}`);
          await client.query(`GRANT SELECT ON ALL TABLES IN SCHEMA "${other}" TO ${role}`);
          continue;
        }
        await client.query(`REVOKE ALL ON ALL TABLES IN SCHEMA "${other}" FROM ${role}`);
        await client.query(`REVOKE ALL ON ALL SEQUENCES IN SCHEMA "${other}" FROM ${role}`);
        await client.query(`REVOKE ALL ON SCHEMA "${other}" FROM ${role}`);
      }
      log?.(`role ${role}: schema ${schema}${reads.length ? `, reads ${reads.join(', ')}` : ''}`);
    }
  } finally {
    await client.end();
  }
}

export async function ensureRole(client: Client, role: string): Promise<void> {
  const r = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
  if (r.rowCount === 0) {
    await client.query(`CREATE ROLE ${role} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE`).catch((e) => {
      if (!String(e.message).includes('already exists')) throw e;
    });
  }
}

/** RLS on every tenant table: `org_id = current_setting('app.org_id')`, forced even for the owner. */
export async function ensureTenantRls(client: Client, schema: string): Promise<string[]> {
  const tables = await client.query<{ table_name: string }>(
    `SELECT c.table_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = $1 AND c.column_name = 'org_id' AND t.table_type = 'BASE TABLE'`,
    [schema],
  );
  const names: string[] = [];
  for (const { table_name } of tables.rows) {
    const t = `"${schema}"."${table_name}"`;
    await client.query(`ALTER TABLE ${t} ENABLE ROW LEVEL SECURITY`);
    await client.query(`ALTER TABLE ${t} FORCE ROW LEVEL SECURITY`);
    const exists = await client.query(`SELECT 1 FROM pg_policies WHERE schemaname = $1 AND tablename = $2 AND policyname = 'tenant_isolation'`, [schema, table_name]);
    if (exists.rowCount === 0) {
      await client.query(
        `CREATE POLICY tenant_isolation ON ${t} USING (org_id = NULLIF(current_setting('app.org_id', true), '')::uuid) WITH CHECK (org_id = NULLIF(current_setting('app.org_id', true), '')::uuid)`,
      );
    }
    names.push(table_name);
  }
  return names;
}
