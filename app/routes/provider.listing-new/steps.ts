/** The listing form's four steps and the fields each asks; every other value travels hidden. */
export type ListingStepName = "seats" | "delivery" | "price" | "review";
export const STEPS: readonly ListingStepName[] = ["seats", "delivery", "price", "review"];
export const SPLITS = ["any", "no_single", "pairs", "all"] as const;

/** The fields each step asks; every other value the form has so far travels hidden. */
export const STEP_FIELDS: Record<ListingStepName, readonly string[]> = {
  seats: ["sectionId", "rowLabel", "seats", "quantity", "faceValue"],
  delivery: ["deliveryMethod", "eTicketTiming", "pickupPlace", "pickupTime", "transferPlatform", "redemptionInstructions", "deliverBy"],
  price: ["price"],
  review: ["splitRule", "note", "restriction", "ticketNumbers"],
};
