/**
 * SPEC §3's global config: chat (imInfo), whether customer support is on, and where media lives
 * (obsConfig). Read per request from the environment, never at module load.
 *
 * Chat and customer support are on unless IM_ENABLED / CUSTOMER_SUPPORT_ENABLED say "false";
 * chat is also off in production while no IM_SIGNING_KEY is set, since no one could sign in to it.
 */
import type { MarketContext } from "../context";
import { chatSigningKey, issueChatCredential } from "./chat-credential";

declare global {
  namespace Cloudflare {
    interface Env {
      /** "false" turns chat off everywhere. */
      IM_ENABLED?: string;
      /** The chat application the clients connect to; "ovation" unless set. */
      IM_APP_ID?: string;
      /** "false" hides customer support (the support form and chat with support). */
      CUSTOMER_SUPPORT_ENABLED?: string;
    }
  }
}

export const DEFAULT_IM_APP_ID = "ovation";

/** Where poster art is served, under the media host (app/routes/resources/poster.ts). */
export const POSTER_PATH = "/media/poster";

export interface ImInfo {
  imEnable: boolean;
  appId: string;
  /** The viewer's chat credential (chat-credential.ts); null for a guest or while chat is off. */
  userSig: string | null;
  /** The signed-in account as chat knows it; null for a guest. */
  userId: string | null;
}

export interface ObsConfig {
  /** The origin media is served from: this site's own. */
  host: string;
  posterPath: string;
}

export interface GlobalConfig {
  imInfo: ImInfo;
  customerSupportEnable: boolean;
  obsConfig: ObsConfig;
}

function switchedOn(value: string | undefined): boolean {
  return value?.trim().toLowerCase() !== "false";
}

/**
 * The global config as the viewer should see it. `origin` is the request's own origin (media is
 * served by this Worker). With `personal: false` the answer is the guest's even for a signed-in
 * viewer: use it for anything cached publicly. Never throws.
 */
export async function loadGlobalConfig(
  ctx: Pick<MarketContext, "env" | "now" | "viewer">,
  input: { origin: string; personal: boolean },
): Promise<GlobalConfig> {
  const imEnable = switchedOn(ctx.env.IM_ENABLED) && chatSigningKey(ctx) !== null;
  const userId = input.personal ? ctx.viewer.userId : null;
  return {
    imInfo: {
      imEnable,
      appId: ctx.env.IM_APP_ID || DEFAULT_IM_APP_ID,
      userSig: imEnable && userId !== null ? await issueChatCredential(ctx, userId) : null,
      userId: userId === null ? null : String(userId),
    },
    customerSupportEnable: switchedOn(ctx.env.CUSTOMER_SUPPORT_ENABLED),
    obsConfig: { host: input.origin, posterPath: POSTER_PATH },
  };
}
