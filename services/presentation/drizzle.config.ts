import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './services/presentation/src/db/schema.ts',
  out: './services/presentation/src/db/migrations',
  schemaFilter: ['presentation'],
});
