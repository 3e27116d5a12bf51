/** The mail outbox as the development screen reads it: the screen asks the web door, never the mail adapter. */
export { readOutbox, type OutboxRow } from "../../functions/integrations/mail";
