import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './services/library/src/db/schema.ts',
  out: './services/library/src/db/migrations',
  schemaFilter: ['library'],
});
