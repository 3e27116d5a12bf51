/**
 * Tickets at the gate (issue: Ovation entry codes): a rotating code made on the holder's phone,
 * issued and moved in the batch that pays, checked at the door offline and settled once per event.
 */
export { ENTRY_CODE_PERIOD_SECONDS, ENTRY_CODE_DIGITS, entryCodeAt, entryPayload, parseEntryPayload, checkEntryCode } from "./entry-code";
export {
  heldEntryTickets,
  entryTicketForHolder,
  transferEntryTicket,
  transferSchema,
  type EntryTicketSummary,
  type EntryTicketView,
  type TransferInput,
} from "./holder";
export {
  doorSessions,
  doorManifest,
  admitScans,
  admissionsSince,
  syncSchema,
  type DoorSession,
  type DoorManifest,
  type DoorVerdict,
  type ManifestTicket,
} from "./door";
export { appleWalletOffered, applePassForHolder, PKPASS_TYPE } from "./apple-wallet";
export { tellMovedPasses } from "./pass-updates";
