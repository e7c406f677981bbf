// `npx drizzle-kit generate` writes a new migration into drizzle/ from the tables: the platform's
// (src/platform/db/schema.ts) and those a feature owns (src/<feature>/tables.ts).
// Migrations are committed and applied at start with migrate(); never `push`.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/platform/db/schema.ts', './src/oauth/tables.ts'],
  out: './drizzle',
});
