/**
 * What changes once the page is hydrated. Every screen is whole without JavaScript; a few
 * controls exist only once scripts run (a Copy button, a calendar, zoom), and an open sheet or
 * question is a plain fixed panel until then, as a <dialog> can only be modal through script.
 *
 * The state lives in the component that changes, and no higher: a state set in a mount effect is
 * drawn at once, in one task, with everything under its holder (docs/decisions.md 183).
 */
import { useEffect, useState } from "react";

/** False while hydrating (and on the server), true from the first effect on. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * Whether an overlay that is `open` is drawn as the plain panel pages show without JavaScript.
 * Only one drawn open before hydration changes once hydrated; a closed one is the same <dialog>
 * before and after, so it is not drawn again. One opened later is a <dialog> at once.
 */
export function usePanelUntilHydrated(open: boolean): boolean {
  const [asPanel, setAsPanel] = useState(open);
  useEffect(() => setAsPanel(false), []);
  return asPanel && open;
}
