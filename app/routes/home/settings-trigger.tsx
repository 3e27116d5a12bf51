/**
 * The gear in home's header that opens the settings sheet (settings-sheet.tsx), in place with
 * JavaScript and by its address without.
 */
import type { ReactNode } from "react";
import { SheetTrigger, useSheet } from "~/components/sheet-trigger";

/** The sheet's name in the address (`?sheet=settings`). */
export const SETTINGS_SHEET = "settings";

export function SettingsTrigger({ className, label, children }: { className?: string; label: string; children: ReactNode }) {
  const sheet = useSheet(SETTINGS_SHEET);
  return (
    <SheetTrigger sheet={sheet} className={className} aria-label={label}>
      {children}
    </SheetTrigger>
  );
}
