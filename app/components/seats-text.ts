/**
 * Where a listing's tickets are, in the buyer's words ("Row F · Seats 11-12"): shared by the seat
 * map's rows and the screens after it, which do not load the map itself.
 */
import { useTranslation } from "react-i18next";
import type { OfferedListing } from "@market/listings/session-offer";

export function useSeatsText() {
  const { t } = useTranslation("buy");
  return (listing: Pick<OfferedListing, "section" | "rowLabel" | "seats" | "seatsTogether">) => {
    if (listing.section.generalAdmission) return t("listing.generalAdmission");
    const parts = [listing.rowLabel ? t("listing.row", { row: listing.rowLabel }) : null];
    if (listing.seats)
      parts.push(listing.seats.from === listing.seats.to ? t("listing.seat", { from: listing.seats.from }) : t("listing.seats", listing.seats));
    else if (!listing.seatsTogether) parts.push(t("listing.notTogether"));
    return parts.filter(Boolean).join(" · ");
  };
}
