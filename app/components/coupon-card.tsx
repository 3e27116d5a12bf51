/**
 * A coupon as a ticket stub: the saving on the left, what it is and its conditions on the
 * right, greyed with its reason when it cannot be used. Details open in place (<details>), so
 * they work without JavaScript. `action` is the card's one button or link, when it has one.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { CouponCard as CouponCardData } from "~/server/coupon-card.server";
import styles from "./coupon-card.module.css";

export function CouponCard({ coupon, action }: { coupon: CouponCardData; action?: ReactNode }) {
  const { t } = useTranslation("coupon");
  const usable = coupon.state === "available";
  return (
    <article className={styles.card} data-usable={usable ? "" : undefined} aria-label={`${coupon.title} ${coupon.code}`}>
      <div className={styles.stub}>
        <span className={styles.headline}>{coupon.headline}</span>
        {coupon.saves ? <span className={styles.saves}>{coupon.saves}</span> : null}
      </div>
      <div className={styles.body}>
        <div className={styles.titleRow}>
          <h3 className={styles.title}>{coupon.title}</h3>
          {coupon.newUser ? <span className={styles.tag}>{t("card.newUser")}</span> : null}
        </div>
        <ul className={styles.conditions}>
          {coupon.conditions.map((condition) => (
            <li key={condition}>{condition}</li>
          ))}
          <li>{coupon.validity}</li>
        </ul>
        {coupon.note ? <p className={styles.note}>{coupon.note}</p> : null}
        <div className={styles.footer}>
          <details className={styles.details}>
            <summary>{t("card.details")}</summary>
            <p>{coupon.details}</p>
            <p className={styles.code}>{coupon.code}</p>
          </details>
          {action}
        </div>
      </div>
    </article>
  );
}

/** The coupons of a list, one card each; `action` gives a card its button (Use, on the coupon picker). */
export function CouponList<Coupon extends CouponCardData & { id: number | string }>({ coupons, className, action }: { coupons: Coupon[]; className: string; action?: (coupon: Coupon) => ReactNode }) {
  return (
    <ul className={className}>
      {coupons.map((coupon) => (
        <li key={coupon.id}>
          <CouponCard coupon={coupon} action={action?.(coupon)} />
        </li>
      ))}
    </ul>
  );
}
