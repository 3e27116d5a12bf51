/**
 * A listing's face-value proof (/support/proofs/{listingId}/file), streamed from R2 for support
 * only: anyone else, and any unknown listing, gets the same 'not found'. Shown inline (a photo
 * opens in the tab) but sandboxed and never sniffed, since the seller uploaded it.
 */
import { openListingProof } from "@market/selling";
import { fileResponse } from "../../../functions/web/attachment";
import { consoleNotFound, recordId, requireConsole } from "~/server/console.server";
import type { Route } from "./+types/support-proof";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireConsole(request, context, "support");
  const listingId = recordId(params.id);
  try {
    return fileResponse(await openListingProof(context.market, listingId), { inline: true });
  } catch (error) {
    throw consoleNotFound(error);
  }
}
