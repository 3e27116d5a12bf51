import { applyD1Migrations, env } from "cloudflare:test";

// Each test file gets its own storage; migrate it before the file's tests run.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
