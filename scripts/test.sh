#!/usr/bin/env bash
# Every test, in the order CI runs them (`npm test`): the build the tests serve, then the types and
# the unit tests side by side (neither needs the other, and on two cores that saves about 40 s),
# then the Worker in workerd, then the browser against the built app.
# The browser tests' database is migrated and seeded from the start, beside the build (which
# needs no database and keeps about one core of two busy): about 30 s the browser tests no
# longer wait for. So is the Observatory's scanner installed (observatory.spec.ts), some 30 s
# spent mostly waiting on the registry that a browser test's worker no longer spends.
set -euo pipefail
cd "$(dirname "$0")/.."

npx tsx tests/e2e/support/serve.ts --seed-only &
seed=$!
npx tsx tests/e2e/support/observatory.ts &
observatory=$!
npm run build
npm run typecheck &
typecheck=$!
npm run test:unit
wait "$typecheck"
npm run test:worker
wait "$seed"
wait "$observatory"
E2E_SEEDED=1 npm run test:e2e
