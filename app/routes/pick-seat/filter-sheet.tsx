/**
 * Pick-seat's filter sheet: a price range, the delivery method, the zone and seats together, as
 * one GET form over the page's other choices, so it works without JavaScript. Its body arrives
 * after the page is interactive (decision 317); its trigger is on the page from the first paint.
 */
import { Form, Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Sheet } from "~/components/sheet";
import type { SheetControl } from "~/components/sheet-trigger";
import styles from "~/styles/seat-offer.module.css";
import type { OpenPickSeat } from "./route.server";

export default function FilterSheet({
  sheet: filters,
  offer,
  query,
  choices,
  hrefWith,
}: {
  sheet: SheetControl;
  offer: OpenPickSeat["offer"];
  query: OpenPickSeat["query"];
  choices: OpenPickSeat["choices"];
  /** The page's address with some choices changed (pick-seat-offer.tsx useHrefWith). */
  hrefWith: (changes: Record<string, string | number | null | undefined>) => string;
}) {
  const { t } = useTranslation(["buy", "selling"]);
  return (
    <Sheet sheet={filters} title={t("pickSeat.filterTitle")} description={t("pickSeat.filterDescription", { currency: offer.currency })}>
      <Form method="get" className={styles.filterForm} preventScrollReset>
        <input type="hidden" name="sessionId" value={offer.session.sessionId} />
        {offer.quantity ? <input type="hidden" name="quantity" value={offer.quantity} /> : null}
        {query.sort !== "price_asc" ? <input type="hidden" name="sort" value={query.sort} /> : null}
        {query.section ? <input type="hidden" name="section" value={query.section} /> : null}
        {query.section && choices.zoom ? <input type="hidden" name="zoom" value="1" /> : null}
        <div className={styles.priceRange}>
          <label>
            <span>{t("pickSeat.minPrice")}</span>
            <input type="number" name="minPrice" min={0} step={1} inputMode="numeric" defaultValue={query.minPrice ?? ""} />
          </label>
          <label>
            <span>{t("pickSeat.maxPrice")}</span>
            <input type="number" name="maxPrice" min={0} step={1} inputMode="numeric" defaultValue={query.maxPrice ?? ""} />
          </label>
        </div>
        <label className={styles.field}>
          <span>{t("pickSeat.delivery")}</span>
          <select name="delivery" defaultValue={query.delivery ?? ""}>
            <option value="">{t("pickSeat.any")}</option>
            {offer.deliveryMethods.map((method) => (
              <option key={method} value={method}>
                {t(`delivery.${method}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>{t("pickSeat.zone")}</span>
          <select name="zone" defaultValue={query.zone ?? ""}>
            <option value="">{t("pickSeat.any")}</option>
            {offer.zones.map((zone) => (
              <option key={zone} value={zone}>
                {t(`zone.${zone}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.check}>
          <input type="checkbox" name="together" value="1" defaultChecked={query.together === true} />
          <span>{t("pickSeat.together")}</span>
        </label>
        <div className={styles.filterActions}>
          <Link to={hrefWith({ minPrice: null, maxPrice: null, delivery: null, zone: null, together: null })} replace className={styles.secondary}>
            {t("pickSeat.clear")}
          </Link>
          <button type="submit" className={styles.primary}>
            {t("pickSeat.apply")}
          </button>
        </div>
      </Form>
    </Sheet>
  );
}
