/**
 * What an account's inbox socket is sent (inbox-object.ts): its conversations changed. Client-safe:
 * the browser types its frames with it.
 */
export type InboxFrame = { type: "changed" };
