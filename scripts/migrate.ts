/**
 * Apply every service's committed migrations (services/<name>/src/db/migrations), as the database
 * owner, then grant the application role what it needs. Used by `npm start`, `npm test` and
 * `npm run migrate`. Reads DATABASE_ADMIN_URL and DATABASE_APP_ROLE (default boardroom_app).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { z } from 'zod';
import { migrateService, parseConfig } from '@app/platform';

const config = parseConfig(
  z.object({
    DATABASE_ADMIN_URL: z.string().min(1),
    DATABASE_APP_ROLE: z.string().regex(/^[a-z_][a-z0-9_]*$/).default('boardroom_app'),
  }),
);

async function main() {
  const root = path.resolve(__dirname, '..');
  const services = fs.readdirSync(path.join(root, 'services')).sort();
  for (const name of services) {
    const folder = path.join(root, 'services', name, 'src', 'db', 'migrations');
    if (!fs.existsSync(path.join(folder, 'meta', '_journal.json'))) continue;
    await migrateService({
      adminUrl: config.DATABASE_ADMIN_URL,
      schema: name,
      migrationsFolder: folder,
      appRole: config.DATABASE_APP_ROLE,
      log: (m) => console.log(`[migrate] ${m}`),
    });
  }
}

main().catch((e) => {
  console.error('[migrate] failed:', e instanceof Error ? e.message : e);
  process.exit(1);
});
