/**
 * A row of filter chips for discovery lists: each chip is a link to the same list with one query
 * value changed (and back to page 1), so filters are addresses that work without JavaScript,
 * can be shared and survive a reload. The chosen chip is marked `aria-current` and moved next
 * to the first chip (the 'all' one), so it is in view on a narrow screen without scrolling.
 */
import { Link } from "react-router";
import styles from "./filter-chips.module.css";

/** An address with these query values; empty ones are left out, and so is page 1 (the list itself). */
export function listHref(path: string, values: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === "" || (key === "page" && Number(value) === 1)) continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export interface FilterChip {
  key: string;
  label: string;
  href: string;
  current: boolean;
  count?: number;
}

/** `pinFirst`: the first chip is the 'all' one and keeps its place (the default). */
export function FilterChips({ label, chips, pinFirst = true }: { label: string; chips: FilterChip[]; pinFirst?: boolean }) {
  const pinned = pinFirst ? 1 : 0;
  const current = chips.findIndex((chip) => chip.current);
  const ordered =
    current > pinned ? [...chips.slice(0, pinned), chips[current]!, ...chips.slice(pinned, current), ...chips.slice(current + 1)] : chips;
  return (
    <nav aria-label={label} className={styles.nav}>
      <ul className={styles.chips}>
        {ordered.map((chip) => (
          <li key={chip.key}>
            <Link
              to={chip.href}
              className={styles.chip}
              aria-current={chip.current ? "page" : undefined}
              preventScrollReset
              replace
            >
              {chip.label}
              {chip.count !== undefined ? <span className={styles.count}>{chip.count}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
