/**
 * The account's inbox socket (/user/im/v1/inbox): while a tab screen is open with JavaScript, it
 * is told when the account's conversations changed (a reply arrived, support joined) and calls
 * `changed`, which reads the list or the count again, so the Messages list, its unread marks
 * and the tab's badge move by themselves. Each time the socket opens, the first time and after a
 * drop (reconnecting-socket.ts), it calls `changed` once, for anything it missed meanwhile.
 */
import type { InboxFrame } from "@market/messaging/inbox-frame";
import { reconnectingSocket, socketAddress } from "./reconnecting-socket";

/** Changes closer together than this are read once. */
const SETTLE_MS = 100;

/** Opens the account's inbox socket; returns what closes it. */
export function watchInbox(userSig: string, changed: () => void): () => void {
  let settle: ReturnType<typeof setTimeout> | undefined;
  const readAgain = () => {
    clearTimeout(settle);
    settle = setTimeout(changed, SETTLE_MS);
  };
  const inbox = reconnectingSocket(() => socketAddress("/user/im/v1/inbox", { userSig }), {
    // Open, the first time as after a drop: whatever changed since the screen's data was read (the
    // page was drawn, hydrated and fetched this code before the socket was up) was not told.
    open: () => readAgain(),
    message: (data) => (JSON.parse(data) as InboxFrame).type === "changed" && readAgain(),
  });
  return () => {
    clearTimeout(settle);
    inbox.close();
  };
}
