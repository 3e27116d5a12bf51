/**
 * Delivery: how a paid order's tickets reach its buyer, one state machine per delivery method
 * (functions/db/schema/fulfilment.ts lists the states; machine.ts is the table of steps).
 *
 * Rules:
 * - A paid order has exactly one delivery, created in the same D1 batch that marks it paid, in
 *   its method's first state with the provider's deadline (`dueAt`, docs/decisions.md).
 * - Every step is one conditional UPDATE on (id, version, state) plus a delivery_events row in
 *   the same batch: of two steps taken at once exactly one wins; the other, and any step the
 *   current state does not allow, is refused (deliveryStepRefused).
 * - Buyers see only their own orders; providers (seller role) only their own listings' orders;
 *   support every order. Anything else is not found.
 * - E_TICKET: the files are kept in R2 (FILES) and open only after the buyer entered the 4-digit
 *   scratch code (SPEC §5, valid 30 minutes).
 * - SELF_PICKUP / ON_SITE: the pickup code is made when the provider marks the order ready, and
 *   stops working once the tickets are picked up; pickup closes 30 minutes after the show starts
 *   (or at the pickup time, if later).
 * - Support may extend a deadline, complete a delivery on the buyer's behalf, or void it and
 *   refund the whole payment through the payment port (payments/refunds.ts).
 * - Deadlines per method and the API paths: docs/decisions.md.
 */
export type { DeliveryActor, DeliveryMethod, DeliveryState, DeliveryStep } from "../../db/schema";
export type {
  DeliveryBuyerAction,
  DeliveryProviderAction,
  InterventionAction,
  DeliveryEventView,
  PickupView,
  ETicketFileView,
  ETicketView,
  DeliveryView,
  ProviderOrderView,
  SupportOrderView,
  ScratchVoucher,
  ETicketFileBody,
} from "./delivery-types";
export * from "./delivery-schemas";
export {
  MACHINES,
  E_TICKET_CHECK_MINUTES,
  E_TICKET_MAX_BYTES,
  PICKUP_CLOSES_AFTER_START_MS,
  VOUCHER_VALID_MS,
  initialDueAt,
  initialState,
  pickupClosesAt,
  deliveryStage,
  type DeliveryStage,
} from "./machine";
export type { UploadedFile } from "./e-tickets";

// Buyer
export {
  getDeliveryForBuyer,
  loadDeliveries,
  startVoucher,
  revealVoucher,
  openETicketFile,
  confirmPickup,
  confirmReceipt,
  acceptTransfer,
} from "./buyer-steps";

// Provider (seller role; only the seller's own listings' orders)
export {
  listProviderOrders,
  getProviderOrder,
  uploadETicket,
  removeETicketFile,
  deliverETickets,
  setPickupDetails,
  markReadyForPickup,
  markCollected,
  markShipped,
  sendTransfer,
  issueRedemptionCode,
  markRedeemed,
} from "./provider-steps";

// Support (support role; every order)
