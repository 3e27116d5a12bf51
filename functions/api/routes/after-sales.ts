/**
 * After-sales for native apps, partner channels and the browser: the buyer's calls under SPEC
 * §7's /user/after_sale/v1/ prefix, and the support console's under /support/v1/after_sale/
 * (support role; anyone else is told not found). Amounts go in as major-unit decimal strings
 * ("128.50") and come back as minor units beside the currency; account numbers come back masked.
 *
 *   GET  /user/after_sale/v1/context    ?orderId=          what /apply-for needs
 *   POST /user/after_sale/v1/apply      { orderId, kind, reason, description?, refundAmount?, compensationAmount?,
 *                                         accountCurrency: CNY, recipientName, alipayAccount
 *                                       | accountCurrency: HKD, recipientName, bankName, bankCode, swiftCode, cardNumber, accountOpeningArea }
 *   GET  /user/after_sale/v1/list       ?page=&pageSize=
 *   GET  /user/after_sale/v1/detail     ?caseId=
 *   POST /user/after_sale/v1/withdraw   { caseId }
 *   GET  /support/v1/after_sale/list    ?status=&query=&page=&pageSize=
 *   GET  /support/v1/after_sale/detail  ?caseId=
 *   POST /support/v1/after_sale/decide  { caseId, decision: approve|reject, reason, approvedRefundAmount?, approvedCompensationAmount? }
 *   POST /support/v1/after_sale/compensation_paid  { caseId, note? }
 *
 * A form field that is missing or wrong answers invalidParam (12308) with the form's own message
 * ('{field} is required', SPEC §5) naming the field by its label, and `data.field` its name.
 */
import type { Hono } from "hono";
import * as z from "zod";
import type { ApiEnv } from "../api-env";
import { invalidParam, ok } from "../envelope";
import { translateKey } from "../../market/messages";
import { signedInOnly, staffOnly } from "../session";
import { pagingSchema } from "../../market/paging";
import type { Language } from "../../market/context/viewer";
import { CODES, MarketError } from "../../market/errors";
import {
  AFTERSALE_MESSAGES,
  APPLY_FIELDS,
  DECIDE_FIELDS,
  afterSaleSummaryFor,
  applyForAfterSale,
  applyOrderIdSchema,
  applySchema,
  caseIdSchema,
  decideCase,
  decideSchema,
  getApplyContext,
  getCaseForSupport,
  getMyCase,
  listCases,
  listMyCases,
  recordCompensationPaid,
  supportCaseQuerySchema,
  withdrawCase,
} from "../../market/aftersales";
import { recordId } from "../../market/input/fields";
import { jsonBody, parsed } from "../parse";

const FORM_MESSAGES: ReadonlySet<string> = new Set(Object.values(AFTERSALE_MESSAGES));
const FORM_FIELDS: ReadonlySet<string> = new Set([...APPLY_FIELDS, ...DECIDE_FIELDS]);

const compensationPaidSchema = z.object({
  ...caseIdSchema.shape,
  note: z.string().trim().max(500).optional(),
});

const orderIdsSchema = z.object({ orderIds: z.array(recordId()).max(100) });

/**
 * A form's first issue as the answer: its own message ('{field} is required', 'A SWIFT code has 8
 * or 11 …') with the field named by its label in the viewer's language, and the field's name in
 * `data.field` so a client can put the message beside it.
 */
async function formInvalid(error: z.ZodError, language: Language, form: "apply" | "decide"): Promise<MarketError> {
  const issue = error.issues[0];
  const path = issue?.path.map(String).join(".") ?? "";
  if (!issue || !FORM_FIELDS.has(path)) return new MarketError("invalidParam", { params: { field: path || "request" }, data: { field: path || null } });
  // A decision's `reason` is support's reason for it, labelled apart from the buyer's reason.
  const labelKey = form === "decide" && path === "reason" ? "decisionReason" : path;
  const field = await translateKey(`aftersale:fields.${labelKey}`, language);
  const messageKey = FORM_MESSAGES.has(issue.message) ? issue.message : AFTERSALE_MESSAGES.invalid;
  return new MarketError("invalidParam", { messageKey, params: { field }, data: { field: path } });
}

/** A refusal naming a form field by its name (e.g. more granted than asked), answered with the field's label. */
async function labelled(error: unknown, language: Language): Promise<unknown> {
  if (!(error instanceof MarketError) || error.code !== CODES.invalidParam) return error;
  const name = error.params.field;
  if (typeof name !== "string" || !FORM_FIELDS.has(name)) return error;
  const field = await translateKey(`aftersale:fields.${name}`, language);
  return new MarketError("invalidParam", { messageKey: error.messageKey, params: { field }, data: { field: name } });
}

export function registerAfterSaleRoutes(api: Hono<ApiEnv>) {
  // SPEC §8's session codes (notLogin, tokenInvalid, tokenExpired, accountDisable) before anything else.
  api.use("/user/after_sale/*", signedInOnly);
  // The console answers only the support role, before reading anything else: to others it is not there.
  api.use("/support/v1/after_sale/*", staffOnly("support"));

  api.get("/user/after_sale/v1/context", async (c) => {
    const { orderId } = parsed(applyOrderIdSchema, { orderId: c.req.query("orderId") });
    return c.json(ok(await getApplyContext(c.get("market"), orderId)));
  });

  api.post("/user/after_sale/v1/apply", async (c) => {
    const market = c.get("market");
    const input = z.safeParse(applySchema, await jsonBody(c.req.raw));
    if (!input.success) throw await formInvalid(input.error, market.viewer.language, "apply");
    return c.json(ok(await applyForAfterSale(market, input.data)));
  });

  api.get("/user/after_sale/v1/list", async (c) => {
    const paging = parsed(pagingSchema, { page: c.req.query("page"), pageSize: c.req.query("pageSize") });
    return c.json(ok(await listMyCases(c.get("market"), paging)));
  });

  api.get("/user/after_sale/v1/detail", async (c) => {
    const { caseId } = parsed(caseIdSchema, { caseId: c.req.query("caseId") });
    return c.json(ok(await getMyCase(c.get("market"), caseId)));
  });

  api.post("/user/after_sale/v1/withdraw", async (c) => {
    const { caseId } = parsed(caseIdSchema, await jsonBody(c.req.raw));
    return c.json(ok(await withdrawCase(c.get("market"), caseId)));
  });

  /** The after-sales state of some of the buyer's orders, for order lists ({ [orderId]: summary }). */
  api.post("/user/after_sale/v1/summary", async (c) => {
    const { orderIds } = parsed(orderIdsSchema, await jsonBody(c.req.raw));
    return c.json(ok(Object.fromEntries(await afterSaleSummaryFor(c.get("market"), orderIds))));
  });

  api.get("/support/v1/after_sale/list", async (c) => {
    const query = parsed(z.object({ ...supportCaseQuerySchema.shape, ...pagingSchema.shape }), {
      status: c.req.query("status"),
      query: c.req.query("query"),
      page: c.req.query("page"),
      pageSize: c.req.query("pageSize"),
    });
    const { status, query: text, ...paging } = query;
    return c.json(ok(await listCases(c.get("market"), { status, query: text, paging })));
  });

  api.get("/support/v1/after_sale/detail", async (c) => {
    const { caseId } = parsed(caseIdSchema, { caseId: c.req.query("caseId") });
    return c.json(ok(await getCaseForSupport(c.get("market"), caseId)));
  });

  api.post("/support/v1/after_sale/decide", async (c) => {
    const market = c.get("market");
    const input = await jsonBody(c.req.raw);
    const { caseId } = parsed(caseIdSchema, input);
    const decision = z.safeParse(decideSchema, input);
    if (!decision.success) throw await formInvalid(decision.error, market.viewer.language, "decide");
    try {
      return c.json(ok(await decideCase(market, caseId, decision.data)));
    } catch (error) {
      throw await labelled(error, market.viewer.language);
    }
  });

  api.post("/support/v1/after_sale/compensation_paid", async (c) => {
    const { caseId, note } = parsed(compensationPaidSchema, await jsonBody(c.req.raw));
    return c.json(ok(await recordCompensationPaid(c.get("market"), caseId, note)));
  });
}
