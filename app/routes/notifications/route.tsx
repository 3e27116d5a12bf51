/**
 * Notifications (/settings/notifications): this device's web push. Turning it on asks the browser
 * (from the person's tap), subscribes to this deployment's key and records the device; once on,
 * one switch per topic and quiet hours in the device's time zone, and turning it off. Every state
 * a device can be in is drawn: checking, not possible in this browser, an iPhone that needs the
 * app on its Home Screen first, blocked, off, on, and push not offered here at all. Without
 * JavaScript the page says push needs it (mail keeps telling the buyer either way).
 *
 * The device's fields go to this route's action; the domain parses them with its schemas.
 * No sign-in is needed: a visitor waiting in a queue turns notifications on before having an
 * account; a signed-in viewer's device is theirs.
 */
import { data, useFetcher, useLoaderData } from "react-router";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-view";
import { PageHeader } from "~/components/page-header";
import { i18nServer } from "~/i18n/i18n.server";
import { readForm } from "~/server/form.server";
import { refusalText } from "~/server/refusal.server";
import { queueTokenOf } from "~/server/demand.server";
import { MarketError } from "@market/errors";
import { tellTurnTo } from "@market/demand";
import { forgetDevice, PUSH_TOPICS, saveDeviceSettings, subscribeDevice, type PushSettings } from "@market/notifications";
import type { DeviceFields } from "~/platform/web-push";
import type { NotificationAnswer } from "./answer";
import { PushSettingsForm } from "./settings-form";
import { usePushDevice } from "~/components/use-push-device";
import { useHydrated } from "~/components/hydrated";
import styles from "./styles.module.css";
import type { Route } from "./+types/route";

export const handle = { i18n: ["push"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }];

export async function loader({ context }: Route.LoaderArgs) {
  const market = context.market;
  const t = await i18nServer.getFixedT(market.viewer.language, ["push", "common"]);
  return data({ title: `${t("push:settings.title")} · ${t("common:appName")}`, publicKey: market.push.publicKey(market.viewer), topics: PUSH_TOPICS });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const field = (name: string) => form.get(name) ?? undefined;
  const intent = String(form.get("intent") ?? "");
  const market = context.market;
  const device = { endpoint: field("endpoint"), auth: field("auth") };
  try {
    switch (intent) {
      case "subscribe": {
        const { settings } = await subscribeDevice(market, { endpoint: device.endpoint, keys: { p256dh: field("p256dh"), auth: device.auth }, timeZone: field("timeZone") });
        // Turned on from a waiting room: the place there tells this device when its turn comes.
        const sessionId = Number(field("sessionId"));
        const token = Number.isSafeInteger(sessionId) && sessionId > 0 ? await queueTokenOf(request, sessionId) : undefined;
        const queue = token ? (await tellTurnTo(market, sessionId, token, device)).told : false;
        return data<NotificationAnswer>({ intent, settings, queue });
      }
      case "settings": {
        const quiet = form.get("quietOn") === "on";
        const settings = await saveDeviceSettings(market, {
          ...device,
          topics: form.getAll("topics"),
          quietFrom: quiet ? field("quietFrom") : null,
          quietUntil: quiet ? field("quietUntil") : null,
          timeZone: field("timeZone"),
        });
        return data<NotificationAnswer>({ intent, settings, saved: true });
      }
      case "unsubscribe":
        await forgetDevice(market, device);
        return data<NotificationAnswer>({ intent, settings: null });
      default:
        throw new MarketError("invalidParam", { params: { field: "intent" } });
    }
  } catch (error) {
    const status = error instanceof MarketError ? error.status : 500;
    return data<NotificationAnswer>({ intent, settings: null, error: await refusalText(error, context) }, { status: status >= 400 && status < 500 ? status : 400 });
  }
}

type Screen = "checking" | "unavailable" | "unsupported" | "install" | "denied" | "off" | "on";

export default function Notifications() {
  const { publicKey, topics } = useLoaderData<typeof loader>();
  const { t } = useTranslation("push");
  const fetcher = useFetcher<NotificationAnswer>();
  const [screen, setScreen] = useState<Screen>("checking");
  const [device, setDevice] = useState<DeviceFields | null>(null);
  const [settings, setSettings] = useState<PushSettings | null>(null);
  const [failed, setFailed] = useState(false);
  const asked = useRef(false);
  // Without JavaScript the <noscript> panel stands alone: nothing will ever be checked.
  const hydrated = useHydrated();

  // What this device can do, once on the glass; a device already subscribed is recorded again
  // (known here already, or storage reset, or another deployment) and its settings come back.
  const checked = usePushDevice();
  useEffect(() => {
    if (!checked.checked) return;
    const { availability, subscription, push } = checked;
    if (!publicKey) return setScreen("unavailable");
    if (availability !== "ready") return setScreen(availability);
    if (!subscription) return setScreen("off");
    const fields = push.deviceFields(subscription);
    setDevice(fields);
    fetcher.submit({ intent: "subscribe", ...fields, timeZone: push.deviceTimeZone() }, { method: "post" });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [checked, publicKey]);

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || fetcher.state !== "idle") return;
    if (answer.error) return setFailed(true);
    setFailed(false);
    if (answer.intent === "unsubscribe") {
      setSettings(null);
      setScreen("off");
    } else if (answer.settings) {
      setSettings(answer.settings);
      setScreen("on");
    }
  }, [fetcher.data, fetcher.state]);

  async function turnOn() {
    if (!publicKey || asked.current) return;
    asked.current = true;
    const push = await import("~/platform/web-push");
    try {
      const subscription = await push.subscribeThisDevice(publicKey);
      if (!subscription) return setScreen(push.pushAvailability() === "denied" ? "denied" : "off");
      const fields = push.deviceFields(subscription);
      setDevice(fields);
      fetcher.submit({ intent: "subscribe", ...fields, timeZone: push.deviceTimeZone() }, { method: "post" });
    } catch {
      setFailed(true);
    } finally {
      asked.current = false;
    }
  }

  async function turnOff() {
    if (!device) return;
    const push = await import("~/platform/web-push");
    const subscription = await push.currentSubscription();
    await subscription?.unsubscribe().catch(() => false);
    fetcher.submit({ intent: "unsubscribe", endpoint: device.endpoint, auth: device.auth }, { method: "post" });
  }

  return (
    <>
      <PageHeader title={t("settings.title")} fallback="/settings" />
      <main className={styles.page}>
        <p className={styles.intro}>{t("settings.intro")}</p>
        <noscript>
          <StatePanel title={t("settings.title")} body={t("settings.noScript")} />
        </noscript>
        {screen === "checking" && hydrated ? <div className={styles.checking} aria-hidden="true" /> : null}
        {screen === "unavailable" ? <StatePanel title={t("settings.title")} body={t("settings.unavailable")} /> : null}
        {screen === "unsupported" ? <StatePanel title={t("settings.unsupported.title")} body={t("settings.unsupported.body")} /> : null}
        {screen === "denied" ? <StatePanel title={t("settings.denied.title")} body={t("settings.denied.body")} /> : null}
        {screen === "install" ? <InstallSteps /> : null}
        {screen === "off" ? (
          <section className={styles.card} aria-labelledby="push-device">
            <h2 id="push-device" className={styles.cardTitle}>
              {t("settings.thisDevice")}
            </h2>
            <p className={styles.quiet}>{t("settings.turnedOff")}</p>
            <button type="button" className={styles.primary} onClick={turnOn} disabled={fetcher.state !== "idle"}>
              {t("settings.turnOn")}
            </button>
          </section>
        ) : null}
        {screen === "on" && device && settings ? <PushSettingsForm fetcher={fetcher} device={device} settings={settings} topics={topics} onTurnOff={turnOff} /> : null}
        {failed ? (
          <p className={styles.error} role="alert">
            {fetcher.data?.error ?? t("settings.failed")}
          </p>
        ) : null}
      </main>
    </>
  );
}

function StatePanel({ title, body }: { title: string; body: string }) {
  return (
    <section className={styles.state}>
      <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.stateIcon}>
        <path d="M6 16.5V11a6 6 0 1 1 12 0v5.5l1.5 2h-15Z" />
        <path d="M10 20.5a2.2 2.2 0 0 0 4 0" />
      </svg>
      <h2>{title}</h2>
      <p>{body}</p>
    </section>
  );
}

function InstallSteps() {
  const { t } = useTranslation("push");
  const steps = t("settings.install.steps", { returnObjects: true }) as string[];
  return (
    <section className={styles.card} aria-labelledby="push-install">
      <h2 id="push-install" className={styles.cardTitle}>
        {t("settings.install.title")}
      </h2>
      <p className={styles.quiet}>{t("settings.install.body")}</p>
      <ol className={styles.steps}>
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

