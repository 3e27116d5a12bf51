/**
 * The push port: what the domain asks of web push (functions/integrations/push encrypts as
 * RFC 8291 and signs as RFC 8292, then posts to the device's push service, which is outside the
 * product). The domain decides who is told what and when (market/notifications); the port only
 * carries one notification to one device.
 */
import type { Viewer } from "./viewer";

/** A device's subscription as its browser gave it (PushSubscription.toJSON()). */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushSendOptions {
  /** How long the push service keeps it for a device that is offline. */
  ttlSeconds: number;
  urgency: "normal" | "high";
  /** A later notification with the same topic replaces this one while it waits at the push service. */
  topic?: string;
}

export interface PushPort {
  /** The VAPID public key (base64url) a page subscribes with, or null where this deployment has none. */
  publicKey(viewer: Viewer): string | null;
  /**
   * Encrypts `payload` to the device and posts it. Answers the push service's HTTP status: 201
   * delivered, 404/410 the subscription is gone, anything else worth trying again later (0 when
   * the service could not be reached or the deployment has no key).
   */
  send(target: PushTarget, payload: string, options: PushSendOptions): Promise<{ status: number; error?: string }>;
}
