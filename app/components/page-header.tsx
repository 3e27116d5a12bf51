/**
 * The sticky header of every page that is not a tab: a back button and the page's title, with
 * room on the right for the page's own actions.
 *
 * Back (SPEC §2) goes through the page stack (page-stack.ts): a page behind this one in the
 * stack; on the first page inside an app, the app's own back (bridge goBack); with ad tracking
 * parameters in the address the visitor arrived from an ad, so home; otherwise the browser's
 * history, else `fallback`. Without JavaScript it is a plain link to `fallback`.
 */
import { Link } from "react-router";
import type { MouseEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import styles from "./page-header.module.css";
import { pageStack } from "./page-stack";

interface PageHeaderProps {
  title: string;
  /** Where back leads when there is no earlier page (and without JavaScript). */
  fallback?: string;
  /** The page's own actions, at the right. */
  children?: ReactNode;
}

export function PageHeader({ title, fallback = "/", children }: PageHeaderProps) {
  const { t } = useTranslation();

  function back(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    const stack = pageStack();
    if (!stack) return;
    event.preventDefault();
    stack.back(1, fallback);
  }

  return (
    <header className={styles.header}>
      <Link to={fallback} className={styles.back} onClick={back} aria-label={t("back")}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M15 5 8 12l7 7" />
        </svg>
      </Link>
      <h1 className={styles.title}>{title}</h1>
      <div className={styles.actions}>{children}</div>
    </header>
  );
}
