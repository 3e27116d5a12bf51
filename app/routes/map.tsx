/**
 * map (/map?id=, SPEC §2 'order venue map'; login): where the order's show takes place. The
 * venue's name and address, a static map drawn from our own data (the venue's seating plan with
 * the order's section marked, and the venue's coordinates: no map tiles, no network), and links
 * that open the address in Google Maps or Apple Maps. Another account's order shows nothing of it.
 */
import { data, Link, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-view";
import { OtherAccountScreen } from "~/components/state-screen";
import { PageHeader } from "~/components/page-header";
import { i18nServer } from "~/i18n/i18n.server";
import { sessionTime } from "~/i18n/session-time";
import { requireUser } from "~/server/auth.server";
import { openOrderWith, orderIdParam } from "~/server/order-screens.server";
import { orderVenue } from "@market/orders";
import { coordinates, mapLinks, VenuePlace } from "~/components/venue-place";
import styles from "~/styles/venue-map.module.css";
import type { Route } from "./+types/map";

export const handle = { i18n: ["orders", "errors"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.pageTitle ?? "Ovation" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const ctx = context.market;
  const orderId = orderIdParam(request);
  const [opened, t] = await Promise.all([openOrderWith(context, orderId, () => orderVenue(ctx, orderId)), i18nServer.getFixedT(ctx.viewer.language, "orders")]);
  const headers = { "cache-control": "no-store" };
  if ("another" in opened) return data({ pageTitle: t("map.metaTitle"), orderId, place: null }, { status: 403, headers });
  const place = opened.mine;
  const when = sessionTime(place.order.startsAt, place.order.timeZone, ctx.viewer.language);
  return data(
    {
      pageTitle: t("map.metaTitle"),
      orderId,
      place: {
        ...place,
        when: { iso: when.iso, text: `${when.date} · ${when.time}` },
        coordinates: coordinates(place.venue.latitude, place.venue.longitude),
        links: mapLinks(place.venue),
      },
    },
    { headers },
  );
}

export default function VenueMapPage() {
  const { orderId, place } = useLoaderData<typeof loader>();
  const { t } = useTranslation("orders");
  const back = `/order-detail?id=${orderId}`;
  if (!place) return <OtherAccountScreen />;
  return (
    <div className={styles.page}>
      <PageHeader title={t("map.title")} fallback={back} />
      <main className={styles.main}>
        <VenuePlace place={place} />

        <Link to={back} className={styles.back}>
          {t("map.back")}
        </Link>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
