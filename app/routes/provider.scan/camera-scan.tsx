/**
 * The scanner's camera: the back camera into a <video>, read a few times a second with the
 * browser's BarcodeDetector where it has one (Android's Chrome, Safari) and with jsQR where not
 * (loaded only then, off the first visit). Each QR read is handed up once; the same text again
 * within a few seconds is the same person still holding out their phone.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { makeReader } from "./camera-reader.client";
import styles from "./scan.module.css";

const READ_EVERY_MS = 250;
const SAME_CODE_QUIET_MS = 4000;

export function CameraScan({ onCode }: { onCode: (text: string) => void }) {
  const { t } = useTranslation("delivery");
  const video = useRef<HTMLVideoElement>(null);
  const [on, setOn] = useState(false);
  const [unavailable, setUnavailable] = useState(false);
  const latest = useRef(onCode);
  latest.current = onCode;

  useEffect(() => {
    if (!on) return;
    let stream: MediaStream | null = null;
    let timer = 0;
    let stopped = false;
    const last = { text: "", at: 0 };
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const read = await makeReader(video.current);
        const loop = async () => {
          if (stopped) return;
          const text = await read().catch(() => null);
          const now = Date.now();
          if (text && (text !== last.text || now - last.at > SAME_CODE_QUIET_MS)) {
            last.text = text;
            last.at = now;
            latest.current(text);
          }
          timer = window.setTimeout(loop, READ_EVERY_MS);
        };
        void loop();
      } catch {
        setUnavailable(true);
        setOn(false);
      }
    })();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [on]);

  return (
    <div className={styles.camera}>
      {on ? <video ref={video} className={styles.video} muted playsInline /> : null}
      <button type="button" className={styles.cameraButton} onClick={() => setOn(!on)} data-testid="camera-toggle">
        {on ? t("door.stopCamera") : t("door.camera")}
      </button>
      {unavailable ? (
        <p className={styles.note} role="status">
          {t("door.cameraUnavailable")}
        </p>
      ) : null}
    </div>
  );
}
