import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './services/minutes/src/db/schema.ts',
  out: './services/minutes/src/db/migrations',
  schemaFilter: ['minutes'],
});
