/**
 * The bot-check port: what the waiting room asks of the bot gate (Cloudflare Turnstile, in
 * functions/integrations/bot-check; the Worker hands it in as the context's `botCheck`). Both
 * calls take the viewer, whose host says whether this is the local demo.
 */
import type { Viewer } from "./viewer";

export interface BotCheckWidget {
  siteKey: string;
  scriptUrl: string;
  /** The widget's host, for the page's CSP; null for the local demo's stand-in (served by us). */
  scriptHost: string | null;
}

export interface BotCheckPort {
  /** The widget a page shows, or null where the deployment has none. */
  widget(viewer: Viewer): BotCheckWidget | null;
  /**
   * Whether `token` came from a person's browser: false for a missing, forged, expired or spent
   * token and when the check cannot be reached. Throws systemError (503) where no secret is set.
   */
  passed(viewer: Viewer, token: unknown, remoteIp: string | null): Promise<boolean>;
}
