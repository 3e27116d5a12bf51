/** Turning a refused order form into the one error both doors answer with. */
import { formRefusal } from "../input/form-refusal";
import { ORDER_MESSAGES } from "./order-schemas";

/**
 * The first issue as invalidParam naming its field. The form's own SPEC §5 messages ('Enter
 * your email', 'Select shipping address'…) become the message, so clients toast those.
 */
export const invalidInput = formRefusal(ORDER_MESSAGES);
