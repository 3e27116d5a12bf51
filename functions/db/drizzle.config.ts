import { defineConfig } from "drizzle-kit";

// Generates SQL migrations from the schema; wrangler applies them (wrangler.toml migrations_dir).
export default defineConfig({
  dialect: "sqlite",
  schema: "./functions/db/schema/index.ts",
  out: "./functions/db/migrations",
});
