/**
 * The baseline Worker: React 18's `renderToReadableStream`, as Ovation's entry.server uses it
 * for browsers (no waiting for `allReady`), and nothing else. `?cards=N` sets the page size.
 */
import { renderToReadableStream } from "react-dom/server";
import { Page } from "./page";

const MAX_CARDS = 5_000;

export default {
  async fetch(request) {
    const requested = Number(new URL(request.url).searchParams.get("cards") ?? "40");
    const cards = Number.isFinite(requested) ? Math.min(MAX_CARDS, Math.max(0, Math.round(requested))) : 40;
    const body = await renderToReadableStream(<Page cards={cards} />);
    return new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  },
} satisfies ExportedHandler;
