/**
 * The help centre's calls: GET /user/v1/faq/list?keyword=, GET /user/v1/faq/detail?id= and
 * POST /user/v1/support/email { issueType, orderNo?, name, email, phone, message }.
 */
import type { Hono } from "hono";
import type { ApiEnv } from "../api-env";
import { invalidParam, ok } from "../envelope";
import { translateKey } from "../../market/messages";
import { MarketError } from "../../market/errors";
import {
  faqDetail,
  faqDetailSchema,
  faqSearchSchema,
  listFaq,
  submitSupportRequest,
  SUPPORT_FIELDS,
  SUPPORT_MESSAGES,
  supportRequestSchema,
} from "../../market/support";
import type { Language } from "../../market/context/viewer";
import type { z } from "zod";
import { jsonBody, parsed } from "../parse";

const FORM_MESSAGES: ReadonlySet<string> = new Set(Object.values(SUPPORT_MESSAGES));
const FORM_FIELDS: ReadonlySet<string> = new Set(SUPPORT_FIELDS);

export function registerSupportRoutes(api: Hono<ApiEnv>) {
  api.get("/user/v1/faq/list", async (c) => {
    const query = parsed(faqSearchSchema, { keyword: c.req.query("keyword") });
    return c.json(ok({ topics: await listFaq(c.get("market"), query) }));
  });

  api.get("/user/v1/faq/detail", async (c) => {
    const query = parsed(faqDetailSchema, { id: c.req.query("id") });
    return c.json(ok(await faqDetail(c.get("market"), query)));
  });

  api.post("/user/v1/support/email", async (c) => {
    const market = c.get("market");
    const body: unknown = await jsonBody(c.req.raw);
    const request = supportRequestSchema.safeParse(body);
    if (!request.success) throw await formInvalid(request.error, market.viewer.language);
    return c.json(ok(await submitSupportRequest(market, request.data)));
  });
}

/**
 * The form's own SPEC §5 messages ('Please enter a valid email address', '{field} is required')
 * are what the client shows, so the first issue's message is the answer's message, with the
 * field named by its label in the viewer's language.
 */
async function formInvalid(error: z.core.$ZodError, language: Language): Promise<MarketError> {
  const issue = error.issues[0];
  const path = issue?.path.map(String).join(".") ?? "";
  if (!issue || !FORM_FIELDS.has(path)) return new MarketError("invalidParam", { params: { field: path || "request" } });
  const field = await translateKey(`help:support.fields.${path}`, language);
  const messageKey = FORM_MESSAGES.has(issue.message) ? issue.message : SUPPORT_MESSAGES.invalid;
  return new MarketError("invalidParam", { messageKey, params: { field } });
}
