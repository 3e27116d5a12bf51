/**
 * The API door's one reader of input. A body is a JSON object sent as application/json, or
 * nothing; any other body (text/plain, a form, broken JSON, an array, a string) is refused as
 * invalidParam 12308 naming `body`. Values are parsed by the shared strict schemas, and the
 * first issue is refused as invalidParam naming its field.
 */
import type { Context } from "hono";
import * as z from "zod";
import { MarketError } from "../market/errors";
import type { MarketContext } from "../market/context";
import type { ApiEnv } from "./api-env";
import { invalidParam, ok } from "./envelope";

function notAnObject(reason: string): MarketError {
  return new MarketError("invalidParam", { params: { field: "body", reason } });
}

/** The request's JSON object; an empty body reads as `{}`, so the schema names the missing field. */
export async function jsonBody(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  if (text.trim() === "") return {};
  const type = (request.headers.get("content-type") ?? "").split(";", 1)[0].trim().toLowerCase();
  if (type !== "application/json") throw notAnObject("not JSON");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw notAnObject("not JSON");
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) throw notAnObject("not a JSON object");
  return body as Record<string, unknown>;
}

/**
 * Input parsed by `schema` (classic zod, or zod/mini where the browser shares it); the first issue
 * is refused by `refuse` (invalidParam naming its field).
 */
export function parsed<T extends z.core.$ZodType>(schema: T, input: unknown, refuse: (error: z.ZodError) => MarketError = invalidParam): z.output<T> {
  const result = z.safeParse(schema, input);
  if (!result.success) throw refuse(result.error as z.ZodError);
  return result.data;
}

/** The body parsed by `schema`. */
export async function parsedBody<T extends z.core.$ZodType>(c: Context, schema: T, refuse?: (error: z.ZodError) => MarketError): Promise<z.output<T>> {
  return parsed(schema, await jsonBody(c.req.raw), refuse);
}

/** A read-only GET route: its query string parsed by `schema`, answered with what `read` finds. */
export function answerQuery<T extends z.core.$ZodType, R>(schema: T, read: (market: MarketContext, query: z.output<T>) => Promise<R>) {
  return async (c: Context<ApiEnv>) => c.json(ok(await read(c.get("market"), parsed(schema, c.req.query()))));
}
