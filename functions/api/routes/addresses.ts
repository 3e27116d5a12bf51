/**
 * The address book for native apps, partner channels and the browser (SPEC §7's /user/address
 * prefix). Signed-in only; another account's address is not found. Invalid input answers
 * invalidParam with SPEC §5's message for the first field at fault.
 *
 *   GET  /user/address/v1/list
 *   GET  /user/address/v1/detail       ?id=
 *   POST /user/address/v1/create       { fullName, phoneCode, phone, countryRegion, province, city, district?, address, addressRemark?, postalCode?, isDefault? }
 *   POST /user/address/v1/update       { id, ...the same }
 *   POST /user/address/v1/set_default  { id }
 *   POST /user/address/v1/delete       { id }
 */
import type { Hono } from "hono";
import type { ZodError, z } from "zod";
import type { ApiEnv } from "../api-env";
import { invalidParam, ok } from "../envelope";
import { signedInOnly } from "../session";
import { MarketError } from "../../market/errors";
import {
  ADDRESS_MESSAGES,
  addressIdSchema,
  addressSchema,
  createAddress,
  deleteAddress,
  getAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
} from "../../market/addresses";
import { jsonBody, parsed } from "../parse";

const FIELD_MESSAGES: ReadonlySet<string> = new Set(Object.values(ADDRESS_MESSAGES));

/** A field's own SPEC §5 message when it has one, else the generic invalidParam. */
function refusal(error: ZodError | z.core.$ZodError): MarketError {
  const issue = error.issues[0];
  if (issue && FIELD_MESSAGES.has(issue.message)) {
    return new MarketError("invalidParam", { messageKey: issue.message, params: { field: issue.path.map(String).join(".") } });
  }
  return invalidParam(error);
}

function idOf(input: unknown): number {
  return parsed(addressIdSchema, input).id;
}

function addressOf(input: unknown) {
  return parsed(addressSchema, input, refusal);
}

export function registerAddressRoutes(api: Hono<ApiEnv>) {
  api.use("/user/address/*", signedInOnly);

  api.get("/user/address/v1/list", async (c) => c.json(ok(await listAddresses(c.get("market")))));

  api.get("/user/address/v1/detail", async (c) => c.json(ok(await getAddress(c.get("market"), idOf({ id: c.req.query("id") })))));

  api.post("/user/address/v1/create", async (c) => c.json(ok(await createAddress(c.get("market"), addressOf(await jsonBody(c.req.raw))))));

  api.post("/user/address/v1/update", async (c) => {
    const input = await jsonBody(c.req.raw);
    return c.json(ok(await updateAddress(c.get("market"), idOf(input), addressOf(input))));
  });

  api.post("/user/address/v1/set_default", async (c) => c.json(ok(await setDefaultAddress(c.get("market"), idOf(await jsonBody(c.req.raw))))));

  api.post("/user/address/v1/delete", async (c) => c.json(ok(await deleteAddress(c.get("market"), idOf(await jsonBody(c.req.raw))))));
}
