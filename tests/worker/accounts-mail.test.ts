/** The mail provider stands in at its HTTP boundary; the outbox is the product's own table. */
import { env } from "cloudflare:test";
import { afterEach, expect, test, vi } from "vitest";
import { deliverQueuedMail, readOutbox, sendMail } from "../../functions/integrations/mail";
import { createMarketContext } from "../../functions/wiring";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";
import { newEmail } from "./support/accounts";

afterEach(() => {
  vi.unstubAllGlobals();
});

const PROVIDER = { MAIL_API_URL: "https://mail-provider.test/v1/send", MAIL_API_KEY: "mail-key", MAIL_FROM: "Ovation <hello@ovation.test>" };

function context(clock: { now: number }, withProvider: boolean) {
  return createMarketContext({ env: { ...env, ...(withProvider ? PROVIDER : {}) } as Env, viewer: DEFAULT_VIEWER, now: () => clock.now });
}

function message(to: string) {
  return { to, kind: "verify_code", language: "en-US" as const, subject: "Hello", text: "Plain body", html: "<p>Body</p>" };
}

/** The provider: answers each call with the next status, recording what it was sent. */
function standInForProvider(statuses: number[]) {
  const calls: { url: string; authorization: string | null; body: Record<string, unknown> }[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    calls.push({ url: request.url, authorization: request.headers.get("authorization"), body: await request.json() });
    return new Response(null, { status: statuses.shift() ?? 200 });
  });
  return calls;
}

test("without a provider a mail is kept in the outbox", async () => {
  const to = newEmail();
  const sent = await sendMail(context({ now: Date.now() }, false), message(to));
  expect(sent.status).toBe("held");
  const [row] = await readOutbox(createMarketContext({ env, viewer: DEFAULT_VIEWER }), { to });
  expect(row).toMatchObject({ toAddress: to, subject: "Hello", textBody: "Plain body", status: "held" });
});

test("with a provider a mail is posted as JSON with the bearer key and marked sent", async () => {
  const calls = standInForProvider([202]);
  const to = newEmail();

  const sent = await sendMail(context({ now: Date.now() }, true), message(to));

  expect(sent.status).toBe("sent");
  expect(calls).toEqual([
    {
      url: PROVIDER.MAIL_API_URL,
      authorization: "Bearer mail-key",
      body: { from: PROVIDER.MAIL_FROM, to, subject: "Hello", text: "Plain body", html: "<p>Body</p>" },
    },
  ]);
});

test("a provider failure leaves the mail queued without failing the sender, and the retry delivers it", async () => {
  const calls = standInForProvider([503, 200]);
  const clock = { now: Date.now() };
  const to = newEmail();

  const sent = await sendMail(context(clock, true), message(to));
  expect(sent.status).toBe("queued");
  expect(await deliverQueuedMail(context(clock, true))).toBe(0); // not due yet

  clock.now += 60_000;
  expect(await deliverQueuedMail(context(clock, true))).toBe(1);
  expect(calls).toHaveLength(2);
  const [row] = await readOutbox(createMarketContext({ env, viewer: DEFAULT_VIEWER }), { to });
  expect(row).toMatchObject({ status: "sent", attempts: 1 });
});

test("a mail the provider refuses six times is given up as failed", async () => {
  standInForProvider([500, 500, 500, 500, 500, 500, 200]);
  const clock = { now: Date.now() };
  const to = newEmail();
  await sendMail(context(clock, true), message(to));
  for (let retry = 0; retry < 6; retry++) {
    clock.now += 60 * 60_000;
    await deliverQueuedMail(context(clock, true));
  }
  const [row] = await readOutbox(createMarketContext({ env, viewer: DEFAULT_VIEWER }), { to });
  expect(row).toMatchObject({ status: "failed", attempts: 6 });
  expect(row.lastError).toContain("HTTP 500");
});
