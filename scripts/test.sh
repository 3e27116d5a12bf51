#!/usr/bin/env bash
# Every test, in the order CI runs them (`npm test`): the build the tests serve, then the types and
# the unit tests side by side (neither needs the other, and on two cores that saves about 40 s),
# then the Worker in workerd, then the browser against the built app.
set -euo pipefail
cd "$(dirname "$0")/.."

npm run build
npm run typecheck &
typecheck=$!
npm run test:unit
wait "$typecheck"
npm run test:worker
npm run test:e2e
