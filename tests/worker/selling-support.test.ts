/**
 * Support's side of selling through its console pages (the web door, without JavaScript): payout
 * holds released or kept with a reason, face-value proofs opened from R2 and approved or
 * rejected, listings the resale law flags withdrawn or kept; every decision in the change log.
 */
import { expect, test } from "vitest";
import { CODES } from "../../functions/market/errors";
import { createOrder } from "../../functions/market/orders";
import { lawFlags, listProviderListings, providerPayouts, reviewLog, reviewProof, setResaleFlags } from "../../functions/market/selling";
import { refusal } from "./support/after-sales";
import { api } from "./support/api";
import { tokenHeaders } from "./support/delivery";
import { cookieFor, visit } from "./support/chat";
import { clockAt, CONTACT, makeBuyer, marketFor, paySandbox, T0 } from "./support/buying";
import { DAY, supportOn } from "./support/delivery";
import { listFor, listingForm, sellerOn, sessionOnSale } from "./support/selling";

async function paidSale() {
  const clock = clockAt();
  const seller = await sellerOn(clock);
  const session = await sessionOnSale({ startsAt: T0 + 30 * DAY });
  const { listingId } = await listFor(seller, listingForm(session, { price: "980" }));
  const buyer = marketFor(await makeBuyer(), clock);
  const order = await createOrder(buyer, { listingId, quantity: 2, ...CONTACT });
  await paySandbox(buyer, clock, order);
  const support = await supportOn(clock);
  return { clock, seller, order, support, listingId, supportCookie: await cookieFor(support.userId) };
}

test("support holds a payout, keeps it, then releases it on the console, each with a reason in the change log", async () => {
  const { seller, order, support, supportCookie } = await paidSale();

  const held = await visit("/support/payouts", supportCookie, { intent: "hold", orderId: String(order.id), reason: "Buyer reports a fake ticket" });
  expect(held.status).toBe(302);
  const page = await (await visit("/support/payouts", supportCookie)).text();
  expect(page).toContain("Buyer reports a fake ticket");
  expect((await providerPayouts(seller.market))[0].status).toBe("held");

  const blank = await visit("/support/payouts", supportCookie, { intent: "review", orderId: String(order.id), decision: "keep", reason: "  " });
  expect(blank.status).toBe(400);
  expect((await visit("/support/payouts", supportCookie, { intent: "review", orderId: String(order.id), decision: "keep", reason: "Waiting for the venue" })).status).toBe(302);
  expect((await providerPayouts(seller.market))[0].status).toBe("held");
  expect((await visit("/support/payouts", supportCookie, { intent: "review", orderId: String(order.id), decision: "release", reason: "Venue confirmed entry" })).status).toBe(302);
  expect((await providerPayouts(seller.market))[0].status).toBe("scheduled");

  const log = await reviewLog(support.market, "payout", [order.id]);
  expect(log.map((entry) => [entry.decision, entry.reason])).toEqual([
    ["released", "Venue confirmed entry"],
    ["kept", "Waiting for the venue"],
    ["held", "Buyer reports a fake ticket"],
  ]);
  // Nothing left to release: the hold is gone.
  expect((await visit("/support/payouts", supportCookie, { intent: "review", orderId: String(order.id), decision: "release", reason: "again" })).status).toBe(404);
});

test("the selling screens are not found for a seller or a buyer, and the proof file too", async () => {
  const { seller, listingId } = await paidSale();
  const sellerCookie = await cookieFor(seller.userId);
  for (const path of ["/support/payouts", "/support/proofs", "/support/law", `/support/proofs/${listingId}/file`]) {
    expect((await visit(path, sellerCookie)).status).toBe(404);
  }
  expect((await visit("/support/law", sellerCookie, { intent: "review", listingId: String(listingId), decision: "withdraw", reason: "x" })).status).toBe(404);
});

test("support opens a listing's proof from R2; rejecting it takes the listing off sale, and a decided proof is not decided again", async () => {
  const { seller, support, listingId, supportCookie } = await paidSale();

  expect(await (await visit("/support/proofs", supportCookie)).text()).toContain(`/support/proofs/${listingId}/file`);
  const file = await visit(`/support/proofs/${listingId}/file`, supportCookie);
  expect(file.status).toBe(200);
  expect(file.headers.get("content-type")).toBe("image/png");
  expect(file.headers.get("content-disposition")).toContain("inline");
  expect([...new Uint8Array(await file.arrayBuffer()).slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);

  const rejected = await visit("/support/proofs", supportCookie, { intent: "review", listingId: String(listingId), decision: "reject", reason: "Face value edited in the photo" });
  expect(rejected.status).toBe(302);
  const [listing] = await listProviderListings(seller.market, { listingId });
  expect(listing.status).toBe("withdrawn");
  expect(await (await visit("/support/proofs?view=reviewed", supportCookie)).text()).toContain("Face value edited in the photo");
  expect((await refusal(reviewProof(support.market, { listingId, decision: "approve", reason: "changed my mind" }))).code).toBe(CODES.clientOperateFail);
});

test("a listing priced above face value is flagged once its venue becomes a licensed place; support keeps one and withdraws another", async () => {
  const clock = clockAt();
  const seller = await sellerOn(clock);
  const support = await supportOn(clock);
  const supportCookie = await cookieFor(support.userId);
  const session = await sessionOnSale({ jurisdiction: "HK", licensedPlace: false });
  const above = await listFor(seller, listingForm(session, { price: "980" }));
  const other = await listFor(seller, listingForm(session, { price: "990", seats: "9-10" }));
  const atFace = await listFor(seller, listingForm(session, { price: "880", seats: "11-12" }));
  expect((await lawFlags(support.market)).map((flag) => flag.listingId)).not.toContain(above.listingId);

  await setResaleFlags(support.market, { venueId: session.venueId, licensedPlace: true });
  const flagged = (await lawFlags(support.market)).filter((flag) => flag.sessionId === session.sessionId);
  expect(flagged.map((flag) => [flag.listingId, flag.capMinor, flag.rule.id]).sort()).toEqual(
    [
      [above.listingId, 88_000, "HK-CAP172-S6"],
      [other.listingId, 88_000, "HK-CAP172-S6"],
    ].sort(),
  );
  expect(flagged.map((flag) => flag.listingId)).not.toContain(atFace.listingId);

  const page = await (await visit("/support/law", supportCookie)).text();
  expect(page).toContain("caps it at HK$880 a ticket; priced at HK$980.");
  expect((await visit("/support/law", supportCookie, { intent: "review", listingId: String(above.listingId), decision: "keep", reason: "Seller is the promoter" })).status).toBe(302);
  expect((await visit("/support/law", supportCookie, { intent: "review", listingId: String(other.listingId), decision: "withdraw", reason: "Above the Cap. 172 cap" })).status).toBe(302);

  expect((await lawFlags(support.market)).filter((flag) => flag.sessionId === session.sessionId)).toEqual([]);
  const [withdrawn] = await listProviderListings(seller.market, { listingId: other.listingId });
  expect(withdrawn.status).toBe("withdrawn");
  expect((await reviewLog(support.market, "law", [above.listingId, other.listingId])).map((entry) => entry.decision)).toEqual(["withdrawn", "kept"]);
});

test("the API door decides a proof and reads the log; a decision outside the list is refused naming the field", async () => {
  const { support, listingId } = await paidSale();
  const headers = await tokenHeaders(support.userId);

  const odd = await api("/support/v1/listing/proof/review", { headers, body: { listingId, decision: "maybe", reason: "unsure" } });
  expect(odd.body.statusCode).toBe(12308);
  expect(odd.body.message).toContain("decision");
  const approved = await api("/support/v1/listing/proof/review", { headers, body: { listingId, decision: "approve", reason: "Matches the promoter's list" } });
  expect(approved.body.statusCode).toBe(200);
  const log = await api<{ subjectId: number; decision: string; reason: string }[]>("/support/v1/selling/log?subject=proof", { headers, method: "GET" });
  expect(log.body.data[0]).toMatchObject({ subjectId: listingId, decision: "approved", reason: "Matches the promoter's list" });
});
