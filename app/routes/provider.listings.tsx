/**
 * The seller's listings (/provider/listings, seller role): 'My listings' for a fan, reached from
 * Me; a page of the provider console for a trader (decision 250). Each listing with its status
 * at this instant (on sale, sold out, withdrawn, or ended with its session), price beside face
 * value, and what is left, sold and held; a way to list more, to the sold tickets to deliver and
 * to the payouts, and a prompt for the payout account until one is given (decision 251).
 */
import { data, Link, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { ConsoleLayout, useSellsAs } from "~/components/console-layout";
import kit from "~/components/console-kit.module.css";
import { GeneralErrorBoundary } from "~/components/error-view";
import { ListingStatusBadge } from "~/components/selling-fields";
import { i18nServer } from "~/i18n/i18n.server";
import { consoleWriters, requireConsole } from "~/server/console.server";
import { listProviderListings, sellerStanding } from "@market/selling";
import type { Route } from "./+types/provider.listings";

export const handle = { i18n: ["console", "selling"] };

export const meta: Route.MetaFunction = ({ data }) => (data ? [{ title: data.title }, { name: "robots", content: "noindex" }] : []);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireConsole(request, context, "seller");
  const ctx = context.market;
  const [listings, write, t, standing] = await Promise.all([
    listProviderListings(ctx),
    consoleWriters(context),
    i18nServer.getFixedT(ctx.viewer.language, "selling"),
    sellerStanding(ctx),
  ]);
  return data(
    {
      title: t("listings.title"),
      // Asked before the first payout, so once there is something to sell (a staff provider
      // with no profile is paid outside the platform and is never asked).
      askForAccount: listings.length > 0 && standing?.needsPayoutAccount === true,
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
  const { listings, askForAccount } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["selling", "console"]);
  const fan = useSellsAs() === "fan";
  return (
    <ConsoleLayout kind="provider" title={t("listings.title")} back={fan ? "/mine" : "/provider"}>
      <div className={kit.actions}>
        <Link to="/provider/listings/new" className={kit.button}>
          {t("listings.new")}
        </Link>
        {fan ? (
          <Link to="/provider" className={kit.secondary}>
            {t("seller.soldOrders")}
          </Link>
        ) : null}
        <Link to="/provider/payouts" className={kit.secondary}>
          {t("listings.payouts")}
        </Link>
      </div>
      {askForAccount ? (
        <div className={kit.banner} role="status" data-testid="payout-account-prompt">
          <p>{t("seller.payout.prompt")}</p>
          <Link to="/provider/payouts#payout-account" className={kit.link}>
            {t("seller.payout.add")}
          </Link>
        </div>
      ) : null}
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
