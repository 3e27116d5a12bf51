/**
 * One e-ticket PDF of an order (/media/e-ticket/{orderId}/{fileId}.pdf), streamed from R2 for
 * /pdf-download. Only the account that placed the order gets it, and only once it has entered
 * the scratch code (SPEC §4: the voucher is shown after the code); a guest, another account or
 * an unknown file all get the same 'not found', so the address reveals nothing.
 */
import { openETicketFile } from "@market/delivery";
import { recordId } from "@market/input/fields";
import { fileResponse } from "../../../functions/web/attachment";
import { CODES, MarketError } from "@market/errors";
import type { Route } from "./+types/e-ticket";
import { notFoundPage, notFoundResponse } from "~/server/refusal.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  const orderId = recordId().safeParse(params.orderId);
  const fileId = recordId().safeParse(/^(\d+)\.pdf$/.exec(params.file ?? "")?.[1]);
  const ctx = context.market;
  if (!orderId.success || !fileId.success || ctx.viewer.userId === null) throw notFoundResponse();

  try {
    return fileResponse(await openETicketFile(ctx, orderId.data, fileId.data));
  } catch (error) {
    // Not revealed yet: the scratch code comes first.
    if (error instanceof MarketError && error.code === CODES.deliveryStepRefused) throw new Response("Forbidden", { status: 403 });
    return notFoundPage(error);
  }
}
