/**
 * The error catalogue of SPEC §8. A domain function that refuses breaks one rule and throws one
 * MarketError carrying the catalogue code; the API door answers it in the envelope, the web door
 * shows the message in the viewer's language. The message key names a string in the `errors`
 * locale namespace.
 */
export const CODES = {
  ok: 200,
  notFound: 404,
  notLogin: 12306,
  requestTooFrequent: 12304,
  invalidParam: 12308,
  tokenInvalid: 12315,
  tokenExpired: 12345,
  systemError: 12365,
  noPermission: 12371,
  accountDisable: 130001,
  passwordError: 200302,
  verifyCodeError: 200311,
  verifyCodeExpire: 200312,
  clientEmailSendLimit: 200501,
  clientChangeEmailFail: 200502,
  clientEditUserInfoFail: 200503,
  clientAddressValidFail: 200504,
  clientOperateFail: 200505,
  emailValidFail: 200506,
  emailPwsLoginLimit: 200507,
  emailCodeLoginLimit: 200508,
  emailLoginLocked: 200509,
  accountBinded: 200513,
  registryFail: 200518,
  thirdPartyVerifyFail: 200519,
  saleOvertime: 210017,
  // Order codes of SPEC §8's 610001-610034 range: 610011 and 610017 are the spec's; the rest
  // are ours (docs/decisions.md).
  orderSessionUnavailable: 610001,
  orderInventoryNotEnough: 610011,
  orderUnpaidSameSession: 610012,
  orderUnpaidTooMany: 610013,
  orderQuantityNotAllowed: 610014,
  orderAlreadyCancel: 610017,
  orderAlreadyPaid: 610018,
  orderNotCancelable: 610019,
  // After the purchase (ours, docs/decisions.md): an order opened by another account, and the
  // delivery refusals of SPEC §8 ('Pickup unavailable: …') and §5 (the scratch voucher).
  orderOfAnotherAccount: 610020,
  pickupAlreadyDone: 610021,
  pickupNotReady: 610022,
  pickupOrderMissing: 610023,
  pickupWindowClosed: 610024,
  voucherCodeError: 610025,
  voucherCodeExpired: 610026,
  deliveryStepRefused: 610027,
  eTicketFileInvalid: 610028,
  // No payment provider may take payments on this host (production without Stripe's keys): 503.
  paymentsUnavailable: 610033,
  // A hot on-sale's waiting room (ours, docs/decisions.md #81): holding tickets needs an admission.
  queueAdmissionRequired: 610040,
  // The stadium on-sale's queue (ours, docs/decisions.md #300): the bot check failed or is
  // missing; a place whose turn another account took; a room closed while joining.
  botCheckFailed: 610041,
  queuePlaceTaken: 610042,
  queueClosed: 610043,
  // A hot on-sale's purchase limit (ours, docs/decisions.md #304): one buyer's tickets of a
  // high-demand session reached session_demand.ticket_limit, counted this way.
  purchaseLimitAccount: 610061,
  purchaseLimitDevice: 610062,
  purchaseLimitAddress: 610063,
  purchaseLimitCard: 610064,
  // Selling (ours, docs/decisions.md #98): SPEC §8 leaves seller codes unshown.
  listingPriceCapped: 620001,
  listingProofRequired: 620002,
  listingHeld: 620003,
  listingNotEditable: 620004,
  listingQuantityBelowSold: 620005,
  sellerProfileRequired: 620006,
  sellerTraderIdentityRequired: 620007,
  resaleNotAllowed: 620008,
  sessionNotListable: 620009,
  listingSeatsInvalid: 620010,
  // A listing priced above the resale law in force when bought; seats already on one of the
  // seller's live listings; a resale asked for more tickets than its order holds (ours).
  listingAboveLawCap: 620011,
  listingSeatsAlreadyListed: 620012,
  resaleQuantityAboveOrder: 620013,
  // A row or seat that is not on the section's venue map (ours).
  listingSeatNotOnMap: 620014,
  aftersaleApply: 650033,
  aftersaleAlreadyOpen: 650034,
  aftersaleNotReviewable: 650035,
  aftersaleApplyName: 650036,
  orderCreateUnknown: 700020,
  // Messages (ours, docs/decisions.md #101, #104): an order chat before or after its window, a
  // recall past 2 minutes.
  chatNotOpenYet: 680001,
  chatReadOnly: 680002,
  chatRecallExpired: 680003,
  // An image that is not PNG, JPEG, WebP or GIF by its bytes, or over 10 MB (docs/decisions.md #159).
  chatImageInvalid: 680004,
  // Tickets at the gate (ours, docs/decisions.md #299): transfer refusals, and entry codes asked
  // of a listing whose seller is not an organiser or trader.
  entryTicketNotTransferable: 690001,
  entryTransferNoAccount: 690002,
  entryTransferToSelf: 690003,
  entryCodesNeedTrader: 690004,
} as const;

export type CodeName = keyof typeof CODES;
export type Code = (typeof CODES)[CodeName];

/** Codes the SPEC §8 request layer passes through to the caller without raising a toast. */
export const PASS_THROUGH_CODES: ReadonlySet<number> = new Set([
  CODES.ok,
  CODES.notLogin,
  CODES.tokenInvalid,
  CODES.tokenExpired,
  CODES.verifyCodeError,
  CODES.thirdPartyVerifyFail,
  CODES.clientEmailSendLimit,
  CODES.clientChangeEmailFail,
  CODES.clientEditUserInfoFail,
  CODES.clientAddressValidFail,
  CODES.clientOperateFail,
  CODES.emailValidFail,
  CODES.emailPwsLoginLimit,
  CODES.emailCodeLoginLimit,
  CODES.emailLoginLocked,
  CODES.accountBinded,
  CODES.registryFail,
  CODES.aftersaleApply,
  CODES.aftersaleApplyName,
]);

/** The codes after which a client must sign in again. */
export const SIGNED_OUT_CODES: ReadonlySet<number> = new Set([CODES.notLogin, CODES.tokenInvalid, CODES.tokenExpired]);

export class MarketError extends Error {
  readonly code: number;
  /** Key in the `errors` namespace; defaults to the code's name. */
  readonly messageKey: string;
  /** Interpolation values for the message (e.g. { field: 'email' }). */
  readonly params: Record<string, string | number>;
  /** The HTTP status the web door answers with. */
  readonly status: number;
  /** What a client needs to act on the refusal (e.g. the previous order's id), sent as the envelope's data. */
  readonly data: unknown;

  constructor(
    name: CodeName,
    options: { messageKey?: string; params?: Record<string, string | number>; status?: number; cause?: unknown; data?: unknown } = {},
  ) {
    super(options.messageKey ?? name, { cause: options.cause });
    this.name = "MarketError";
    this.code = CODES[name];
    this.messageKey = options.messageKey ?? name;
    this.params = options.params ?? {};
    this.status = options.status ?? statusFor(name);
    this.data = options.data ?? null;
  }
}

function statusFor(name: CodeName): number {
  switch (name) {
    case "notFound":
      return 404;
    case "notLogin":
    case "tokenInvalid":
    case "tokenExpired":
      return 401;
    case "noPermission":
      return 403;
    case "requestTooFrequent":
    case "clientEmailSendLimit":
      return 429;
    case "systemError":
    case "orderCreateUnknown":
      return 500;
    case "paymentsUnavailable":
      return 503;
    default:
      return 400;
  }
}

/** A missing record, or one that belongs to someone else: never tell the two apart. */
export function notFound(what = "record"): MarketError {
  return new MarketError("notFound", { params: { what } });
}
