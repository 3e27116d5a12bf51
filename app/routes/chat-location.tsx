/**
 * Location (/chat-location?orderId=, SPEC §2's chat page 'Location'; login): the venue of the
 * order a chat is about, for the members of that chat (buyer, provider, support): its name,
 * address, the venue plan and links to the maps apps. Anyone else gets not found. The 'Send
 * location' bubble links here.
 */
import { data, Link, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { recordId } from "@market/input/fields";
import { GeneralErrorBoundary } from "~/components/error-view";
import { PageHeader } from "~/components/page-header";
import { coordinates, mapLinks, VenuePlace } from "~/components/venue-place";
import { i18nServer } from "~/i18n/i18n.server";
import { sessionTime } from "~/i18n/session-time";
import { requireUser } from "~/server/auth.server";
import { notFoundPage } from "~/server/chat.server";
import { openOrderConversation } from "@market/messaging";
import { orderVenueForMember } from "@market/orders";
import styles from "~/styles/venue-map.module.css";
import type { Route } from "./+types/chat-location";

export const handle = { i18n: ["chat-media", "orders", "errors"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.pageTitle ?? "Ovation" }, { name: "robots", content: "noindex" }];

const querySchema = z.object({ orderId: recordId() });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const market = context.market;
  const query = querySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw data(null, { status: 404 });
  const { orderId } = query.data;
  // Membership of the order's chat is the permission: the provider and support see it too.
  const access = await openOrderConversation(market, orderId).catch(notFoundPage);
  const [place, t] = await Promise.all([orderVenueForMember(market, orderId), i18nServer.getFixedT(market.viewer.language, "chat-media")]);
  const when = sessionTime(place.order.startsAt, place.order.timeZone, market.viewer.language);
  return data(
    {
      pageTitle: t("location.metaTitle"),
      chatHref: `/chat?id=${access.conversation.id}`,
      place: {
        ...place,
        when: { iso: when.iso, text: `${when.date} · ${when.time}` },
        coordinates: coordinates(place.venue.latitude, place.venue.longitude),
        links: mapLinks(place.venue),
      },
    },
    { headers: { "cache-control": "no-store" } },
  );
}

export default function ChatLocationPage() {
  const { chatHref, place } = useLoaderData<typeof loader>();
  const { t } = useTranslation("chat-media");
  return (
    <div className={styles.page}>
      <PageHeader title={t("location.title")} fallback={chatHref} />
      <main className={styles.main}>
        <VenuePlace place={place} />
        <Link to={chatHref} className={styles.back}>
          {t("location.back")}
        </Link>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
