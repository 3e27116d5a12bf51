// Its own module, without tables: the delivery forms' schemas read it in the browser.
/**
 * Every state of every method's machine. Which method may be in which state, and which steps
 * lead where, is the delivery module's table; `voided` ends any of them (refunded or intervened).
 *
 * E_TICKET: awaiting_upload → delivered.
 * SELF_PICKUP: awaiting_pickup_details → ready_for_pickup → picked_up.
 * ON_SITE: awaiting_collection_details → ready_for_collection → collected.
 * EXPRESS: awaiting_shipment → shipped → received.
 * TICKET_TRANSFER: awaiting_transfer → transfer_sent → transfer_accepted.
 * CUSTOMER_REDEMPTION: awaiting_code → code_issued → redeemed.
 */
export const DELIVERY_STATES = [
  "awaiting_upload",
  "delivered",
  "awaiting_pickup_details",
  "ready_for_pickup",
  "picked_up",
  "awaiting_collection_details",
  "ready_for_collection",
  "collected",
  "awaiting_shipment",
  "shipped",
  "received",
  "awaiting_transfer",
  "transfer_sent",
  "transfer_accepted",
  "awaiting_code",
  "code_issued",
  "redeemed",
  "voided",
] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
