import { applyD1Migrations, env } from "cloudflare:test";
import { beforeEach } from "vitest";
import { forgetReference } from "../../../functions/market/reference";

// Each test file gets its own storage; migrate it before the file's tests run.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// Tests seed their own currencies and locations; the Worker shares this isolate's module copy of
// the reference data, so a copy read before a test's seeding must not outlive that test.
beforeEach(forgetReference);
