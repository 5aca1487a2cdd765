import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @servicedesk/server` writes a new SQL migration from the schema files.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});
