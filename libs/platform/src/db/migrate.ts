import { Client } from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { ensureOutbox } from '../events/outbox';

export interface MigrateOptions {
  adminUrl: string;
  /** the service's PostgreSQL schema (one per service) */
  schema: string;
  migrationsFolder: string;
  /** the role services connect as; RLS applies to it */
  appRole: string;
  log?: (msg: string) => void;
}

/**
 * Apply a service's committed drizzle-kit migrations as the owner, then make sure that every table with
 * an `org_id` column has row-level security enabled and forced with the tenant policy, and that the
 * application role may use the schema (and nothing more).
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
    await ensureRole(client, opts.appRole);
    await client.query(`GRANT USAGE ON SCHEMA "${opts.schema}" TO ${opts.appRole}`);
    await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA "${opts.schema}" TO ${opts.appRole}`);
    await client.query(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA "${opts.schema}" TO ${opts.appRole}`);
    opts.log?.(`migrated schema ${opts.schema}`);
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
