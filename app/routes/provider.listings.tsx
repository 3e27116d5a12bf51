/**
 * The seller's listings in the provider console (/provider/listings, seller role): each with its
 * status at this instant (on sale, sold out, withdrawn, or ended with its session), price beside
 * face value, and what is left, sold and held; a way to list more, and to the payouts.
 */
import { data, Link, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { ConsoleLayout } from "~/components/console-layout";
import kit from "~/components/console-kit.module.css";
import { GeneralErrorBoundary } from "~/components/error-view";
import { ListingStatusBadge } from "~/components/selling-fields";
import { i18nServer } from "~/i18n/i18n.server";
import { consoleWriters, requireConsole } from "~/server/console.server";
import { listProviderListings } from "@market/selling";
import type { Route } from "./+types/provider.listings";

export const handle = { i18n: ["console", "selling"] };

export const meta: Route.MetaFunction = ({ data }) => (data ? [{ title: data.title }, { name: "robots", content: "noindex" }] : []);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireConsole(request, context, "seller");
  const ctx = context.market;
  const [listings, write, t] = await Promise.all([listProviderListings(ctx), consoleWriters(context), i18nServer.getFixedT(ctx.viewer.language, "selling")]);
  return data(
    {
      title: t("listings.title"),
      listings: listings.map((listing) => ({
        id: listing.listingId,
        status: listing.status,
        title: listing.event.title,
        when: write.moment(listing.event.startsAt, listing.event.timeZone),
        where: [listing.section, listing.rowLabel, listing.seats?.join(", ")].filter(Boolean).join(" · "),
        price: write.money(listing.priceMinor, listing.currency),
        face: write.money(listing.faceValueMinor, listing.currency),
        left: listing.left,
        sold: listing.sold,
        held: listing.held,
      })),
    },
    { headers: { "cache-control": "private, no-store" } },
  );
}

export default function ProviderListings() {
  const { listings } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["selling", "console"]);
  return (
    <ConsoleLayout kind="provider" title={t("listings.title")} back="/provider">
      <div className={kit.actions}>
        <Link to="/provider/listings/new" className={kit.button}>
          {t("listings.new")}
        </Link>
        <Link to="/provider/payouts" className={kit.secondary}>
          {t("listings.payouts")}
        </Link>
      </div>
      {listings.length === 0 ? (
        <div className={kit.empty}>
          <p className={kit.emptyTitle}>{t("listings.empty")}</p>
          <p className={kit.emptyBody}>{t("listings.emptyBody")}</p>
        </div>
      ) : (
        <ul className={kit.list} data-testid="provider-listings">
          {listings.map((listing) => (
            <li key={listing.id}>
              <Link to={`/provider/listings/${listing.id}`} className={kit.row}>
                <span className={kit.rowTop}>
                  <ListingStatusBadge status={listing.status} />
                </span>
                <span className={kit.rowTitle}>{listing.title}</span>
                <span className={kit.rowMeta}>{`${listing.when} · ${listing.where}`}</span>
                <span className={kit.rowMeta}>{t("listings.price", { price: listing.price, face: listing.face })}</span>
                <span className={kit.rowMeta}>{t("listings.counts", { left: listing.left, sold: listing.sold, held: listing.held })}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </ConsoleLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
