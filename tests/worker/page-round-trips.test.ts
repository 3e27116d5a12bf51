/**
 * How many D1 round trips each buyer's page waits on one after another before it starts
 * streaming (issue: no page waits on more than two in a row). Counted on the Worker itself with a
 * recording binding (support/round-trips.ts); signed-out pages carry a cookie the edge's page
 * copies do not take, so each is rendered.
 */
import { beforeAll, expect, test } from "vitest";
import { paidOrder } from "./support/after-sales";
import { cookieFor } from "./support/chat";
import { sequentialTrips } from "./support/round-trips";
import { makeListing } from "./support/buying";
import { ASSERTION_COOKIE } from "../../functions/web/session";
import { seedCatalogNow } from "./support/catalog";
import { supportOn } from "./support/after-sales";
import { forgetKeptReads } from "../../functions/market/context/kept";
import { registerThroughApi } from "./support/accounts";

let pages: Record<string, string> = {};
let signedIn: string;
let support: string;

beforeAll(async () => {
  await seedCatalogNow();
  const { order, buyerId } = await paidOrder({ at: Date.now() });
  const { listingId } = await makeListing({ sessionId: order.event.sessionId });
  signedIn = await cookieFor(buyerId);
  support = await cookieFor((await supportOn({ now: () => Date.now() })).userId);
  pages = {
    home: "/",
    explore: "/show-list",
    tourDetail: `/tourDetail?id=${order.event.tourId}`,
    pickSeat: `/pick-seat?sessionId=${order.event.sessionId}`,
    confirmTicket: `/confirm-ticket?listingId=${listingId}&quantity=2`,
    myOrders: "/my-order",
    orderDetail: `/order-detail?id=${order.id}`,
    me: "/mine",
    supportDesk: "/support",
  };
});

/**
 * Each page's round trips in a row before its headers, as `cookie`'s holder asks for it (a warm
 * isolate: each page asked once before, and the session's assertion that answer set sent back,
 * as a browser does).
 */
async function depths(cookie: string, names: readonly string[], { keptReads = true } = {}) {
  const found: Record<string, number> = {};
  for (const name of names) {
    const warm = await sequentialTrips(pages[name], { cookie });
    const assertion = warm.setCookies.find((line) => line.startsWith(`${ASSERTION_COOKIE}=`))?.split(";")[0];
    // As after any write through the isolate: home's floors are read again.
    if (!keptReads) forgetKeptReads();
    const measured = await sequentialTrips(pages[name], { cookie: assertion ? `${cookie}; ${assertion}` : cookie });
    expect(measured.status, name).toBe(200);
    found[name] = measured.depth;
  }
  return found;
}

const PUBLIC = ["home", "explore", "tourDetail", "pickSeat", "confirmTicket", "me"] as const;
const EVERY = [...PUBLIC, "myOrders", "orderDetail"] as const;
// A cookie the edge's page copies do not take, so every page is rendered.
const FRESH = "fresh=1";
const STREAMS = `${FRESH}; runs_scripts=1`;

// Confirm-ticket's third is the listing's view count, written after the page's reads by
// waitUntil: it ends before the headers but nothing waits on it.
// Home's floors are kept in the isolate for ten seconds (functions/market/catalog/floors.ts): a
// warm isolate draws home without reading the catalog, a signed-in viewer's with the one read
// that is theirs; after a write, home reads its plan and then its floors.
test("signed out, no page waits on more than two round trips in a row before it streams", async () => {
  expect(await depths(STREAMS, PUBLIC)).toEqual({ home: 0, explore: 2, tourDetail: 1, pickSeat: 2, confirmTicket: 3, me: 0 });
  expect(await depths(STREAMS, ["home"], { keptReads: false })).toEqual({ home: 2 });
});

test("a document that must arrive complete waits on its deferred reads too", async () => {
  expect(await depths(FRESH, ["home", "tourDetail", "pickSeat"], { keptReads: false })).toEqual({ home: 2, tourDetail: 2, pickSeat: 2 });
});

// Signed in, the account comes from the session's assertion (decision 268), not from D1.
test("signed in, no page waits on more than two round trips in a row before it streams", async () => {
  expect(await depths(`${signedIn}; ${STREAMS}`, EVERY)).toEqual({ home: 1, explore: 2, tourDetail: 1, pickSeat: 2, confirmTicket: 3, me: 2, myOrders: 2, orderDetail: 2 });
  expect(await depths(`${signedIn}; ${STREAMS}`, ["home"], { keptReads: false })).toEqual({ home: 2 });
});

// The support desk's count of cases waiting streams: complete, the page waits on the role, then the
// cases and their count, then the cases' details.
test("the support desk waits on one round trip before it streams, on three when complete", async () => {
  expect(await depths(`${support}; ${STREAMS}`, ["supportDesk"])).toEqual({ supportDesk: 1 });
  expect(await depths(`${support}; ${FRESH}`, ["supportDesk"])).toEqual({ supportDesk: 3 });
});

test("a write through the Worker drops home's kept floors: the next home reads them again", async () => {
  expect(await depths(STREAMS, ["home"])).toEqual({ home: 0 });
  await registerThroughApi();
  // The plan's two reads in one batch, then the floors' three.
  expect((await sequentialTrips(pages.home, { cookie: STREAMS })).chain.slice(-2)).toEqual(["batch of 2", "batch of 3"]);
});
