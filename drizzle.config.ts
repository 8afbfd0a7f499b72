import { defineConfig } from 'drizzle-kit';

/** drizzle-kit generates SQL migrations from the schema into `drizzle/` (committed). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './app/server/db/schema.ts',
  out: './drizzle',
});
