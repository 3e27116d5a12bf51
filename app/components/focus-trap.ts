/**
 * Keeps Tab inside a modal (a sheet, a confirm dialog): from its last control Tab goes to its
 * first, and Shift+Tab from its first to its last. A native modal <dialog> already makes the page
 * behind it inert, but Chromium lets Tab leave it for the browser's own toolbar; a buyer on a
 * keyboard should cycle through the sheet instead. Escape is the dialog's own (it closes it).
 *
 *   <dialog onKeyDown={keepFocusInside}>…</dialog>
 */
import type { KeyboardEvent } from "react";

const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type=hidden]):not([type=radio])",
  // A radio group is one Tab stop: its checked radio.
  "input[type=radio]:checked:not([disabled])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "summary",
  '[tabindex]:not([tabindex="-1"])',
].join(",");

export function keepFocusInside(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== "Tab") return;
  const container = event.currentTarget;
  const focusable = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.getClientRects().length > 0);
  if (focusable.length === 0) return;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === container)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
