/**
 * The sandbox provider: a stand-in for a real one that runs entirely inside the product. Creating
 * a payment returns our own hosted page (/sandbox-pay?payment=…, app/routes/sandbox-pay/route.tsx)
 * whose Approve and Decline buttons send a signed callback into the same confirmation path a
 * real provider's webhook takes. Refunds succeed at once. No money ever moves.
 */
import type { CreatedPayment, CreatePaymentInput, PaymentEvent, PaymentProvider, RefundInput, SandboxCallbackInput } from "../../market/context/payment-port";
import { CallbackRejected } from "../../market/context/payment-port";
import { signatureHeader, signedCallbackBody } from "./signature";

/** The local demo's secret when SANDBOX_PAYMENT_SECRET is not set; public, so no deployment uses it. */
export const SANDBOX_DEFAULT_SECRET = "ovation-sandbox-local-secret";
export const SANDBOX_SIGNATURE_HEADER = "ovation-sandbox-signature";
/** The hosted page a sandbox payment is completed on. */
export const SANDBOX_PAGE_PATH = "/sandbox-pay";

/** What a sandbox callback carries. */
interface SandboxCallbackBody {
  id: string;
  type: "payment.succeeded" | "payment.failed";
  payment: string;
  amount: number;
  currency: string;
  reason?: string;
}

function sandboxSecret(env: Env): string {
  if (env.SANDBOX_PAYMENT_SECRET) return env.SANDBOX_PAYMENT_SECRET;
  if (env.LOCAL_DEMO === "true") return SANDBOX_DEFAULT_SECRET;
  throw new CallbackRejected("SANDBOX_PAYMENT_SECRET is not set");
}

function randomId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return prefix + [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

export function sandboxProvider(env: Env): PaymentProvider {
  return {
    name: "sandbox",
    async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
      const providerPaymentId = randomId("sbx_");
      const page = new URL(SANDBOX_PAGE_PATH, input.origin);
      page.searchParams.set("payment", providerPaymentId);
      return { providerPaymentId, redirectUrl: page.toString(), clientSecret: null };
    },
    async refund(input: RefundInput) {
      return { providerRefundId: `sbx_re_${input.idempotencyKey}` };
    },
    async readCallback(request: Request, now: number): Promise<PaymentEvent | null> {
      const event = await signedCallbackBody<SandboxCallbackBody>(request, sandboxSecret(env), SANDBOX_SIGNATURE_HEADER, now);
      if (typeof event.id !== "string" || typeof event.payment !== "string") throw new CallbackRejected("body is not an event");
      if (event.type !== "payment.succeeded" && event.type !== "payment.failed") return null;
      return {
        eventId: event.id,
        type: event.type === "payment.succeeded" ? "succeeded" : "failed",
        providerPaymentId: event.payment,
        amount: Number.isSafeInteger(event.amount) ? event.amount : null,
        currency: typeof event.currency === "string" ? event.currency : null,
        failureReason: event.reason ?? null,
      };
    },
  };
}

/**
 * The sandbox's fingerprint of a card, as a real provider gives one (Stripe's card.fingerprint):
 * hex SHA-256 of its server-side secret and the card number's digits. The same card always has
 * the same fingerprint; the number cannot be read back from it, and is never kept.
 */
export async function sandboxCardFingerprint(env: Env, digits: string): Promise<string> {
  if (!/^\d{12,19}$/.test(digits)) throw new RangeError("a card number is 12 to 19 digits");
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${sandboxSecret(env)}:${digits}`));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The callback the sandbox's page sends when the buyer approves or declines: a signed request to
 * `callbackUrl`, exactly as a provider would send it. `eventId` defaults to a fresh id.
 */
export async function sandboxCallback(env: Env, input: SandboxCallbackInput): Promise<Request> {
  const body: SandboxCallbackBody = {
    id: input.eventId ?? randomId("evt_"),
    type: input.outcome === "succeeded" ? "payment.succeeded" : "payment.failed",
    payment: input.providerPaymentId,
    amount: input.amount,
    currency: input.currency,
    ...(input.outcome === "failed" ? { reason: "declined" } : {}),
  };
  const text = JSON.stringify(body);
  return new Request(input.callbackUrl, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      [SANDBOX_SIGNATURE_HEADER]: await signatureHeader(sandboxSecret(env), Math.floor(input.now / 1000), text),
    },
    body: text,
  });
}
