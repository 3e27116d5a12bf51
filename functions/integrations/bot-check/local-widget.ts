/**
 * The local demo's stand-in for Turnstile's widget script (explicit rendering: turnstile.render,
 * reset, remove), served at LOCAL_WIDGET_PATH on the developer's machine only, which may have no
 * network. With the always-passing test site key it hands back the dummy token Cloudflare's test
 * keys produce; with the always-blocking one it fails, as the real widget does.
 */
import { TURNSTILE_TEST_KEYS } from "./turnstile";

export const LOCAL_WIDGET_SCRIPT = `(() => {
  const DUMMY = "XXXX.DUMMY.TOKEN.XXXX";
  const widgets = new Map();
  let next = 0;
  window.turnstile = {
    render(target, options) {
      const el = typeof target === "string" ? document.querySelector(target) : target;
      const id = "local-" + next++;
      const box = document.createElement("div");
      box.setAttribute("data-turnstile-stand-in", "");
      box.style.cssText = "display:inline-flex;align-items:center;gap:8px;padding:10px 14px;border:1px solid #c9c9d1;border-radius:6px;font:14px system-ui;background:#fafafa;color:#222";
      const blocks = options.sitekey === ${JSON.stringify(TURNSTILE_TEST_KEYS.siteAlwaysBlocks)};
      box.textContent = blocks ? "\\u2715 Verification failed (local test key)" : "\\u2713 Success! (local test key)";
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = options["response-field-name"] || "cf-turnstile-response";
      el.append(box);
      if (options["response-field"] !== false) el.append(input);
      widgets.set(id, { el, box, input });
      setTimeout(() => {
        if (blocks) { options["error-callback"] && options["error-callback"]("110200"); return; }
        input.value = DUMMY;
        options.callback && options.callback(DUMMY);
      }, 50);
      return id;
    },
    reset(id) { const w = widgets.get(id); if (w) w.input.value = ""; },
    remove(id) { const w = widgets.get(id); if (w) { w.box.remove(); w.input.remove(); widgets.delete(id); } },
    getResponse(id) { const w = widgets.get(id); return w ? w.input.value : undefined; },
  };
})();
`;
