/**
 * Turnstile's siteverify at the HTTP boundary, for the Worker tests (outbound-double.ts): it
 * answers as Cloudflare documents for its test secret keys.
 */
const SITEVERIFY = "https://challenges.cloudflare.com/turnstile/v0/siteverify";

/** Answers siteverify; null for any other request. */
export async function siteverifyDouble(request: Request): Promise<Response | null> {
  if (request.url !== SITEVERIFY || request.method !== "POST") return null;
  const form = new URLSearchParams(await request.text());
  const secret = form.get("secret") ?? "";
  const response = form.get("response") ?? "";
  const answer = (success: boolean, codes: string[] = []) =>
    Response.json({ success, "error-codes": codes, ...(success ? { challenge_ts: "2026-11-18T02:00:00.000Z", hostname: "example.com", action: "", cdata: "" } : {}) });
  if (!response) return answer(false, ["missing-input-response"]);
  if (secret.startsWith("1x0000000000000000000000000000000AA")) return answer(true);
  if (secret.startsWith("2x0000000000000000000000000000000AA")) return answer(false, ["invalid-input-response"]);
  if (secret.startsWith("3x0000000000000000000000000000000AA")) return answer(false, ["timeout-or-duplicate"]);
  return answer(false, ["invalid-input-secret"]);
}
