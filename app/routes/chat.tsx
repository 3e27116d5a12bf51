/**
 * A conversation (/chat?id=, SPEC §2 TUIChat; login): its messages of the last 30 days, oldest
 * at the top, with the order it is about, read ticks, replies to quoted messages, recall within
 * 2 minutes and reporting. Without JavaScript sending is a form post that comes back here, and
 * a refresh link shows what arrived; with JavaScript messages arrive and leave over the socket.
 * /chat?order= opens (or finds) the conversation about an order, /chat?support=1 the viewer's
 * conversation with support, and each comes here with its id (the links from other screens).
 */
import { data, redirect, useLoaderData } from "react-router";
import * as z from "zod";
import { GeneralErrorBoundary } from "~/components/error-view";
import { ChatScreen } from "~/components/chat-screen";
import { memberName } from "~/components/chat-bits";
import { i18nServer } from "~/i18n/i18n.server";
import { requireUser } from "~/server/auth.server";
import { chatCredentialOf, newClientMessageId, notFoundPage } from "~/server/chat.server";
import { redirectWithToast } from "~/server/toast.server";
import { MarketError } from "@market/errors";
import {
  accessConversation,
  clientMessageIdSchema,
  groupMembers,
  joinAsSupport,
  markRead,
  openOrderConversation,
  openSupportConversation,
  readHistory,
  recallMessage,
  RECALL_WINDOW_MS,
  REPORT_REASONS,
  reportMessage,
  sendMessage,
  sendSchema,
  writeStateOf,
} from "@market/messaging";
import { sendImage, sendLocation, uploadedImageOf } from "@market/messaging/media";
import type { Route } from "./+types/chat";
import { readForm } from "~/server/form.server";

export const handle = { i18n: ["chat", "chat-media", "errors", "push"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "Ovation" }, { name: "robots", content: "noindex" }];

const PAGE_SIZE = 30;
const digits = z.string().regex(/^\d{1,15}$/).transform(Number);
const querySchema = z.object({ id: digits, before: digits.optional(), reply: digits.optional() });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const market = context.market;
  const params = Object.fromEntries(new URL(request.url).searchParams);
  if (params.support === "1") {
    const access = await openSupportConversation(market);
    throw redirect(`/chat?id=${access.conversation.id}`);
  }
  const order = digits.safeParse(params.order);
  if (order.success) {
    const access = await openOrderConversation(market, order.data).catch(notFoundPage);
    throw redirect(`/chat?id=${access.conversation.id}`);
  }
  const query = querySchema.safeParse(params);
  if (!query.success) throw data(null, { status: 404 });
  const { id, before, reply } = query.data;
  const access = await accessConversation(market, id).catch(notFoundPage);
  const [history, members, userSig, t] = await Promise.all([
    readHistory(market, { conversationId: id, before, pageSize: PAGE_SIZE }),
    groupMembers(market, id),
    chatCredentialOf(market),
    i18nServer.getFixedT(market.viewer.language, "chat"),
  ]);
  // Opening the newest page is reading it.
  if (before === undefined && history.lastSeq > 0) await markRead(market, { conversationId: id, seq: history.lastSeq });
  const counterpart = members.find((member) => member.role !== access.role);
  return data(
    {
      title: `${counterpart ? memberName(counterpart, t("roles.supportName")) : t("roles.supportName")} · ${t("chat.title")}`,
      conversation: {
        id,
        kind: access.conversation.kind,
        orderId: access.conversation.orderId,
        orderNo: access.conversation.orderNo,
        group: access.conversation.supportJoinedAt !== null,
      },
      role: access.role,
      viewerId: market.viewer.userId!,
      counterpart: counterpart ?? null,
      members,
      window: access.window,
      writeState: writeStateOf(access),
      messages: history.list.slice().reverse(),
      olderBefore: history.nextBefore,
      lastSeq: history.lastSeq,
      reads: history.reads,
      replyTo: reply ?? null,
      userSig,
      clientMessageId: newClientMessageId(),
      // The attachments' own id: a text sent live over the socket must not take the image's.
      attachClientMessageId: newClientMessageId(),
      recallUntil: market.now() - RECALL_WINDOW_MS,
      timeZone: market.viewer.timeZone,
      today: market.now(),
      // A new address each time, so following it without JavaScript loads the page again.
      refreshHref: `/chat?id=${id}&at=${market.now()}#latest`,
    },
    { headers: { "cache-control": "no-store" } },
  );
}

const seqForm = z.object({ conversationId: digits, seq: digits });
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("send"), conversationId: digits, clientMessageId: z.string(), text: z.string(), replyTo: z.string().optional() }),
  seqForm.extend({ intent: z.literal("recall") }),
  seqForm.extend({ intent: z.literal("report"), reason: z.enum(REPORT_REASONS) }),
  z.object({ intent: z.literal("join"), conversationId: digits }),
  z.object({ intent: z.literal("image"), conversationId: digits, clientMessageId: clientMessageIdSchema, file: z.unknown() }),
  z.object({ intent: z.literal("location"), conversationId: digits, clientMessageId: clientMessageIdSchema }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const market = context.market;
  const parsed = actionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw data(null, { status: 400 });
  const input = parsed.data;
  const back = `/chat?id=${input.conversationId}#latest`;
  try {
    switch (input.intent) {
      case "send": {
        const message = sendSchema.safeParse({ ...input, replyTo: input.replyTo || undefined });
        if (!message.success) {
          const fieldErrors = Object.fromEntries(message.error.issues.map((issue) => [issue.path.join("."), issue.code]));
          return data({ fieldErrors, text: input.text }, { status: 400 });
        }
        await sendMessage(market, { ...message.data, replyTo: message.data.replyTo ?? null });
        return redirect(back);
      }
      case "recall":
        await recallMessage(market, input);
        return redirect(back);
      case "report":
        await reportMessage(market, input);
        return redirectWithToast(back, { kind: "success", key: "chat:chat.reported" });
      case "image": {
        const file = await uploadedImageOf(input.file as FormDataEntryValue | null);
        const sent = await sendImage(market, { conversationId: input.conversationId, clientMessageId: input.clientMessageId, file }).catch((error: unknown) => {
          // Stays on the chat with the reason beside the picker (400), as a form's field error does.
          if (error instanceof MarketError && error.messageKey === "chatImageInvalid") return null;
          throw error;
        });
        return sent ? redirect(back) : data({ imageError: "chatImageInvalid" as const }, { status: 400 });
      }
      case "location":
        await sendLocation(market, input);
        return redirect(back);
      case "join":
        await joinAsSupport(market, input.conversationId);
        return redirect(back);
    }
  } catch (error) {
    if (error instanceof MarketError && error.status !== 404) {
      return redirectWithToast(back, { kind: "error", key: `errors:${error.messageKey}`, params: { ...error.params } });
    }
    return notFoundPage(error);
  }
}

export default function Chat() {
  const loaderData = useLoaderData<typeof loader>();
  return <ChatScreen {...loaderData} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
