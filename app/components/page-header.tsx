/**
 * The sticky header of every page that is not a tab: a back button and the page's title, with
 * room on the right for the page's own actions.
 *
 * Back (SPEC §2): on the first page inside an app, the app's own back (bridge goBack); with ad tracking parameters in the address the visitor arrived from an ad, so
 * back goes home rather than out of the site; otherwise back is the browser's history when this
 * visit has an earlier page, else home. Without JavaScript it is a plain link to `fallback`.
 */
import { Link, useNavigate } from "react-router";
import type { MouseEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import styles from "./page-header.module.css";
import { hostApp, insideHostApp } from "~/platform/host-app";

/** SPEC §3's advertising fields that arrive in the address. */
const AD_PARAMS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"];

interface PageHeaderProps {
  title: string;
  /** Where back leads when there is no earlier page (and without JavaScript). */
  fallback?: string;
  /** The page's own actions, at the right. */
  children?: ReactNode;
}

export function PageHeader({ title, fallback = "/", children }: PageHeaderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  function back(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    // React Router numbers the entries of this visit; idx 0 is the page the visit started on.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    // The first page inside an app: the app goes back (closes the web view); an app that does
    // not answer leaves the buyer on our fallback page.
    if (index === 0 && insideHostApp()) return void hostApp.goBack().then((done) => done === null && navigate(fallback));
    const search = new URLSearchParams(window.location.search);
    if (AD_PARAMS.some((name) => search.has(name))) return navigate("/");
    if (index > 0) return navigate(-1);
    navigate(fallback);
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
