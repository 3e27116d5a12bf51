/**
 * The sign, set once the app has hydrated, that this browser runs scripts
 * (functions/web/scripts-cookie.ts), so its next documents may stream their deferred data. Its
 * own small module: every page's first visit loads it with the root.
 */
import { useEffect } from "react";
import { runsScripts, scriptsCookie } from "../../functions/web/scripts-cookie";

/** Sets the sign after hydration, once: a browser that got here has run the app's scripts. */
export function useRememberScriptsRun(): void {
  useEffect(() => {
    if (!runsScripts(document.cookie)) document.cookie = scriptsCookie(location.protocol === "https:");
  }, []);
}
