/**
 * The offer to turn notifications on, shown at the moment they help (a place in a queue taken, a
 * price alert set, an order placed, a message sent), never on arrival. Drawn only in a browser
 * that can take push and has not been asked yet, and not again for a month once declined with
 * 'Not now'. On an iPhone outside a Home Screen app it says how to get there instead.
 *
 * In a queue, a device that already allowed notifications is told of its turn without asking.
 */
import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import { useTranslation } from "react-i18next";
import styles from "./push-offer.module.css";
import { usePushDevice } from "./use-push-device";

export type PushOfferMoment = "queue" | "alert" | "order" | "message";

const DISMISSED_KEY = "ovation.pushOffer.dismissedAt";
const ASK_AGAIN_AFTER_MS = 30 * 24 * 60 * 60_000;
const SETTINGS = "/settings/notifications";

type Offer = "hidden" | "ask" | "install" | "done";

function dismissedRecently(): boolean {
  try {
    const at = Number(localStorage.getItem(DISMISSED_KEY));
    return Number.isFinite(at) && at > 0 && Date.now() - at < ASK_AGAIN_AFTER_MS;
  } catch {
    return false;
  }
}

async function publicKey(): Promise<string | null> {
  const answer = (await (await fetch("/user/notification/v1/push/key", { credentials: "same-origin" })).json()) as { data?: { publicKey?: string | null } };
  return answer.data?.publicKey ?? null;
}

export function PushOffer({ moment, sessionId }: { moment: PushOfferMoment; sessionId?: number }) {
  const { t } = useTranslation("push");
  const fetcher = useFetcher<{ error?: string }>();
  const [offer, setOffer] = useState<Offer>("hidden");

  const device = usePushDevice();
  useEffect(() => {
    if (!device.checked) return;
    const { availability, subscription, push } = device;
    if (availability === "install") return setOffer(dismissedRecently() ? "hidden" : "install");
    if (availability !== "ready") return;
    // Already allowed: in a queue, this place tells the device when its turn comes.
    if (subscription) {
      if (sessionId !== undefined) submit(push.deviceFields(subscription), push.deviceTimeZone());
      return;
    }
    if (Notification.permission === "default" && !dismissedRecently()) setOffer("ask");
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [device, sessionId]);

  function submit(fields: { endpoint: string; p256dh: string; auth: string }, timeZone: string) {
    fetcher.submit({ intent: "subscribe", ...fields, timeZone, ...(sessionId !== undefined ? { sessionId: String(sessionId) } : {}) }, { method: "post", action: SETTINGS });
  }

  async function turnOn() {
    const push = await import("~/platform/web-push");
    const key = await publicKey().catch(() => null);
    if (!key) return setOffer("hidden");
    const subscription = await push.subscribeThisDevice(key).catch(() => null);
    if (!subscription) return setOffer("hidden");
    submit(push.deviceFields(subscription), push.deviceTimeZone());
    setOffer("done");
  }

  function notNow() {
    try {
      localStorage.setItem(DISMISSED_KEY, String(Date.now()));
    } catch {
      // Private browsing without storage: the offer simply comes back next time.
    }
    setOffer("hidden");
  }

  if (offer === "hidden") return null;
  if (offer === "done") {
    return (
      <p className={styles.done} role="status" data-testid="push-offer">
        {fetcher.data?.error ?? t("settings.turnedOn")}
      </p>
    );
  }
  return (
    <aside className={styles.offer} aria-label={t("settings.title")} data-testid="push-offer">
      <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.icon}>
        <path d="M6 16.5V11a6 6 0 1 1 12 0v5.5l1.5 2h-15Z" />
        <path d="M10 20.5a2.2 2.2 0 0 0 4 0" />
      </svg>
      <p className={styles.text}>{offer === "install" ? t("offer.installHint") : t(`offer.${moment}`)}</p>
      <div className={styles.actions}>
        {offer === "install" ? (
          <Link to={SETTINGS} className={styles.primary}>
            {t("offer.howTo")}
          </Link>
        ) : (
          <button type="button" className={styles.primary} onClick={turnOn}>
            {t("offer.turnOn")}
          </button>
        )}
        <button type="button" className={styles.quiet} onClick={notNow}>
          {t("offer.notNow")}
        </button>
      </div>
    </aside>
  );
}
