/**
 * Tickets at the gate (decision 299) for native apps and the browser: the holder's entry tickets
 * under SPEC §7's /user/order/v1/ prefix, and the door's scanner under /provider/v1/ (seller role,
 * the guard of routes/delivery.ts; not found to anyone else).
 *
 *   GET  /user/order/v1/entry/tickets      ?orderId=                 EntryTicketSummary[]
 *   GET  /user/order/v1/entry/ticket       ?ticketId=                EntryTicketView (with its holder secret)
 *   POST /user/order/v1/entry/transfer     { ticketId, email, name? }  { toUserId }
 *
 *   GET  /provider/v1/door/sessions                                  DoorSession[]
 *   GET  /provider/v1/door/manifest        ?sessionId=               DoorManifest
 *   POST /provider/v1/door/scan            { sessionId, scans: [{ payload, gate, at? }] }   DoorVerdict[]
 *   GET  /provider/v1/door/admissions      ?sessionId=&since=        Admission[]
 */
import type { Hono } from "hono";
import * as z from "zod";
import type { ApiEnv } from "../api-env";
import { ok } from "../envelope";
import { jsonBody, parsed } from "../parse";
import { recordId } from "../../market/input/fields";
import { admissionsSince, admitScans, doorManifest, doorSessions, entryTicketForHolder, heldEntryTickets, transferEntryTicket } from "../../market/entry";

const ticketIdSchema = z.object({ ticketId: recordId() });
const sessionIdSchema = z.object({ sessionId: recordId() });
const sinceSchema = z.object({ sessionId: recordId(), since: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0) });
const orderFilterSchema = z.object({ orderId: recordId().optional() });
const scanBodySchema = z.object({ sessionId: recordId(), scans: z.array(z.unknown()).min(1).max(200) });

export function registerEntryRoutes(api: Hono<ApiEnv>) {
  api.get("/user/order/v1/entry/tickets", async (c) => {
    const { orderId } = parsed(orderFilterSchema, { orderId: c.req.query("orderId") });
    return c.json(ok(await heldEntryTickets(c.get("market"), { orderId })));
  });
  api.get("/user/order/v1/entry/ticket", async (c) => {
    const { ticketId } = parsed(ticketIdSchema, { ticketId: c.req.query("ticketId") });
    return c.json(ok(await entryTicketForHolder(c.get("market"), ticketId)));
  });
  api.post("/user/order/v1/entry/transfer", async (c) => {
    const fields = await jsonBody(c.req.raw);
    const { ticketId } = parsed(ticketIdSchema, fields);
    return c.json(ok(await transferEntryTicket(c.get("market"), ticketId, fields as never)));
  });

  api.get("/provider/v1/door/sessions", async (c) => c.json(ok(await doorSessions(c.get("market")))));
  api.get("/provider/v1/door/manifest", async (c) => {
    const { sessionId } = parsed(sessionIdSchema, { sessionId: c.req.query("sessionId") });
    return c.json(ok(await doorManifest(c.get("market"), sessionId)));
  });
  api.post("/provider/v1/door/scan", async (c) => {
    const { sessionId, scans } = parsed(scanBodySchema, await jsonBody(c.req.raw));
    return c.json(ok(await admitScans(c.get("market"), sessionId, scans as never)));
  });
  api.get("/provider/v1/door/admissions", async (c) => {
    const { sessionId, since } = parsed(sinceSchema, { sessionId: c.req.query("sessionId"), since: c.req.query("since") });
    return c.json(ok(await admissionsSince(c.get("market"), sessionId, since)));
  });
}
