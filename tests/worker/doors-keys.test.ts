/**
 * Signing keys and the mail origin: only the local demo may fall back to the public stand-ins;
 * anywhere else the paths that need a missing secret refuse with 503 (and a log line).
 */
import { createExecutionContext, env } from "cloudflare:test";
import { expect, test } from "vitest";
import worker from "../../functions/worker";
import { subscribeTicketAlert, unsubscribeLink } from "../../functions/market/alerts";
import { admits } from "../../functions/market/demand/admission";
import { signToken } from "../../functions/market/demand/signed-token";
import { chatSigningKey, LOCAL_CHAT_SIGNING_KEY } from "../../functions/market/config/chat-credential";
import { activeProviderName } from "../../functions/integrations/payment";
import { DEFAULT_VIEWER, type Viewer } from "../../functions/market/context/viewer";
import { MarketError } from "../../functions/market/errors";
import { clockAt, makeListing, marketFor } from "./support/buying";

const viewerIn = (environment: Viewer["environment"], userId: number | null = null): Viewer => ({ ...DEFAULT_VIEWER, environment, userId });
/** What anyone can sign with: the public stand-in key of the local demo. */
const PUBLIC = { env: { LOCAL_DEMO: "true" } as Env, viewer: viewerIn("dev") };

async function alertId(email: string): Promise<number> {
  const clock = clockAt();
  const { sessionId } = await makeListing({ quantity: 2, priceMinor: 123_457 });
  const tour = await env.DB.prepare("SELECT sh.tour_id AS tourId FROM sessions s JOIN shows sh ON sh.id = s.show_id WHERE s.id = ?").bind(sessionId).first<{ tourId: number }>();
  await subscribeTicketAlert(marketFor(null, clock), { tourId: tour!.tourId, sessionId, email, priceBelow: undefined });
  return (await env.DB.prepare("SELECT id FROM ticket_alerts WHERE email = ?").bind(email).first<{ id: number }>())!.id;
}

async function unsubscribe(token: string, overrides: Partial<Env>) {
  const request = new Request("https://ovation.test/pub/tour/v1/alert/unsubscribe", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token }) });
  const response = await worker.fetch(request as never, { ...env, ...overrides } as Env, createExecutionContext());
  return { status: response.status, body: (await response.json()) as { statusCode: number; message: string; data: unknown } };
}

const unsubscribedAt = async (id: number) => (await env.DB.prepare("SELECT unsubscribed_at AS at FROM ticket_alerts WHERE id = ?").bind(id).first<{ at: number | null }>())!.at;

test("production without DEMAND_SIGNING_KEY refuses unsubscribe tokens with 503 instead of trusting the public key", async () => {
  const id = await alertId("forged-unsub@example.com");
  const forged = await signToken(PUBLIC, "unsub", [id]);
  const answer = await unsubscribe(forged, { DEMAND_SIGNING_KEY: undefined });
  expect(answer).toEqual({ status: 503, body: { statusCode: 12365, message: "This service isn't available here yet. Please try again later.", data: null } });
  expect(await unsubscribedAt(id)).toBeNull();
});

test("with the deployment's key set, a token signed with the public key names nothing", async () => {
  const id = await alertId("forged-unsub-2@example.com");
  const answer = await unsubscribe(await signToken(PUBLIC, "unsub", [id]), {});
  expect(answer.status).toBe(404);
  expect(answer.body.statusCode).toBe(404);
  expect(JSON.stringify(answer.body)).not.toContain("forged-unsub-2@example.com");
  expect(await unsubscribedAt(id)).toBeNull();
});

test("a forged admission token admits no one; without the key admission refuses with 503", async () => {
  const forged = await signToken(PUBLIC, "admit", [41, 7, Date.parse("2030-01-01T00:00:00Z")]);
  const configured = { env, viewer: viewerIn("production", 7), now: () => Date.parse("2026-11-18T02:00:00Z") };
  expect(await admits(configured, 41, forged)).toBe(false);
  const bare = { env: { ...env, DEMAND_SIGNING_KEY: undefined } as Env, viewer: viewerIn("production", 7), now: configured.now };
  const refused = await admits(bare, 41, forged).then(() => null, (e: unknown) => e);
  expect(refused).toBeInstanceOf(MarketError);
  expect((refused as MarketError).status).toBe(503);
  const stage = { ...bare, viewer: viewerIn("stage", 7) };
  expect(((await admits(stage, 41, forged).then(() => null, (e: unknown) => e)) as MarketError).status).toBe(503);
});

test("chat's public key is the local demo's only", () => {
  const noKey = { ...env, IM_SIGNING_KEY: undefined } as Env;
  expect(chatSigningKey({ env: noKey, viewer: viewerIn("dev") })).toBe(LOCAL_CHAT_SIGNING_KEY);
  expect(chatSigningKey({ env: { ...noKey, LOCAL_DEMO: undefined }, viewer: viewerIn("dev") })).toBeNull();
  expect(chatSigningKey({ env: noKey, viewer: viewerIn("stage") })).toBeNull();
  expect(chatSigningKey({ env: noKey, viewer: viewerIn("production") })).toBeNull();
  expect(chatSigningKey({ env: { ...noKey, IM_SIGNING_KEY: "im-key-9" }, viewer: viewerIn("stage") })).toBe("im-key-9");
});

test("the sandbox takes payments on a deployment only with its own secret", () => {
  const bare = { ...env, SANDBOX_PAYMENT_SECRET: undefined, STRIPE_SECRET_KEY: undefined } as Env;
  expect(activeProviderName(bare, "dev")).toBe("sandbox");
  expect(activeProviderName({ ...bare, LOCAL_DEMO: undefined }, "dev")).toBeNull();
  expect(activeProviderName(bare, "stage")).toBeNull();
  expect(activeProviderName({ ...bare, SANDBOX_PAYMENT_SECRET: "sbx-5" }, "stage")).toBe("sandbox");
  expect(activeProviderName({ ...bare, SANDBOX_PAYMENT_SECRET: "sbx-5" }, "production")).toBeNull();
});

test("mail links use the environment's PUBLIC_ORIGIN, and without one no link is made", async () => {
  const keys = { env: { ...env, PUBLIC_ORIGIN: "https://stage.ovation.example" } as Env, viewer: viewerIn("stage") };
  expect((await unsubscribeLink(keys, 1234)).startsWith("https://stage.ovation.example/alert-unsubscribe?token=unsub.1234.")).toBe(true);
  const bare = { env: { ...env, PUBLIC_ORIGIN: undefined } as Env, viewer: viewerIn("production") };
  const refused = await unsubscribeLink(bare, 1234).then(() => null, (e: unknown) => e);
  expect((refused as MarketError).status).toBe(503);
});
