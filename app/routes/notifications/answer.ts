/** What the notifications action answers: the device's settings as saved, or the refusal's sentence. */
import type { PushSettings } from "@market/notifications";

export interface NotificationAnswer {
  intent: string;
  settings: PushSettings | null;
  error?: string;
  saved?: boolean;
  /** Subscribed from a waiting room: whether its place will tell this device of its turn. */
  queue?: boolean;
}
