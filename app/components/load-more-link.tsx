/**
 * The end of a paged list (load-more.tsx): with JavaScript, a sentinel that asks for the next
 * page as it comes within 400px of the viewport, and a 'Load more' link that does the same at a
 * tap; without it, the same link to the next page's address.
 */
import { Link } from "react-router";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import styles from "./load-more.module.css";

/** SPEC §9: scroll-bottom 400. */
const LOAD_MORE_MARGIN_PX = 400;

interface LoadMoreProps {
  hasMore: boolean;
  state: "idle" | "loading" | "failed";
  load: () => void;
  nextHref: string;
  /** Changes whenever a page is added, so the sentinel looks again (a short page may leave it in view). */
  pageCount: number;
  /** Shown when the list has ended; omit to say nothing. */
  endLabel?: string | null;
}

export default function LoadMore({ hasMore, state, load, nextHref, pageCount, endLabel }: LoadMoreProps) {
  const { t } = useTranslation("discover");
  const sentinel = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || state !== "idle" || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load();
      },
      { rootMargin: `0px 0px ${LOAD_MORE_MARGIN_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, state, load, pageCount]);

  if (!hasMore) {
    return endLabel ? <p className={styles.end}>{endLabel}</p> : null;
  }
  return (
    <div className={styles.more}>
      <Link
        ref={sentinel}
        to={nextHref}
        className={styles.link}
        data-state={state}
        aria-busy={state === "loading"}
        onClick={(event) => {
          event.preventDefault();
          load();
        }}
      >
        {state === "loading" ? <span className={styles.spinner} aria-hidden="true" /> : null}
        {state === "loading" ? t("list.loadingMore") : state === "failed" ? t("list.retry") : t("list.loadMore")}
      </Link>
    </div>
  );
}
