/**
 * What the delivery module answers: the delivery as its buyer sees it, and an order as its
 * provider and support handle it.
 */
import type { DeliveryActor, DeliveryMethod, DeliveryState, DeliveryStep } from "../../db/schema";
import type { ShippingAddress } from "./shipping-address";
import type { DeliveryStage } from "./machine";

/** What the buyer can do now. */
export type DeliveryBuyerAction =
  /** E_TICKET delivered, not yet revealed: get the scratch code. */
  | "startVoucher"
  /** E_TICKET delivered, not yet revealed: enter the scratch code. */
  | "revealVoucher"
  /** E_TICKET revealed: open the PDFs. */
  | "downloadFiles"
  /** SELF_PICKUP / ON_SITE ready, window open. */
  | "confirmPickup"
  /** EXPRESS shipped; CUSTOMER_REDEMPTION code issued. */
  | "confirmReceipt"
  /** TICKET_TRANSFER sent. */
  | "acceptTransfer";

/** What the provider can do now. */
export type DeliveryProviderAction =
  | "uploadETicket"
  | "removeETicketFile"
  | "deliverETickets"
  | "setPickupDetails"
  | "markReadyForPickup"
  | "markCollected"
  | "markShipped"
  | "sendTransfer"
  | "issueRedemptionCode"
  | "markRedeemed";

export type InterventionAction = "extend_deadline" | "complete_on_behalf" | "void_and_refund";

export interface DeliveryEventView {
  /** What happened (an event of every step, including those that change details only). */
  step: DeliveryStep;
  /** The state entered (equal to the previous one for steps that change details only). */
  state: DeliveryState;
  fromState: DeliveryState | null;
  actor: DeliveryActor;
  note: string | null;
  /** A note the system wrote as a key (`resold`): screens show its translation, never the raw note. Absent on other events. */
  noteKey?: SystemNoteKey;
  at: number;
}

/** Notes the system writes on a delivery's events, each shown in the viewer's language. */
export const SYSTEM_NOTE_KEYS = ["resold", "refunded"] as const;
export type SystemNoteKey = (typeof SYSTEM_NOTE_KEYS)[number];

export interface PickupView {
  /** The buyer's proof at the counter: only once ready, and null once picked up (it no longer works). Never shown to the provider. */
  code: string | null;
  at: number | null;
  location: string | null;
  remark: string | null;
  providerPhone: string | null;
  /** When confirming pickup stops being possible (SPEC §9: 30 minutes after the show starts, or the pickup time if later). */
  closesAt: number;
}

export interface ETicketFileView {
  id: number;
  fileName: string;
  size: number;
}

export interface ETicketView {
  files: ETicketFileView[];
  /** E_TICKET always asks for the scratch code before the voucher is shown (SPEC §4). */
  voucherRequired: boolean;
  /** The buyer entered the scratch code; the files can be opened. */
  revealed: boolean;
  /** SPEC §9: check the e-ticket within this many minutes before the event. */
  checkWithinMinutes: number;
}

export interface DeliveryView {
  orderId: number;
  method: DeliveryMethod;
  state: DeliveryState;
  /** Where the delivery stands for its buyer (machine.ts deliveryStage). */
  stage: DeliveryStage;
  /** When the current state was entered. */
  stateAt: number;
  /** When the provider must have taken the step it owes; null when it owes none. */
  dueAt: number | null;
  overdue: boolean;
  /** Buyer steps available now (empty in the provider and support views' own sense: see their `actions`). */
  actions: DeliveryBuyerAction[];
  /** SELF_PICKUP and ON_SITE. */
  pickup: PickupView | null;
  /** EXPRESS. */
  shipping: { carrier: string | null; trackingNo: string | null; address: ShippingAddress | null } | null;
  /** TICKET_TRANSFER. */
  transfer: { to: string | null; ref: string | null } | null;
  /** CUSTOMER_REDEMPTION. */
  redemption: { code: string | null } | null;
  /** E_TICKET. */
  eTicket: ETicketView | null;
  /** SPEC §9, in the venue's time zone: online contact opens 1 day before the event day, phone contact on the event day. */
  contact: { onlineFrom: number; phoneFrom: number };
  /** Oldest first. */
  timeline: DeliveryEventView[];
  /** Why a voided delivery was voided: its buyer resold the tickets here, or support stepped in; null unless voided. */
  voidedBy: "resale" | "support" | null;
}

/** An order as the provider (or support) handles it. */
export interface ProviderOrderView {
  id: number;
  orderNo: string;
  paidAt: number | null;
  quantity: number;
  channel: string;
  event: { title: string; startsAt: number; venueName: string; venueAddress: string; timeZone: string };
  /** `seats`: the seat numbers the order got, null for general admission. */
  tickets: { listingId: number; section: string; rowLabel: string | null; seats: string[] | null; consecutiveNotGuaranteed: boolean };
  /** The buyer's contact for urgent calls (SPEC §5). */
  contact: { email: string; phoneCode: string; phone: string };
  shippingAddress: ShippingAddress | null;
  total: { amount: number; currency: string };
  seller: { id: number; nickname: string };
  /** The pickup code is never shown here. */
  delivery: DeliveryView;
  actions: DeliveryProviderAction[];
}

export interface SupportOrderView extends Omit<ProviderOrderView, "actions"> {
  buyer: { userId: number; email: string | null };
  /** The order's payments, newest first. */
  payments: { id: number; provider: string; status: string; amount: number; currency: string; refundedAt: number | null }[];
  actions: InterventionAction[];
}

export interface ScratchVoucher {
  /** The 4 digits the buyer types in. */
  code: string;
  expiresAt: number;
}

export interface ETicketFileBody {
  fileName: string;
  contentType: string;
  size: number;
  body: ReadableStream;
}
