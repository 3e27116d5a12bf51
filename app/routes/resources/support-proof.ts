/**
 * A listing's face-value proof (/support/proofs/{listingId}/file), streamed from R2 for support
 * only: anyone else, and any unknown listing, gets the same 'not found'. Shown inline (a photo
 * opens in the tab) but sandboxed and never sniffed, since the seller uploaded it.
 */
import { openListingProof } from "@market/selling";
import { attachmentDisposition } from "../../../functions/web/attachment";
import { consoleNotFound, recordId, requireConsole } from "~/server/console.server";
import type { Route } from "./+types/support-proof";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireConsole(request, context, "support");
  const listingId = recordId(params.id);
  try {
    const proof = await openListingProof(context.market, listingId);
    return new Response(proof.body, {
      headers: {
        "content-type": proof.contentType,
        "content-length": String(proof.size),
        "content-disposition": attachmentDisposition(proof.fileName).replace(/^attachment/, "inline"),
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
        "content-security-policy": "default-src 'none'; img-src 'self'; sandbox",
      },
    });
  } catch (error) {
    throw consoleNotFound(error);
  }
}
