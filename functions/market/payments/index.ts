/**
 * Payments: money for orders, through a provider behind the payment port
 * (context/payment-port.ts; the adapters are functions/integrations/payment: sandbox locally,
 * Stripe when its keys are set).
 *
 * Rules:
 * - A payment is charged in the order's trade currency, for the order's total.
 * - Paying is allowed only while the order awaits payment inside its 10 minutes; each 'pay' or
 *   'retry payment' is a new attempt that supersedes the previous one. A canceled or expired
 *   order can never be paid (orderAlreadyCancel).
 * - Confirmation is a compare-and-set from pending payment, in the same batch that records the
 *   provider's event under UNIQUE(provider, event id): every event applies once.
 * - Money that cannot pay its order (canceled, expired, already paid, wrong amount) is refunded
 *   through the provider automatically and the buyer is told (order note and mail); a failed
 *   refund stays owed and the cron retries it. Nobody is left paid without a ticket.
 * - A failed payment of the order's latest attempt cancels the order and releases its tickets
 *   (SPEC §4); the buyer buys again.
 * - While a session's queue is on, a provider that can (Stripe) only authorises; the card is
 *   counted against the purchase limit before the money is captured, or the authorisation is
 *   canceled (authorize.ts, decision 312).
 */
export { startPayment, type StartedPayment } from "./start-payment";
export { applyPaymentEvent, type AppliedPaymentEvent, type PaymentEventOutcome } from "./apply-event";
export { receivePaymentCallback, isPaymentProviderName } from "./receive-callback";
export { settleRefund, settleOwedRefunds, refundMail } from "./refunds";
export { payReturnUrl, paymentCallbackUrl, ORDER_TYPE, PAYMENT_CALLBACK_PATH } from "./pay-paths";
export { readSandboxCheckout, completeSandboxCheckout, SANDBOX_TEST_CARD, type SandboxCheckout } from "./sandbox-checkout";
export { defaultPaymentDeps, type PaymentDeps } from "./deps";
export { searchOrders, getSupportOrder, intervene } from "./interventions";
