import { defineConfig } from "drizzle-kit";

// `npm run db:generate -w @fundament/api` writes a new versioned migration to drizzle/ from src/db/schema.ts.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema.ts",
  out: "./drizzle",
});
