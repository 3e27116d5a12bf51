/**
 * The bot gate's widget (Cloudflare Turnstile, explicit rendering): loads the widget's script
 * once, draws the widget where it stands, and puts the token it hands back in the form as
 * `botCheck`. When `submitOnPass` is set the form is sent as soon as the check passes, so a
 * person who is not challenged joins without a second tap. A token is good for one check: when
 * `renewOn` changes (the form's answer came back refused) the widget is drawn afresh for a new
 * one. Without JavaScript the widget cannot run: the <noscript> says what to do.
 */
import { useEffect, useRef, useState } from "react";

interface TurnstileApi {
  render(target: HTMLElement, options: Record<string, unknown>): string;
  remove(id: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

function loadScript(src: string): Promise<void> {
  if (window.turnstile) return Promise.resolve();
  const present = document.querySelector<HTMLScriptElement>(`script[data-bot-check]`);
  const script = present ?? Object.assign(document.createElement("script"), { src, async: true });
  if (!present) {
    script.dataset.botCheck = "";
    document.head.appendChild(script);
  }
  return new Promise((done, fail) => {
    script.addEventListener("load", () => done(), { once: true });
    script.addEventListener("error", () => fail(new Error("bot check script failed to load")), { once: true });
  });
}

export function BotCheck({
  siteKey,
  scriptUrl,
  language,
  noScript,
  submitOnPass,
  renewOn,
}: {
  siteKey: string;
  scriptUrl: string;
  language: string;
  noScript: string;
  submitOnPass?: boolean;
  renewOn?: unknown;
}) {
  const target = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const [token, setToken] = useState("");

  useEffect(() => {
    let widget: string | null = null;
    let gone = false;
    setToken("");
    loadScript(scriptUrl)
      .then(() => {
        if (gone || !target.current || !window.turnstile) return;
        widget = window.turnstile.render(target.current, {
          sitekey: siteKey,
          language: language === "zh-HK" ? "zh-tw" : "en",
          "response-field": false,
          callback: (value: string) => setToken(value),
          "expired-callback": () => setToken(""),
          "error-callback": () => setToken(""),
        });
      })
      .catch(() => undefined);
    return () => {
      gone = true;
      if (widget) window.turnstile?.remove(widget);
    };
  }, [siteKey, scriptUrl, language, renewOn]);

  useEffect(() => {
    if (token && submitOnPass) field.current?.form?.requestSubmit();
  }, [token, submitOnPass]);

  return (
    <>
      <div ref={target} data-testid="bot-check" />
      <input ref={field} type="hidden" name="botCheck" value={token} />
      <noscript>
        <p data-testid="bot-check-noscript">{noScript}</p>
      </noscript>
    </>
  );
}
