import type { APIRequestContext } from "@playwright/test";

/**
 * The 6-digit code in the newest mail the dev outbox page shows for the address. The page is
 * asked again once if the connection is reset as the request goes out: the test's client
 * reuses a kept-alive socket the local server may have just closed, which a browser retries
 * on its own for a GET.
 */
export async function mailedCode(request: APIRequestContext, email: string): Promise<string> {
  const url = `/dev-outbox?to=${encodeURIComponent(email)}`;
  const page = await request.get(url).catch((error: unknown) => {
    if (String(error).includes("ECONNRESET")) return request.get(url);
    throw error;
  });
  const code = /(\d{6}) (?:is your Ovation|是你的 Ovation)/.exec(await page.text())?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}
