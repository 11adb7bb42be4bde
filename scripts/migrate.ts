/**
 * Apply every service's committed migrations (services/<name>/src/db/migrations), as the database
 * owner, then grant each service's own role (`boardroom_<service>`, serviceRole) its schema and nothing else
 * (grantServiceRoles; docs/operations.md "Who may talk to whom"). Used by `npm start`, `npm test` and
 * `npm run migrate`; idempotent. Reads DATABASE_ADMIN_URL, and DATABASE_APP_ROLE only where a role must reach every
 * schema (the int tier's in-process tests: scripts/test.mjs sets it to boardroom_app; never in production).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { z } from 'zod';
import { grantServiceRoles, migrateService, parseConfig } from '@app/platform';

const config = parseConfig(
  z.object({
    DATABASE_ADMIN_URL: z.string().min(1),
    DATABASE_APP_ROLE: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(/^[a-z_][a-z0-9_]*$/).optional()),
  }),
);

async function main() {
  const root = path.resolve(__dirname, '..');
  const services = fs.readdirSync(path.join(root, 'services')).sort();
  const migrated: string[] = [];
  for (const name of services) {
    const folder = path.join(root, 'services', name, 'src', 'db', 'migrations');
    if (!fs.existsSync(path.join(folder, 'meta', '_journal.json'))) continue;
    migrated.push(name);
    await migrateService({
      adminUrl: config.DATABASE_ADMIN_URL,
      schema: name,
      migrationsFolder: folder,
      appRole: config.DATABASE_APP_ROLE,
      log: (m) => console.log(`[migrate] ${m}`),
    });
  }
  await grantServiceRoles(config.DATABASE_ADMIN_URL, migrated, (m) => console.log(`[migrate] ${m}`));
}

main().catch((e) => {
  console.error('[migrate] failed:', e instanceof Error ? e.message : e);
  process.exit(1);
});
