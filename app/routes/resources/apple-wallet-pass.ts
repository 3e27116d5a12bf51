/**
 * 'Add to Apple Wallet' (/tickets/{id}/apple-wallet.pkpass): the signed pass of the viewer's
 * Ovation entry ticket, in the viewer's language (market/entry/apple-wallet.ts). Safari hands a
 * .pkpass to Wallet itself. A ticket not the viewer's, void, or a deployment that cannot sign
 * passes all get the same 'not found'.
 */
import { applePassForHolder, PKPASS_TYPE } from "@market/entry";
import { recordId } from "@market/input/fields";
import type { Route } from "./+types/apple-wallet-pass";
import { requireUser } from "~/server/auth.server";
import { notFoundPage, notFoundResponse } from "~/server/refusal.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const ticketId = recordId().safeParse(params.id);
  if (!ticketId.success) throw notFoundResponse();
  const pass = await applePassForHolder(context.market, ticketId.data).catch(notFoundPage);
  return new Response(pass, {
    headers: {
      "content-type": PKPASS_TYPE,
      "content-disposition": `attachment; filename="ovation-ticket-${ticketId.data}.pkpass"`,
      "cache-control": "no-store",
    },
  });
}
