/**
 * Selling: anyone signed in lists and prices tickets, fans resell what they bought here, every
 * listing obeys the resale law of its venue's market, seats are decided at purchase, and
 * providers see what they will be paid and when.
 *
 * Rules (each module opens with its own):
 * - A listing's price obeys the law binding it at creation and at every edit (resale-laws.ts).
 * - Face value needs proof, kept in R2 for support only (create-listing.ts).
 * - Price and quantity change only while nothing is held; every change is recorded (manage-listing.ts).
 * - A seat belongs to one live order at a time, decided in the order's own batch (seats.ts).
 * - A resold ticket's old credential dies in the batch that pays its new buyer (fan-resale.ts).
 * - A payout is due two days after the event, once delivered, with no open case or hold, into
 *   the account the seller gives before their first payout (payouts.ts).
 */
export * from "../reference/resale-laws";
export * from "./selling-schemas";
export { sessionMarket, verdictFor } from "./market-law";
export { getSellerProfile, requireSeller, savePayoutAccount, saveSellerProfile, sellerStanding, type SellerProfileView } from "./seller-profiles";
export * from "./payout-account-schema";
export { checkListingSeats, createListing, checkProof, PROOF_MAX_BYTES, type ListingFiles } from "./create-listing";
export { editListing, withdrawListing } from "./manage-listing";
export { listProviderListings, listableSessions, listingStatus, openListingProof, type ProviderListingView, type ListableSession, type ListingStatus } from "./provider-listings";
export { heldPayouts, holdPayout, marketplaceFee, payOutSeller, payoutStatement, payoutStatus, providerPayouts, supportPayout, type PayoutView, type PayoutStatement } from "./payouts";
export { resellOrder, resaleOfOrder } from "./fan-resale";
export { againstLowest, checkListingPrice, pricingFacts, resalePricing, suggestPrice, type PricingFacts, type PriceSuggestion, type ResalePricing } from "./pricing";
export { sectionPlans, type SectionPlan } from "./seat-plan";
export { resaleNotices, type ResaleNotice } from "../listings/buyer-notices";
export { previewSeats, seatsOfOrders, type SeatPick } from "../listings/seats";
export { setResaleFlags } from "./resale-flags";
export { lawFlags, proofQueue, releasePayout, reviewLawFlag, reviewLog, reviewPayoutHold, reviewProof, type LawFlag, type ProofQueueItem, type ReviewLogEntry } from "./support-review";
