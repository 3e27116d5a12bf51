/**
 * Contacts and message search for native apps and the browser, under SPEC §7's /user/im/v1/
 * prefix (messaging/find.ts). Signed in only; a conversation not the caller's own is not found.
 *
 *   GET /user/im/v1/contact/list                              Contact[]
 *   GET /user/im/v1/message/search   ?q=&conversationId=     SearchResult
 */
import type { Hono } from "hono";
import type { ApiEnv } from "../api-env";
import { invalidParam, ok } from "../envelope";
import { requireSignedIn } from "../session";
import { listContacts, messageSearchSchema, searchMessages } from "../../market/messaging/find";

export function registerChatFindRoutes(api: Hono<ApiEnv>) {
  api.get("/user/im/v1/contact/list", async (c) => {
    requireSignedIn(c);
    return c.json(ok(await listContacts(c.get("market"))));
  });

  api.get("/user/im/v1/message/search", async (c) => {
    requireSignedIn(c);
    const parsed = messageSearchSchema.safeParse(c.req.query());
    if (!parsed.success) throw invalidParam(parsed.error);
    return c.json(ok(await searchMessages(c.get("market"), parsed.data)));
  });
}
