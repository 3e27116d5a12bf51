/**
 * Selling for native apps, partner channels and the browser: the seller profile and fan resale
 * under /user/selling/v1/, the provider console's listings and payouts under /provider/v1/, and
 * support's payout holds, face-value proofs and resale-law flags under /support/v1/. Every call
 * is one domain call; refusals travel in the envelope with their catalogue code.
 *
 *   GET  /user/selling/v1/profile                                  SellerProfileView | null
 *   POST /user/selling/v1/profile        { displayName, kind, trader…, accountCurrency?, … }
 *   GET  /user/selling/v1/resell/pricing ?orderId=                ResalePricing (the same facts, price paid, where to start)
 *   POST /user/selling/v1/resell         { orderId, price }       { listingId }
 *
 *   GET  /provider/v1/listing/list                                 ProviderListingView[]
 *   GET  /provider/v1/listing/detail     ?listingId=               ProviderListingView
 *   GET  /provider/v1/listing/sessions   ?query=                   ListableSession[]
 *   GET  /provider/v1/listing/pricing    ?sessionId=&sectionId=&faceValue=   PricingFacts (law, cap, lowest, suggestion)
 *   POST /provider/v1/listing/create     multipart: the listing's fields, proof (image/PDF), eTicket (PDF, E_TICKET now)
 *   POST /provider/v1/listing/edit       { listingId, price?, quantity? }
 *   POST /provider/v1/listing/withdraw   { listingId }
 *   POST /provider/v1/payout/account     { accountCurrency, recipientName, … }   SellerProfileView
 *   GET  /provider/v1/payout/list                                  PayoutView[]
 *   GET  /provider/v1/payout/statement   ?month=YYYY-MM            PayoutStatement
 *
 *   GET  /support/v1/payout/detail       ?orderId=                 PayoutView
 *   POST /support/v1/payout/hold         { orderId, reason }       PayoutView
 *   POST /support/v1/payout/release      { orderId, reason? }      PayoutView
 *   GET  /support/v1/payout/held                                   PayoutView[] (held by support or an open case)
 *   POST /support/v1/payout/review       { orderId, decision: release|keep, reason }   PayoutView
 *   GET  /support/v1/listing/proofs      ?view=pending|reviewed    ProofQueueItem[]
 *   POST /support/v1/listing/proof/review { listingId, decision: approve|reject, reason }
 *   GET  /support/v1/listing/law-flags                             LawFlag[]
 *   POST /support/v1/listing/law/review  { listingId, decision: withdraw|keep, reason }
 *   GET  /support/v1/selling/log         ?subject=payout|proof|law  ReviewLogEntry[]
 *   GET  /support/v1/listing/proof       ?listingId=               the proof file itself
 *   POST /support/v1/resale/flags        { venueId?, jurisdiction?, licensedPlace?, designatedVenue?, showId?, designatedEvent?, resaleRestricted? }
 */
import type { Context, Hono } from "hono";
import * as z from "zod";
import type { ApiEnv } from "../api-env";
import { invalidParam, ok } from "../envelope";
import { fileResponse } from "../../web/attachment";
import { recordId } from "../../market/input/fields";
import type { UploadedFile } from "../../market/delivery/e-tickets";
import {
  createListing,
  editListing,
  getSellerProfile,
  heldPayouts,
  holdPayout,
  lawFlags,
  listableSessions,
  listProviderListings,
  openListingProof,
  pricingFacts,
  resalePricing,
  payoutStatement,
  proofQueue,
  payOutSeller,
  providerPayouts,
  releasePayout,
  reviewLawFlag,
  reviewLog,
  reviewPayoutHold,
  reviewProof,
  resellOrder,
  savePayoutAccount,
  saveSellerProfile,
  setResaleFlags,
  supportPayout,
  withdrawListing,
} from "../../market/selling";

const idOf = (name: string) => z.object({ [name]: recordId() });

function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw invalidParam(parsed.error);
  return parsed.data;
}

/** A JSON object body (anything else reads as empty, so the schema names the missing field). */
async function body(c: Context<ApiEnv>): Promise<Record<string, unknown>> {
  const parsed: unknown = await c.req.raw.json().catch(() => ({}));
  return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
}

/** The text fields and the files of a multipart form, each field once (a repeated field is refused as invalid). */
export async function formParts(request: Request): Promise<{ fields: Record<string, string | string[]>; files: Record<string, UploadedFile> }> {
  const form = await request.formData().catch(() => null);
  const fields: Record<string, string | string[]> = {};
  const files: Record<string, UploadedFile> = {};
  if (!form) return { fields, files };
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") {
      const existing = fields[name];
      fields[name] = existing === undefined ? value : ([] as string[]).concat(existing, value);
    } else if (value.size > 0) {
      files[name] = { name: value.name, type: value.type, bytes: new Uint8Array(await value.arrayBuffer()) };
    }
  }
  return { fields, files };
}

export function registerSellingRoutes(api: Hono<ApiEnv>) {
  api.get("/user/selling/v1/profile", async (c) => c.json(ok(await getSellerProfile(c.get("market")))));
  api.post("/user/selling/v1/profile", async (c) => c.json(ok(await saveSellerProfile(c.get("market"), (await body(c)) as never))));
  api.get("/user/selling/v1/resell/pricing", async (c) => {
    const { orderId } = parse(idOf("orderId"), { orderId: c.req.query("orderId") });
    return c.json(ok(await resalePricing(c.get("market"), orderId as number)));
  });
  api.post("/user/selling/v1/resell", async (c) => c.json(ok(await resellOrder(c.get("market"), (await body(c)) as never))));

  api.get("/provider/v1/listing/list", async (c) => c.json(ok(await listProviderListings(c.get("market")))));
  api.get("/provider/v1/listing/detail", async (c) => {
    const { listingId } = parse(idOf("listingId"), { listingId: c.req.query("listingId") });
    const [listing] = await listProviderListings(c.get("market"), { listingId: listingId as number });
    return c.json(ok(listing));
  });
  api.get("/provider/v1/listing/sessions", async (c) => {
    const { query } = parse(z.object({ query: z.string().max(60).optional() }), { query: c.req.query("query") });
    return c.json(ok(await listableSessions(c.get("market"), query ?? "")));
  });
  api.get("/provider/v1/listing/pricing", async (c) =>
    c.json(ok(await pricingFacts(c.get("market"), { sessionId: c.req.query("sessionId"), sectionId: c.req.query("sectionId"), faceValue: c.req.query("faceValue") } as never))),
  );
  api.post("/provider/v1/listing/create", async (c) => {
    const { fields, files } = await formParts(c.req.raw);
    return c.json(ok(await createListing(c.get("market"), fields as never, { proof: files.proof, eTicket: files.eTicket })));
  });
  api.post("/provider/v1/listing/edit", async (c) => {
    await editListing(c.get("market"), (await body(c)) as never);
    return c.json(ok(true));
  });
  api.post("/provider/v1/listing/withdraw", async (c) => {
    await withdrawListing(c.get("market"), (await body(c)) as { listingId: unknown });
    return c.json(ok(true));
  });
  api.post("/provider/v1/payout/account", async (c) => c.json(ok(await savePayoutAccount(c.get("market"), (await body(c)) as never))));
  api.get("/provider/v1/payout/list", async (c) => c.json(ok(await providerPayouts(c.get("market")))));
  api.get("/provider/v1/payout/statement", async (c) => c.json(ok(await payoutStatement(c.get("market"), { month: c.req.query("month") }))));

  api.get("/support/v1/payout/detail", async (c) => {
    const { orderId } = parse(idOf("orderId"), { orderId: c.req.query("orderId") });
    return c.json(ok(await supportPayout(c.get("market"), orderId as number)));
  });
  api.post("/support/v1/payout/hold", async (c) => c.json(ok(await holdPayout(c.get("market"), (await body(c)) as { orderId: unknown; reason: unknown }))));
  api.post("/support/v1/payout/release", async (c) => c.json(ok(await releasePayout(c.get("market"), (await body(c)) as { orderId: unknown }))));
  api.post("/support/v1/payout/pay", async (c) => c.json(ok(await payOutSeller(c.get("market"), (await body(c)) as { orderId: unknown }))));
  // Support's selling reviews (selling/support-review.ts): the domain parses each body strictly.
  api.get("/support/v1/payout/held", async (c) => c.json(ok(await heldPayouts(c.get("market")))));
  api.post("/support/v1/payout/review", async (c) => c.json(ok(await reviewPayoutHold(c.get("market"), (await body(c)) as never))));
  api.get("/support/v1/listing/proofs", async (c) => c.json(ok(await proofQueue(c.get("market"), c.req.query("view")))));
  api.post("/support/v1/listing/proof/review", async (c) => {
    await reviewProof(c.get("market"), (await body(c)) as never);
    return c.json(ok(true));
  });
  api.get("/support/v1/listing/law-flags", async (c) => c.json(ok(await lawFlags(c.get("market")))));
  api.post("/support/v1/listing/law/review", async (c) => {
    await reviewLawFlag(c.get("market"), (await body(c)) as never);
    return c.json(ok(true));
  });
  api.get("/support/v1/selling/log", async (c) => {
    const subject = z.object({ subject: z.enum(["payout", "proof", "law"]) }).safeParse({ subject: c.req.query("subject") });
    if (!subject.success) throw invalidParam(subject.error);
    return c.json(ok(await reviewLog(c.get("market"), subject.data.subject)));
  });
  api.get("/support/v1/listing/proof", async (c) => {
    const { listingId } = parse(idOf("listingId"), { listingId: c.req.query("listingId") });
    return fileResponse(await openListingProof(c.get("market"), listingId as number));
  });
  api.post("/support/v1/resale/flags", async (c) => {
    await setResaleFlags(c.get("market"), await body(c));
    return c.json(ok(true));
  });
}
