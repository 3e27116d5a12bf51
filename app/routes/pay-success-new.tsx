/** /pay-success-new: SPEC §2's second payment return URL, the same page as /pay-success. */
export { handle, meta, loader, action, default, ErrorBoundary } from "./pay-success/route";
