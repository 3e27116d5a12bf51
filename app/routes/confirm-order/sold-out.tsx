/**
 * Tickets that sold while the buyer was confirming: said at the top of the page where the buyer
 * looks (focus moves to it), with the next best listings of the same session to go on with.
 */
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Alternative } from "@market/orders/confirm-view";
import styles from "./styles.module.css";

export function SoldOut({ alternatives, quantity, sessionHref }: { alternatives: Alternative[]; quantity: number; sessionHref: string }) {
  const { t } = useTranslation(["order", "errors"]);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={styles.soldOut} role="alert" aria-labelledby="sold-out-title" data-testid="sold-out">
      <h2 id="sold-out-title" ref={heading} tabIndex={-1} className={styles.soldOutTitle}>
        {t("orderInventoryNotEnough", { ns: "errors" })}
      </h2>
      <p className={styles.note}>{alternatives.length > 0 ? t("confirm.soldOutNext") : t("confirm.soldOutNone")}</p>
      {alternatives.length > 0 ? (
        <ul className={styles.alternatives}>
          {alternatives.map((listing) => (
            <li key={listing.listingId}>
              <Link to={`/confirm-order?listingId=${listing.listingId}&quantity=${quantity}`} className={styles.alternative} data-testid="alternative">
                <span className={styles.address}>
                  <strong>{listing.rowLabel ? t("confirm.seatsRow", { section: listing.section, row: listing.rowLabel }) : listing.section}</strong>
                  <span>{t(`delivery.${listing.deliveryMethod}`, { ns: "order" })}</span>
                </span>
                <span className={styles.rowValue}>{t("confirm.allInEachShort", { price: listing.allIn })}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <Link to={sessionHref} className={styles.bannerLink}>
        {t("confirm.soldOutBrowse")}
      </Link>
    </section>
  );
}
