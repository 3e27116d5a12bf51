/**
 * Explore's place sheet: everywhere, the viewer's own region, then cities near the viewer
 * first, each a link to the list there. Its body arrives after the page is interactive
 * (decision 317); its trigger is on the page from the first paint.
 */
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Sheet } from "~/components/sheet";
import type { SheetControl } from "~/components/sheet-trigger";
import styles from "./styles.module.css";

interface WhereOptionsProps {
  cities: { code: string; name: string; locationCode: string | null }[];
  current: { kind: string; code: string; name: string | null };
  viewerLocation: string;
  hrefFor: (cityCode: string) => string;
}

/** Everywhere, the viewer's own region as a whole, then cities: near the viewer first. */
function WhereOptions({ cities, current, viewerLocation, hrefFor }: WhereOptionsProps) {
  const { t } = useTranslation("explore");
  const near = cities.filter((city) => city.locationCode === viewerLocation);
  const elsewhere = cities.filter((city) => city.locationCode !== viewerLocation);
  // A region of one city (Hong Kong, Macau) is that city: one row, not two of the same name.
  const regionIsCity = current.kind === "region" && near.length === 1 && near[0]!.locationCode === current.code;
  const selected = (code: string) => current.code === code || (regionIsCity && near[0]!.code === code);
  const option = (code: string, name: string) => (
    <li key={code}>
      <Link to={hrefFor(code)} className={styles.place} aria-current={selected(code) ? "true" : undefined} replace>
        <span>{name}</span>
        {selected(code) ? (
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="m5 12.5 4.5 4.5L19 7.5" />
          </svg>
        ) : null}
      </Link>
    </li>
  );
  return (
    <div className={styles.places}>
      <ul className={styles.placeList}>{option("ALL", t("where.everywhere"))}</ul>
      {near.length > 0 || current.kind === "region" ? (
        <>
          <h3 className={styles.placeHeading}>{t("where.near")}</h3>
          <ul className={styles.placeList}>
            {current.kind === "region" && current.name && !regionIsCity ? option(current.code, current.name) : null}
            {near.map((city) => option(city.code, city.name))}
          </ul>
        </>
      ) : null}
      {elsewhere.length > 0 ? (
        <>
          <h3 className={styles.placeHeading}>{t("where.elsewhere")}</h3>
          <ul className={styles.placeList}>{elsewhere.map((city) => option(city.code, city.name))}</ul>
        </>
      ) : null}
    </div>
  );
}

export default function WhereSheet({ sheet, ...options }: { sheet: SheetControl } & WhereOptionsProps) {
  const { t } = useTranslation("explore");
  return (
    <Sheet sheet={sheet} title={t("where.title")} description={t("where.description")}>
      <WhereOptions {...options} />
    </Sheet>
  );
}
