/** Turning a refused delivery form into the one error both doors answer with. */
import { MarketError } from "../errors";
import { formRefusal } from "../input/form-refusal";
import { DELIVERY_MESSAGES } from "./delivery-schemas";

/** The first issue as invalidParam naming its field, with the form's own message when it has one. */
export const invalidInput = formRefusal(DELIVERY_MESSAGES);

/** A time typed in that has already passed (a pickup time, a new deadline). */
export function pastTime(field: string): MarketError {
  return new MarketError("invalidParam", { messageKey: DELIVERY_MESSAGES.timeInvalid, params: { field, reason: DELIVERY_MESSAGES.timeInvalid } });
}
