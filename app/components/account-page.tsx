/**
 * The page every sign-in screen is built on: a way back, the brand, a large title, its body and
 * footer, and the pieces laid out on it (cards, stacks, links, notes, the Apple and Google
 * buttons, the legal note). Its fields and buttons are the field kit's (field/account-field.tsx);
 * the two-step email-and-code form is code-step.tsx. Every control works without JavaScript.
 */
import { Form, Link } from "react-router";
import type { ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import { isSignInPath } from "~/platform/navigation-stack";
import styles from "./account-form.module.css";

export function AccountPage({
  title,
  subtitle,
  backTo,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  backTo: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation("account");
  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <Link to={backTo} className={styles.back} aria-label={t("back")} prefetch="intent">
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M15 5 8 12l7 7" />
          </svg>
        </Link>
        <span className={styles.brand} aria-hidden="true">
          <svg viewBox="0 0 24 24">
            <path d="M3 7.5h18v3a2.2 2.2 0 0 0 0 4.4v3H3v-3a2.2 2.2 0 0 0 0-4.4Z" />
          </svg>
          Ovation
        </span>
      </header>
      <div className={styles.intro}>
        <h1 className={styles.title}>{title}</h1>
        {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
      </div>
      <div className={styles.body}>{children}</div>
      {footer ? <footer className={styles.footer}>{footer}</footer> : null}
    </main>
  );
}

export function LinkButton({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={styles.secondary} prefetch="intent" replace={isSignInPath(to)}>
      <span>{children}</span>
    </Link>
  );
}

export function Stack({ children }: { children: ReactNode }) {
  return <div className={styles.stack}>{children}</div>;
}

export function Card({ children }: { children: ReactNode }) {
  return <div className={styles.card}>{children}</div>;
}

export function Divider({ label }: { label: string }) {
  return (
    <div className={styles.divider} role="separator">
      <span>{label}</span>
    </div>
  );
}

export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={styles.textLink} prefetch="intent" replace={isSignInPath(to)}>
      {children}
    </Link>
  );
}

/** A small link under a field, aligned to its end ('Forgot password?'). */
export function FieldAside({ children }: { children: ReactNode }) {
  return <p className={styles.aside}>{children}</p>;
}

/** 'Sent to …' and other quiet notes between fields. */
export function Note({ children }: { children: ReactNode }) {
  return <p className={styles.note}>{children}</p>;
}

const PROVIDER_ICONS = {
  apple: (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.providerIcon}>
      <path
        fill="currentColor"
        d="M16.37 1.43c0 1.14-.5 2.27-1.18 3.08-.74.9-1.99 1.57-2.99 1.57-.12 0-.23-.02-.3-.03-.01-.06-.04-.22-.04-.39 0-1.15.57-2.27 1.2-2.98.81-.94 2.15-1.64 3.25-1.68.03.13.06.28.06.43Zm4.56 15.71c-.03.07-.46 1.58-1.52 3.12-.94 1.34-1.94 2.71-3.43 2.71-1.52 0-1.9-.88-3.63-.88-1.7 0-2.3.91-3.67.91-1.38 0-2.33-1.26-3.43-2.8-1.29-1.82-2.32-4.63-2.32-7.28 0-4.28 2.8-6.55 5.55-6.55 1.45 0 2.68.95 3.6.95.87 0 2.22-1.01 3.9-1.01.62 0 2.89.06 4.38 2.19-.13.09-2.39 1.37-2.39 4.19 0 3.26 2.86 4.42 2.96 4.45Z"
      />
    </svg>
  ),
  google: (
    <svg viewBox="0 0 18 18" aria-hidden="true" className={styles.providerIcon}>
      <path fill="#EA4335" d="M9 3.48c1.69 0 2.83.73 3.48 1.34l2.54-2.48C13.46.89 11.43 0 9 0 5.48 0 2.44 2.02.96 4.96l2.91 2.26C4.6 5.05 6.62 3.48 9 3.48Z" />
      <path fill="#4285F4" d="M17.64 9.2c0-.74-.06-1.28-.19-1.84H9v3.34h4.96c-.1.83-.64 2.08-1.84 2.92l2.84 2.2c1.7-1.57 2.68-3.88 2.68-6.62Z" />
      <path fill="#FBBC05" d="M3.88 10.78A5.54 5.54 0 0 1 3.58 9c0-.62.11-1.22.29-1.78L.96 4.96A9 9 0 0 0 0 9c0 1.45.35 2.82.96 4.04l2.92-2.26Z" />
      <path fill="#34A853" d="M9 18c2.43 0 4.47-.8 5.96-2.18l-2.84-2.2c-.76.53-1.78.9-3.12.9-2.38 0-4.4-1.57-5.12-3.74L.97 13.04C2.44 15.98 5.48 18 9 18Z" />
    </svg>
  ),
} as const;

/**
 * 'Continue with Apple / Google': each a small form posting to /auth/{provider}, so it works
 * without JavaScript. `intent` bind links the provider to the signed-in account instead.
 */
export function ProviderButtons({
  providers,
  redirectTo,
  intent = "login",
}: {
  providers: readonly ("apple" | "google")[];
  redirectTo: string;
  intent?: "login" | "bind";
}) {
  const { t } = useTranslation("account");
  if (providers.length === 0) return null;
  return (
    <div className={styles.providers}>
      {providers.map((provider) => (
        <Form key={provider} method="post" action={`/auth/${provider}`} reloadDocument>
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button type="submit" name="intent" value={intent} className={styles.provider} data-provider={provider}>
            {PROVIDER_ICONS[provider]}
            <span>{t(intent === "bind" ? `providers.bind${provider === "apple" ? "Apple" : "Google"}` : `providers.${provider}`)}</span>
          </button>
        </Form>
      ))}
    </div>
  );
}

/** Carries `redirectTo` on links between the sign-in screens. */
export function withRedirect(path: string, redirectTo: string | null): string {
  return redirectTo ? `${path}?${new URLSearchParams({ redirectTo })}` : path;
}

/** 'By continuing you agree to…', with both documents it names as links. */
export function LegalNote() {
  const { t } = useTranslation("account");
  return <Trans t={t} i18nKey="legal" components={{ privacy: <Link to="/privacy-agreement" />, terms: <Link to="/user-agreement" /> }} />;
}
