import * as path from 'node:path';
import { defineConfig } from 'drizzle-kit';

// paths relative to the repository root (run from there: npx drizzle-kit generate --config services/meeting/drizzle.config.ts)
const here = path.relative(process.cwd(), __dirname) || '.';

export default defineConfig({
  dialect: 'postgresql',
  schema: `./${here}/src/db/schema.ts`,
  out: `./${here}/src/db/migrations`,
  schemaFilter: ['meeting'],
});
