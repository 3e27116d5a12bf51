/**
 * How a page names, opens and links to a bottom sheet (sheet.tsx): its address state, the link
 * that opens it, and opening one already on the page. Apart from the sheet itself, so a page can
 * offer its sheets from the first paint while their bodies arrive later (decision 317).
 */
import { Link, type LinkProps } from "react-router";
import { useAddressPanel } from "./address-panel";

/** The search parameter that names the open sheet. */
export const SHEET_PARAM = "sheet";

export interface SheetControl {
  name: string;
  /** The dialog element's id. */
  id: string;
  /** The address names this sheet. */
  open: boolean;
  /** This page with the sheet open, and with it closed. */
  openHref: string;
  closeHref: string;
}

/** The address state of the sheet `name` on the current page. */
export function useSheet(name: string): SheetControl {
  const { open, openHref, closeHref } = useAddressPanel(SHEET_PARAM, name);
  return { name, id: `sheet-${name}`, open, openHref, closeHref };
}

/** Opens a sheet rendered on this page, without a navigation. False when it is not there yet. */
export function showSheet(sheet: Pick<SheetControl, "id">): boolean {
  const dialog = document.getElementById(sheet.id);
  if (!(dialog instanceof HTMLDialogElement)) return false;
  if (!dialog.open) dialog.showModal();
  return true;
}

/** A link that opens the sheet: in place with JavaScript, by its address without. */
export function SheetTrigger({ sheet, onClick, ...props }: { sheet: SheetControl } & Omit<LinkProps, "to">) {
  return (
    <Link
      {...props}
      to={sheet.openHref}
      preventScrollReset
      replace
      aria-haspopup="dialog"
      aria-controls={sheet.id}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented && showSheet(sheet)) event.preventDefault();
      }}
    />
  );
}
