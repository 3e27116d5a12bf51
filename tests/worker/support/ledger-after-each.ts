/**
 * Every worker test ends by checking the ledger (ledger.ts): a path that oversells, pays twice
 * or leaves an order in two states fails the very test that took it, not a later audit.
 */
import { afterEach } from "vitest";
import { assertLedger } from "./ledger";

afterEach(assertLedger);
