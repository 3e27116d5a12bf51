/**
 * The share poster of a paid order with its two actions: Save, a plain download link that works
 * everywhere (without JavaScript too), and Share, offered only where the browser has the Web
 * Share API: the poster itself as a file where the browser can share files, else its address.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import styles from "./share-poster.module.css";
import { TitledSection } from "~/components/titled-section";

interface SharePosterProps {
  src: string;
  title: string;
  /** The file name a saved poster gets. */
  fileName: string;
  alt: string;
}

async function sharePoster(src: string, title: string, fileName: string): Promise<void> {
  const url = new URL(src, window.location.href).href;
  try {
    const blob = await (await fetch(url)).blob();
    const file = new File([blob], fileName, { type: blob.type || "image/svg+xml" });
    if (navigator.canShare?.({ files: [file] })) return await navigator.share({ files: [file], title });
    await navigator.share({ title, url });
  } catch (error) {
    // The buyer closing the share sheet is not a failure.
    if (error instanceof DOMException && error.name === "AbortError") return;
    throw error;
  }
}

export function SharePoster({ src, title, fileName, alt }: SharePosterProps) {
  const { t } = useTranslation("order");
  const [canShare, setCanShare] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => setCanShare(typeof navigator.share === "function"), []);
  return (
    <TitledSection id="share-title" title={t("success.shareTitle")} className={styles.card} titleClassName={styles.title}>
      <img className={styles.poster} src={src} alt={alt} width={600} height={900} />
      <div className={styles.actions}>
        {canShare ? (
          <button
            type="button"
            className={styles.primary}
            data-testid="share-poster"
            onClick={() => {
              setFailed(false);
              sharePoster(src, title, fileName).catch(() => setFailed(true));
            }}
          >
            {t("success.share")}
          </button>
        ) : null}
        <a href={src} download={fileName} className={canShare ? styles.secondary : styles.primary} data-testid="save-poster">
          {t("success.save")}
        </a>
      </div>
      {failed ? (
        <p className={styles.error} role="alert">
          {t("success.shareFailed")}
        </p>
      ) : null}
    </TitledSection>
  );
}
