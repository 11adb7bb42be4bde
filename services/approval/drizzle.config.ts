import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './services/approval/src/db/schema.ts',
  out: './services/approval/src/db/migrations',
  schemaFilter: ['approval'],
});
