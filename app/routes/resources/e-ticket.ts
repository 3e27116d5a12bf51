/**
 * One e-ticket PDF of an order (/media/e-ticket/{orderId}/{fileId}.pdf), streamed from R2 for
 * /pdf-download. Only the account that placed the order gets it, and only once it has entered
 * the scratch code (SPEC §4: the voucher is shown after the code); a guest, another account or
 * an unknown file all get the same 'not found', so the address reveals nothing.
 */
import { openETicketFile } from "@market/delivery";
import { attachmentDisposition } from "../../../functions/web/attachment";
import { CODES, MarketError } from "@market/errors";
import type { Route } from "./+types/e-ticket";
import { isMissing, notFoundResponse } from "~/server/refusal.server";

const ID = /^\d{1,12}$/;

export async function loader({ params, context }: Route.LoaderArgs) {
  const orderId = params.orderId ?? "";
  const fileId = /^(\d{1,12})\.pdf$/.exec(params.file ?? "")?.[1];
  if (!ID.test(orderId) || !fileId) throw new Response("Not found", { status: 404 });
  const ctx = context.market;
  if (ctx.viewer.userId === null) throw new Response("Not found", { status: 404 });

  try {
    const file = await openETicketFile(ctx, Number(orderId), Number(fileId));
    return new Response(file.body, {
      headers: {
        "content-type": file.contentType,
        "content-length": String(file.size),
        "content-disposition": attachmentDisposition(file.fileName),
        // The buyer's ticket: never kept by a shared cache, never sniffed into something else.
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
        "content-security-policy": "default-src 'none'; sandbox",
      },
    });
  } catch (error) {
    if (isMissing(error)) throw notFoundResponse();
    // Not revealed yet: the scratch code comes first.
    if (error instanceof MarketError && error.code === CODES.deliveryStepRefused) throw new Response("Forbidden", { status: 403 });
    throw error;
  }
}
