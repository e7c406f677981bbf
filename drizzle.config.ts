// `npx drizzle-kit generate` writes a new migration into drizzle/ from src/platform/db/schema.ts.
// Migrations are committed and applied at start with migrate(); never `push`.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/platform/db/schema.ts',
  out: './drizzle',
});
