/**
 * A device's notification settings once push is on: one switch per topic, each with what it
 * tells, quiet hours in the device's time zone, Save, and turning the device off. The action
 * checks every field with the domain's schema and answers with what it saved.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { FetcherWithComponents } from "react-router";
import type { PushSettings } from "@market/notifications";
import { deviceTimeZone, type DeviceFields } from "~/platform/web-push";
import type { NotificationAnswer } from "./answer";
import styles from "./styles.module.css";

export function PushSettingsForm({
  fetcher,
  device,
  settings,
  topics,
  onTurnOff,
}: {
  fetcher: FetcherWithComponents<NotificationAnswer>;
  device: DeviceFields;
  settings: PushSettings;
  topics: readonly string[];
  onTurnOff: () => void;
}) {
  const { t } = useTranslation("push");
  const [quiet, setQuiet] = useState(settings.quietFrom !== null);
  const timeZone = settings.timeZone || deviceTimeZone();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className={styles.form} key={JSON.stringify(settings)}>
      <input type="hidden" name="intent" value="settings" />
      <input type="hidden" name="endpoint" value={device.endpoint} />
      <input type="hidden" name="auth" value={device.auth} />
      <input type="hidden" name="timeZone" value={timeZone} />
      <p className={styles.on} role="status">
        {t("settings.turnedOn")}
      </p>
      <fieldset className={styles.card}>
        <legend className={styles.cardTitle}>{t("settings.topics")}</legend>
        {topics.map((topic) => (
          <label key={topic} className={styles.switchRow}>
            <span className={styles.switchText}>
              <span className={styles.switchLabel}>{t(`settings.topic.${topic}.label`)}</span>
              <span className={styles.hint}>{t(`settings.topic.${topic}.hint`)}</span>
            </span>
            <input type="checkbox" role="switch" name="topics" value={topic} defaultChecked={settings.topics.includes(topic as PushSettings["topics"][number])} className={styles.switch} />
          </label>
        ))}
      </fieldset>
      <fieldset className={styles.card}>
        <legend className={styles.cardTitle}>{t("settings.quietHours")}</legend>
        <label className={styles.switchRow}>
          <span className={styles.switchText}>
            <span className={styles.switchLabel}>{t("settings.quietOn")}</span>
            <span className={styles.hint}>{t("settings.quietHoursHint", { timeZone: timeZone.replaceAll("_", " ") })}</span>
          </span>
          <input type="checkbox" role="switch" name="quietOn" checked={quiet} onChange={(event) => setQuiet(event.currentTarget.checked)} className={styles.switch} />
        </label>
        {quiet ? (
          <div className={styles.times}>
            <label className={styles.time}>
              <span>{t("settings.from")}</span>
              <input type="time" name="quietFrom" className={styles.timeInput} required defaultValue={settings.quietFrom ?? "22:00"} />
            </label>
            <label className={styles.time}>
              <span>{t("settings.until")}</span>
              <input type="time" name="quietUntil" className={styles.timeInput} required defaultValue={settings.quietUntil ?? "07:00"} />
            </label>
          </div>
        ) : null}
      </fieldset>
      {fetcher.data?.saved && !busy ? (
        <p className={styles.saved} role="status">
          {t("settings.saved")}
        </p>
      ) : null}
      <button type="submit" className={styles.primary} disabled={busy}>
        {t("settings.save")}
      </button>
      <button type="button" className={styles.secondary} onClick={onTurnOff} disabled={busy}>
        {t("settings.turnOff")}
      </button>
    </fetcher.Form>
  );
}
