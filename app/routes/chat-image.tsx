/**
 * An image sent in a chat (/chat-image?id=&seq=; login): its bytes, for the conversation's
 * members only. Anyone else, a recalled image or one past the 30-day cut is not found.
 */
import * as z from "zod";
import { requireUser } from "~/server/auth.server";
import { notFoundPage, notFoundResponse } from "~/server/refusal.server";
import { imageResponse, readImage } from "@market/messaging/media";
import type { Route } from "./+types/chat-image";

const digits = z.string().regex(/^\d{1,15}$/).transform(Number);
const querySchema = z.object({ id: digits, seq: digits });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const query = querySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw notFoundResponse();
  const { id, seq } = query.data;
  return imageResponse(await readImage(context.market, { conversationId: id, seq }).catch(notFoundPage));
}
