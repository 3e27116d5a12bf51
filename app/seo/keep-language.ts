/**
 * With JavaScript, a page reached at an address naming its language (`?lang=`) keeps that
 * language on the links the viewer follows: a click on a same-site link without it is taken over
 * before React Router's own handler and navigated with `lang` added (the server does the same to
 * the HTML for browsers without JavaScript: functions/web/language-address.ts).
 */
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { keepLanguage, languageFromAddress } from "../../functions/web/language-address";

export function useKeepLanguage(): void {
  const navigate = useNavigate();
  useEffect(() => {
    function onClick(event: MouseEvent) {
      const language = languageFromAddress(new URL(window.location.href));
      if (!language || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.("a[href]");
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target || anchor.hasAttribute("download") || anchor.origin !== window.location.origin) return;
      const href = anchor.pathname + anchor.search + anchor.hash;
      const kept = keepLanguage(href, language);
      if (kept === href) return;
      event.preventDefault();
      navigate(kept);
    }
    // Capture phase: runs before React's handlers, which then see the click already handled.
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, [navigate]);
}
