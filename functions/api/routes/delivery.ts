/**
 * Delivery for native apps, partner channels and the browser: the buyer's steps under SPEC §7's
 * /user/order/v1/ prefix, the provider console's under /provider/v1/ (seller role) and support's
 * under /support/v1/order/ (support role). To anyone without the role a console path is not
 * found. Reads are GET, steps are POST with a JSON body (the e-ticket upload is multipart).
 *
 *   GET  /user/order/v1/delivery/detail            ?orderId=           DeliveryView | null
 *   POST /user/order/v1/delivery/voucher/start     { orderId }         ScratchVoucher
 *   POST /user/order/v1/delivery/voucher/reveal    { orderId, code }   DeliveryView
 *   GET  /user/order/v1/delivery/file              ?orderId=&fileId=   the PDF itself (attachment)
 *   POST /user/order/v1/delivery/pickup/confirm    { orderId }         DeliveryView
 *   POST /user/order/v1/delivery/receipt/confirm   { orderId }         DeliveryView
 *   POST /user/order/v1/delivery/transfer/accept   { orderId }         DeliveryView
 *
 *   GET  /provider/v1/order/list                   ?state=&page=&pageSize=   Page<ProviderOrderView>
 *   GET  /provider/v1/order/detail                 ?orderId=
 *   POST /provider/v1/order/e_ticket/upload        multipart: orderId, file (PDF, ≤ 10 MB)
 *   POST /provider/v1/order/e_ticket/remove        { orderId, fileId }
 *   POST /provider/v1/order/e_ticket/deliver       { orderId }
 *   POST /provider/v1/order/pickup/details         { orderId, at, location, remark?, providerPhone }
 *   POST /provider/v1/order/pickup/ready           { orderId }
 *   POST /provider/v1/order/pickup/collect         { orderId, code }
 *   POST /provider/v1/order/ship                   { orderId, carrier, trackingNo }
 *   POST /provider/v1/order/transfer/send          { orderId, to, ref }
 *   POST /provider/v1/order/redemption/issue       { orderId, code }
 *   POST /provider/v1/order/redemption/redeemed    { orderId }
 *
 *   GET  /support/v1/order/list                    ?query=&page=&pageSize=   Page<SupportOrderView>
 *   GET  /support/v1/order/detail                  ?orderId=
 *   POST /support/v1/order/intervene               { orderId, action, reason, dueAt? }
 */
import type { Context, Hono } from "hono";
import * as z from "zod";
import type { ApiEnv } from "../api-env";
import { invalidParam, ok } from "../envelope";
import { requireSignedIn, staffOnly } from "../session";
import { pagingSchema } from "../../market/paging";
import {
  acceptTransfer,
  confirmPickup,
  confirmReceipt,
  deliverETickets,
  getDeliveryForBuyer,
  getProviderOrder,
  issueRedemptionCode,
  listProviderOrders,
  markCollected,
  markReadyForPickup,
  markRedeemed,
  markShipped,
  openETicketFile,
  providerOrdersQuerySchema,
  removeETicketFile,
  revealVoucher,
  sendTransfer,
  setPickupDetails,
  startVoucher,
  supportSearchSchema,
  uploadETicket,
  type InterventionInput,
  type PickupDetailsInput,
} from "../../market/delivery";
import { getSupportOrder, intervene, searchOrders } from "../../market/payments";
import { MarketError } from "../../market/errors";
import { requireRole } from "../../market/staff";
import { recordId } from "../../market/input/fields";
import { jsonBody, parsed } from "../parse";
import { fileResponse } from "../../web/attachment";

const orderIdSchema = z.object({ orderId: recordId() });
const fileIdSchema = orderIdSchema.extend({ fileId: recordId() });

/** A step on one order: `{ orderId, …fields }` in, the step's answer out. */
function step<T>(run: (c: Context<ApiEnv>, orderId: number, fields: Record<string, unknown>) => Promise<T>) {
  return async (c: Context<ApiEnv>) => {
    const fields = await jsonBody(c.req.raw);
    const { orderId } = parsed(orderIdSchema, fields);
    return c.json(ok(await run(c, orderId, fields)));
  };
}

function registerBuyerRoutes(api: Hono<ApiEnv>) {
  // Signed in is checked by the /user/order/* guard of routes/orders.ts.
  api.get("/user/order/v1/delivery/detail", async (c) => {
    const { orderId } = parsed(orderIdSchema, { orderId: c.req.query("orderId") });
    return c.json(ok(await getDeliveryForBuyer(c.get("market"), orderId)));
  });
  api.post("/user/order/v1/delivery/voucher/start", step((c, orderId) => startVoucher(c.get("market"), orderId)));
  api.post(
    "/user/order/v1/delivery/voucher/reveal",
    step((c, orderId, fields) => revealVoucher(c.get("market"), orderId, String(fields.code ?? ""))),
  );
  api.get("/user/order/v1/delivery/file", async (c) => {
    const { orderId, fileId } = parsed(fileIdSchema, { orderId: c.req.query("orderId"), fileId: c.req.query("fileId") });
    return fileResponse(await openETicketFile(c.get("market"), orderId, fileId));
  });
  api.post("/user/order/v1/delivery/pickup/confirm", step((c, orderId) => confirmPickup(c.get("market"), orderId)));
  api.post("/user/order/v1/delivery/receipt/confirm", step((c, orderId) => confirmReceipt(c.get("market"), orderId)));
  api.post("/user/order/v1/delivery/transfer/accept", step((c, orderId) => acceptTransfer(c.get("market"), orderId)));
}

function registerProviderRoutes(api: Hono<ApiEnv>) {
  // The console answers only the seller role, before reading anything else: to others it is not there.
  api.use("/provider/v1/*", async (c, next) => {
    requireSignedIn(c);
    await requireRole(c.get("market"), "seller");
    await next();
  });
  api.get("/provider/v1/order/list", async (c) => {
    const { state } = parsed(providerOrdersQuerySchema, { state: c.req.query("state") });
    const paging = parsed(pagingSchema, { page: c.req.query("page"), pageSize: c.req.query("pageSize") });
    return c.json(ok(await listProviderOrders(c.get("market"), { state, paging })));
  });
  api.get("/provider/v1/order/detail", async (c) => {
    const { orderId } = parsed(orderIdSchema, { orderId: c.req.query("orderId") });
    return c.json(ok(await getProviderOrder(c.get("market"), orderId)));
  });
  api.post("/provider/v1/order/e_ticket/upload", async (c) => {
    const form = await c.req.raw.formData().catch(() => null);
    const { orderId } = parsed(orderIdSchema, { orderId: form?.get("orderId") ?? undefined });
    const file = form?.get("file");
    if (!file || typeof file === "string") throw new MarketError("eTicketFileInvalid");
    const bytes = new Uint8Array(await file.arrayBuffer());
    return c.json(ok(await uploadETicket(c.get("market"), orderId, { name: file.name, type: file.type, bytes })));
  });
  api.post(
    "/provider/v1/order/e_ticket/remove",
    step((c, orderId, fields) => removeETicketFile(c.get("market"), orderId, parsed(fileIdSchema, fields).fileId)),
  );
  api.post("/provider/v1/order/e_ticket/deliver", step((c, orderId) => deliverETickets(c.get("market"), orderId)));
  api.post(
    "/provider/v1/order/pickup/details",
    step((c, orderId, fields) => setPickupDetails(c.get("market"), orderId, fields as PickupDetailsInput)),
  );
  api.post("/provider/v1/order/pickup/ready", step((c, orderId) => markReadyForPickup(c.get("market"), orderId)));
  api.post(
    "/provider/v1/order/pickup/collect",
    step((c, orderId, fields) => markCollected(c.get("market"), orderId, fields as { code: string })),
  );
  api.post(
    "/provider/v1/order/ship",
    step((c, orderId, fields) => markShipped(c.get("market"), orderId, fields as { carrier: string; trackingNo: string })),
  );
  api.post(
    "/provider/v1/order/transfer/send",
    step((c, orderId, fields) => sendTransfer(c.get("market"), orderId, fields as { to: string; ref: string })),
  );
  api.post(
    "/provider/v1/order/redemption/issue",
    step((c, orderId, fields) => issueRedemptionCode(c.get("market"), orderId, fields as { code: string })),
  );
  api.post("/provider/v1/order/redemption/redeemed", step((c, orderId) => markRedeemed(c.get("market"), orderId)));
}

function registerSupportOrderRoutes(api: Hono<ApiEnv>) {
  api.use("/support/v1/order/*", staffOnly("support"));
  api.get("/support/v1/order/list", async (c) => {
    const { query } = parsed(supportSearchSchema, { query: c.req.query("query") ?? "" });
    const paging = parsed(pagingSchema, { page: c.req.query("page"), pageSize: c.req.query("pageSize") });
    return c.json(ok(await searchOrders(c.get("market"), { query, paging })));
  });
  api.get("/support/v1/order/detail", async (c) => {
    const { orderId } = parsed(orderIdSchema, { orderId: c.req.query("orderId") });
    return c.json(ok(await getSupportOrder(c.get("market"), orderId)));
  });
  api.post(
    "/support/v1/order/intervene",
    step((c, orderId, fields) => intervene(c.get("market"), orderId, fields as InterventionInput)),
  );
}

export function registerDeliveryRoutes(api: Hono<ApiEnv>) {
  registerBuyerRoutes(api);
  registerProviderRoutes(api);
  registerSupportOrderRoutes(api);
}
