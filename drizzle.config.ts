// `npx drizzle-kit generate` writes a new migration into drizzle/ from the tables: each feature's
// (src/<feature>/tables.ts) and the platform's own (src/platform/db/tables.ts). Migrations are
// committed and applied at start with migrate(); never `push`.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/*/tables.ts', './src/platform/db/tables.ts'],
  out: './drizzle',
});
