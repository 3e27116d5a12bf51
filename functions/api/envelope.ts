/**
 * The API door's side of SPEC §8's envelope (market/envelope.ts: `{ statusCode, message, data }`,
 * success 200). Business refusals travel with HTTP 200 and their catalogue code (clients read the
 * body's code); a path or record that does not exist is HTTP 404; the unexpected is HTTP 500 with
 * systemError.
 */
import { CODES, MarketError } from "../market/errors";
import { ZodError, type z } from "zod";

export { ok, failure, type Envelope } from "../market/envelope";

/** The HTTP status an error envelope travels with. */
export function httpStatusOf(error: MarketError): number {
  if (error.code === CODES.notFound) return 404;
  // A deployment missing a secret the path needs (config/deployment.ts): not the caller's fault, nor a crash.
  if (error.status === 503) return 503;
  if (error.code === CODES.systemError) return 500;
  if (error.code === CODES.paymentsUnavailable) return 503;
  return 200;
}

/** The first issue of a failed parse, as an invalidParam error naming its field. */
export function invalidParam(error: ZodError | z.core.$ZodError): MarketError {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join(".") || "request";
  return new MarketError("invalidParam", { params: { field, reason: issue?.message ?? "" } });
}

/** A JSON body parsed strictly with `schema`: not JSON, or not what it says, is invalidParam naming the field. */
export async function parseJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new MarketError("invalidParam", { params: { field: "body", reason: "not JSON" } });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw invalidParam(parsed.error);
  return parsed.data;
}
