/**
 * A confirm dialog: one question asked before a form post that cannot be taken back (cancel an
 * order, sign out). Confirm is SPEC §9's #ff1d41, cancel its #95949e.
 *
 * The pattern, with and without JavaScript, is the sheet's (sheet.tsx):
 *
 * - The question has a name, and its open state lives in the address: `?confirm=<name>`.
 * - The trigger is a real link to that address. Without JavaScript following it renders the
 *   page again with the question open as a plain fixed panel. Its Confirm button submits a real
 *   `<form method="post">` to `action`, with the hidden fields given as children; Cancel is a
 *   link back to the page without the question.
 * - With JavaScript the same link opens a native <dialog> with showModal() in place, without a
 *   round trip (focus stays inside, Escape and a tap on the backdrop cancel). Confirm submits the
 *   same form through React Router, and the navigation that follows closes the dialog.
 *
 * Either way the thing happens only by that form post, so the action never needs to know
 * whether a script ran, and a page without JavaScript still asks before it acts.
 *
 *   <ConfirmDialog name="cancel-order" action="/order-detail?id=42" trigger={t("cancel")}
 *     title={t("cancelTitle")} message={t("cancelBody")} confirmLabel={t("cancelConfirm")}>
 *     <input type="hidden" name="intent" value="cancel" />
 *   </ConfirmDialog>
 */
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { useCallback, useEffect, useId, useRef, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useAddressPanel } from "./address-panel";
import { usePanelUntilHydrated } from "./hydrated";
import styles from "./confirm-dialog.module.css";
import { keepFocusInside } from "./focus-trap";
import type { CheckedFormProps } from "./field/checked-form";

/** The search parameter that names the open question. */
export const CONFIRM_PARAM = "confirm";

interface ConfirmDialogProps {
  /** Names the question in the address (?confirm=name): unique on the page. */
  name: string;
  /** What the trigger says. */
  trigger: ReactNode;
  triggerClassName?: string;
  title: ReactNode;
  message?: ReactNode;
  confirmLabel: ReactNode;
  /** "Cancel" unless given. */
  cancelLabel?: ReactNode;
  /** Where the form posts; this page's own route when absent. */
  action?: string;
  /** Runs in the browser as the form submits (e.g. clearing what the device keeps). */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** The form's own attributes and handlers, for a dialog whose fields are a checked form (checked-form.ts). */
  formProps?: CheckedFormProps;
  /** The form's hidden fields. */
  children?: ReactNode;
}

export function ConfirmDialog({
  name,
  trigger,
  triggerClassName,
  title,
  message,
  confirmLabel,
  cancelLabel,
  action,
  onSubmit,
  formProps,
  children,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { open, openHref, closeHref, locationKey } = useAddressPanel(CONFIRM_PARAM, name);
  const id = `confirm-${name}`;
  const titleId = useId();
  const messageId = useId();
  // Before hydration (and always without JavaScript) an open question is a plain fixed panel.
  const asPanel = usePanelUntilHydrated(open);
  // The address at the moment the dialog closes decides whether closing navigates.
  const latest = useRef({ open, closeHref });
  latest.current = { open, closeHref };
  const submitting = navigation.state === "submitting" && navigation.formData?.get(CONFIRM_PARAM) === name;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
    // A navigation (the form's, or any other) closes a question opened in place.
  }, [open, locationKey, asPanel]);

  const onClose = useCallback(() => {
    // Closing a question the address opened takes the address back, so a reload does not reopen it.
    if (latest.current.open) navigate(latest.current.closeHref, { replace: true, preventScrollReset: true });
  }, [navigate]);

  const body = (
    <div className={styles.card}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {message ? (
        <p id={messageId} className={styles.message}>
          {message}
        </p>
      ) : null}
      <Form method="post" action={action} className={styles.actions} onSubmit={onSubmit} {...formProps}>
        {children}
        {/* Names the question in the submission, so only its own button shows it is busy. */}
        <input type="hidden" name={CONFIRM_PARAM} value={name} />
        <Link
          to={closeHref}
          replace
          preventScrollReset
          className={styles.cancel}
          onClick={(event) => {
            if (ref.current?.open) {
              event.preventDefault();
              ref.current.close();
            }
          }}
        >
          {cancelLabel ?? t("cancel")}
        </Link>
        <button type="submit" className={styles.confirm} disabled={submitting} aria-busy={submitting || undefined}>
          {confirmLabel}
        </button>
      </Form>
    </div>
  );

  const labelled = { "aria-labelledby": titleId, "aria-describedby": message ? messageId : undefined };

  return (
    <>
      <Link
        to={openHref}
        replace
        preventScrollReset
        className={triggerClassName}
        aria-haspopup="dialog"
        aria-controls={id}
        onClick={(event) => {
          const dialog = ref.current;
          if (!dialog) return;
          event.preventDefault();
          if (!dialog.open) dialog.showModal();
        }}
      >
        {trigger}
      </Link>
      {asPanel ? (
        <div className={styles.static} id={id} role="alertdialog" aria-modal="true" {...labelled}>
          <Link to={closeHref} replace preventScrollReset className={styles.scrim} aria-label={t("close")} tabIndex={-1} />
          {body}
        </div>
      ) : (
        <dialog
          ref={ref}
          id={id}
          role="alertdialog"
          className={styles.dialog}
          {...labelled}
          onClose={onClose}
          onKeyDown={keepFocusInside}
          onClick={(event) => {
            // A tap on the backdrop lands on the dialog itself; taps on the card land inside it.
            if (event.target === event.currentTarget) event.currentTarget.close();
          }}
        >
          {body}
        </dialog>
      )}
    </>
  );
}
