/**
 * What a seller may send: a seller profile, a new listing, an edit, a fan resale. Shared by the
 * JSON API, the console's actions and the browser (conform). Imports nothing but zod/mini and the
 * after-sales account fields: it ships to the browser, which then never downloads classic zod
 * (docs/decisions.md 174).
 *
 * Amounts are typed in major units ("880.00") and turned into minor units once the trade
 * currency is known (money/minor-units.ts toMinorUnits). Seats are typed as a list
 * ("1-8", "11, 12, 14"); parseSeatList turns them into one label per ticket.
 */
import * as z from "zod/mini";
import { CNY_ACCOUNT_FIELDS, HKD_ACCOUNT_FIELDS, RECIPIENT_NAME_FIELD } from "../money/receiving-account-fields";

export const SELLING_MESSAGES = {
  required: "required",
  invalid: "invalidParam",
} as const;

export const SELLING_LIMITS = { quantity: 50, note: 500, text: 200, displayName: 40, seatLabel: 8, rowLabel: 8 } as const;

const DELIVERY_METHOD_VALUES = ["EXPRESS", "SELF_PICKUP", "ON_SITE", "E_TICKET", "TICKET_TRANSFER", "CUSTOMER_REDEMPTION"] as const;
const SPLIT_RULE_VALUES = ["any", "no_single", "pairs", "all"] as const;

/** A whole number given as a number or as digits (a form field), never an array or a word coerced into one. */
const wholeNumber = () =>
  z.pipe(
    z.pipe(
      z.union([z.number(), z.string().check(z.trim(), z.regex(/^\d{1,16}$/))], {
        error: (issue) => (issue.input === undefined || issue.input === "" ? SELLING_MESSAGES.required : SELLING_MESSAGES.invalid),
      }),
      z.transform((value) => Number(value)),
    ),
    z.number().check(z.int({ error: SELLING_MESSAGES.invalid })),
  );

const id = z.pipe(
  wholeNumber(),
  z.number().check(z.positive({ error: SELLING_MESSAGES.required }), z.maximum(Number.MAX_SAFE_INTEGER, { error: SELLING_MESSAGES.invalid })),
);

const text = (max: number) =>
  z.pipe(
    z.optional(z.string({ error: SELLING_MESSAGES.invalid }).check(z.trim(), z.maxLength(max, { error: SELLING_MESSAGES.invalid }))),
    z.transform((value) => (value ? value : null)),
  );

const requiredText = (max: number) =>
  z
    .string({ error: SELLING_MESSAGES.required })
    .check(z.trim(), z.minLength(1, { error: SELLING_MESSAGES.required }), z.maxLength(max, { error: SELLING_MESSAGES.invalid }));

/** A price typed in major units: digits, optionally a point and up to two decimals. */
export const amountField = z
  .string({ error: SELLING_MESSAGES.required })
  .check(z.trim(), z.minLength(1, { error: SELLING_MESSAGES.required }), z.regex(/^\d{1,9}(\.\d{1,2})?$/, { error: SELLING_MESSAGES.invalid }));

const quantityField = z.pipe(
  wholeNumber(),
  z.number().check(z.minimum(1, { error: SELLING_MESSAGES.invalid }), z.maximum(SELLING_LIMITS.quantity, { error: SELLING_MESSAGES.invalid })),
);

/**
 * One label per ticket from a typed list: ranges ("1-8") and single seats ("14", "A3"), separated
 * by commas or spaces. Null when it is malformed, repeats a seat or lists more than 50.
 */
export function parseSeatList(value: string): string[] | null {
  const seats: string[] = [];
  for (const part of value.split(/[,，\s]+/).filter(Boolean)) {
    const range = /^(\d{1,4})\s*[-–~]\s*(\d{1,4})$/.exec(part);
    if (range) {
      const from = Number(range[1]);
      const to = Number(range[2]);
      if (to < from || to - from >= SELLING_LIMITS.quantity) return null;
      for (let seat = from; seat <= to; seat++) seats.push(String(seat));
    } else if (/^[0-9A-Za-z]{1,8}$/.test(part)) {
      seats.push(part.toUpperCase());
    } else {
      return null;
    }
  }
  if (seats.length === 0 || seats.length > SELLING_LIMITS.quantity || new Set(seats).size !== seats.length) return null;
  return seats;
}

/** A date or time in the venue's own zone as a date or time input sends it; empty is absent. */
const localMoment = (pattern: RegExp) =>
  z.pipe(
    z.optional(z.string({ error: SELLING_MESSAGES.invalid }).check(z.trim(), z.refine((value) => value === "" || pattern.test(value), { error: SELLING_MESSAGES.invalid }))),
    z.transform((value) => (value ? value : null)),
  );

/** What each delivery method needs (SPEC §1's six), checked against the chosen method. */
export const deliveryDetailsFields = {
  /**
   * E_TICKET: `now` (the file comes with the listing), `later` (by `deliverBy`), or `codes`
   * (Ovation issues each ticket's entry code and the event's door scans it: organisers and traders).
   */
  eTicketTiming: z.optional(z.enum(["now", "later", "codes"], { error: SELLING_MESSAGES.invalid })),
  /** SELF_PICKUP / ON_SITE: where and when buyers collect (the time in the venue's zone, `YYYY-MM-DDTHH:MM`). */
  pickupPlace: text(SELLING_LIMITS.text),
  pickupTime: localMoment(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/),
  /** TICKET_TRANSFER: the ticketing platform the tickets are sent through. */
  transferPlatform: text(SELLING_LIMITS.text),
  /** CUSTOMER_REDEMPTION: how the buyer redeems. */
  redemptionInstructions: text(SELLING_LIMITS.text),
  /** E_TICKET later, EXPRESS, TICKET_TRANSFER: the day the tickets reach the buyer by, in the venue's zone (`YYYY-MM-DD`). */
  deliverBy: localMoment(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/),
};

const NEEDS: Record<(typeof DELIVERY_METHOD_VALUES)[number], (keyof typeof deliveryDetailsFields)[]> = {
  E_TICKET: ["eTicketTiming"],
  SELF_PICKUP: ["pickupPlace", "pickupTime"],
  ON_SITE: ["pickupPlace", "pickupTime"],
  EXPRESS: ["deliverBy"],
  TICKET_TRANSFER: ["transferPlatform", "deliverBy"],
  CUSTOMER_REDEMPTION: ["redemptionInstructions"],
};

/** Where the tickets are: the section, its row and seats (or a quantity for general admission), and their face value. */
const seatsFields = {
  sessionId: id,
  sectionId: id,
  rowLabel: text(SELLING_LIMITS.rowLabel),
  /** Seat numbers ("1-8"); empty for general admission. */
  seats: text(SELLING_LIMITS.text),
  /** General admission only: how many tickets. */
  quantity: z.optional(quantityField),
  faceValue: amountField,
};

const deliveryFields = {
  deliveryMethod: z.enum(DELIVERY_METHOD_VALUES, { error: SELLING_MESSAGES.required }),
  ...deliveryDetailsFields,
};

type Check = { addIssue: (issue: { code: "custom"; path: string[]; message: string }) => void };

/** Seats need a row and a well-formed list; without seats, a quantity. */
function checkSeatsGiven(input: { seats: string | null; rowLabel: string | null; quantity?: number }, check: Check) {
  if (input.seats !== null) {
    if (parseSeatList(input.seats) === null) check.addIssue({ code: "custom", path: ["seats"], message: SELLING_MESSAGES.invalid });
    if (input.rowLabel === null) check.addIssue({ code: "custom", path: ["rowLabel"], message: SELLING_MESSAGES.required });
  } else if (input.quantity === undefined) {
    check.addIssue({ code: "custom", path: ["seats"], message: SELLING_MESSAGES.required });
  }
}

/** The chosen delivery method's own details are there. */
function checkDeliveryDetails(input: { deliveryMethod: (typeof DELIVERY_METHOD_VALUES)[number] } & Partial<Record<keyof typeof deliveryDetailsFields, unknown>>, check: Check) {
  for (const field of NEEDS[input.deliveryMethod]) {
    if (!input[field]) check.addIssue({ code: "custom", path: [field], message: SELLING_MESSAGES.required });
  }
  if (input.deliveryMethod === "E_TICKET" && input.eTicketTiming === "later" && !input.deliverBy) {
    check.addIssue({ code: "custom", path: ["deliverBy"], message: SELLING_MESSAGES.required });
  }
}

/** The listing form's steps, one thing at a time; the listing itself is parsed whole by createListingSchema. */
export const listingSeatsStepSchema = z.object(seatsFields).check(z.superRefine((input, check) => checkSeatsGiven(input, check)));
export const listingDeliveryStepSchema = z.object(deliveryFields).check(z.superRefine((input, check) => checkDeliveryDetails(input, check)));
export const listingPriceStepSchema = z.object({ price: amountField });

export const createListingSchema = z
  .object({
    ...seatsFields,
    price: amountField,
    ...deliveryFields,
    splitRule: z.enum(SPLIT_RULE_VALUES, { error: SELLING_MESSAGES.required }),
    note: text(SELLING_LIMITS.note),
    /** A resale restriction printed on the ticket, if any (UK CRA s.90; NSW, SA, WA). */
    restriction: text(SELLING_LIMITS.text),
    /** Unique ticket numbers, if printed (UK CRA s.90(3)(e)). */
    ticketNumbers: text(SELLING_LIMITS.note),
  })
  .check(
    z.superRefine((input, check) => {
      checkSeatsGiven(input, check);
      checkDeliveryDetails(input, check);
    }),
  );

export type CreateListingInput = z.input<typeof createListingSchema>;
export type CreateListingRequest = z.output<typeof createListingSchema>;

/** Price and quantity, while nothing is held; at least one of them. */
export const editListingSchema = z
  .object({ listingId: id, price: z.optional(amountField), quantity: z.optional(quantityField) })
  .check(z.refine((input) => input.price !== undefined || input.quantity !== undefined, { path: ["price"], error: SELLING_MESSAGES.required }));

export type EditListingInput = z.input<typeof editListingSchema>;

export const listingIdSchema = z.object({ listingId: id });

/** What a seller asks before pricing: the session and section, and the face value when known. */
export const pricingQuerySchema = z.object({ sessionId: id, sectionId: id, faceValue: z.optional(amountField) });
export type PricingQuery = z.input<typeof pricingQuerySchema>;

/** Fan resale from an order: the price is all the buyer types. */
export const resellSchema = z.object({ orderId: id, price: amountField });
export type ResellInput = z.input<typeof resellSchema>;

const traderFields = {
  traderLegalName: text(SELLING_LIMITS.text),
  traderAddress: text(SELLING_LIMITS.text),
  traderEmail: z.pipe(
    z.pipe(
      z.optional(z.string().check(z.trim())),
      z.transform((value) => (value ? value.toLowerCase() : null)),
    ),
    z.nullable(z.email({ error: SELLING_MESSAGES.invalid })),
  ),
  traderPhone: text(40),
  traderRegistrationNo: text(60),
};

const profileCommon = {
  displayName: requiredText(SELLING_LIMITS.displayName),
  kind: z.enum(["private", "trader"], { error: SELLING_MESSAGES.required }),
  ...traderFields,
};

/** The seller profile; the payout account is optional (`accountCurrency` empty) until the first payout. */
export const sellerProfileSchema = z
  .discriminatedUnion("accountCurrency", [
    z.object({ ...profileCommon, accountCurrency: z.optional(z.literal("")) }),
    z.object({ ...profileCommon, ...RECIPIENT_NAME_FIELD, ...CNY_ACCOUNT_FIELDS }),
    z.object({ ...profileCommon, ...RECIPIENT_NAME_FIELD, ...HKD_ACCOUNT_FIELDS }),
  ])
  .check(
    z.superRefine((input, check) => {
      if (input.kind !== "trader") return;
      for (const field of ["traderLegalName", "traderAddress", "traderEmail"] as const) {
        if (!input[field]) check.addIssue({ code: "custom", path: [field], message: SELLING_MESSAGES.required });
      }
    }),
  );

export type SellerProfileInput = z.input<typeof sellerProfileSchema>;
export type SellerProfileRequest = z.output<typeof sellerProfileSchema>;

/** Support holding or releasing an order's payout. */
export const payoutHoldSchema = z.object({ orderId: id, reason: requiredText(SELLING_LIMITS.text) });
export const payoutReleaseSchema = z.object({ orderId: id, reason: z.optional(requiredText(SELLING_LIMITS.text)) });

/** Support's decisions in the selling console (support-review.ts): each names its record and says why. */
const reviewReason = requiredText(SELLING_LIMITS.text);
export const payoutReviewSchema = z.object({ orderId: id, decision: z.enum(["release", "keep"], { error: SELLING_MESSAGES.required }), reason: reviewReason });
export const proofReviewSchema = z.object({
  listingId: id,
  decision: z.enum(["approve", "reject"], { error: SELLING_MESSAGES.required }),
  reason: reviewReason,
});
export const lawReviewSchema = z.object({ listingId: id, decision: z.enum(["withdraw", "keep"], { error: SELLING_MESSAGES.required }), reason: reviewReason });
/** The console's decision form as the browser checks it (the record and the choice are checked by the schemas above). */
export const reviewFormSchema = z.object({
  decision: z.string({ error: SELLING_MESSAGES.required }).check(z.minLength(1, { error: SELLING_MESSAGES.required })),
  reason: reviewReason,
});
export type PayoutReviewInput = z.input<typeof payoutReviewSchema>;
export type ProofReviewInput = z.input<typeof proofReviewSchema>;
export type LawReviewInput = z.input<typeof lawReviewSchema>;

/** A month of the payout statement, `YYYY-MM`. */
export const statementQuerySchema = z.object({
  month: z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: SELLING_MESSAGES.invalid })),
});

/** Support setting where a venue and an event stand in resale law. */
export const resaleFlagsSchema = z.object({
  venueId: z.optional(id),
  jurisdiction: z.optional(z.string().check(z.regex(/^[A-Z]{2}(-[A-Z]{2,3})?$/, { error: SELLING_MESSAGES.invalid }))),
  licensedPlace: z.optional(z.boolean({ error: SELLING_MESSAGES.invalid })),
  designatedVenue: z.optional(z.boolean({ error: SELLING_MESSAGES.invalid })),
  showId: z.optional(id),
  designatedEvent: z.optional(z.boolean({ error: SELLING_MESSAGES.invalid })),
  resaleRestricted: z.optional(z.boolean({ error: SELLING_MESSAGES.invalid })),
});
