/**
 * The small facts every delivery screen shows: the buyer's delivery screens by order, an
 * e-ticket file's mark and size, a provider's phone. They live apart from the delivery panel
 * (order detail's block with its timeline and confirm dialogs) so the screens of one method
 * (e-ticket, PDF download, pickup) do not load the whole panel on their first visit.
 */
import { useTranslation } from "react-i18next";
import styles from "./delivery-panel.module.css";

/** The namespaces the delivery panel (delivery-panel.tsx) speaks from: a page that renders it lists them. */
export const DELIVERY_PANEL_NAMESPACES = ["delivery", "order", "errors", "chat"] as const;

/** The buyer's own delivery screens, by order. */
export const deliveryHref = {
  pickupTicket: (orderId: number) => `/pickup-ticket?id=${orderId}`,
  eTicket: (orderId: number) => `/e-ticket?id=${orderId}`,
  pdfDownload: (orderId: number) => `/pdf-download?id=${orderId}`,
  /** One e-ticket PDF (app/routes/resources/e-ticket.ts). */
  eTicketFile: (orderId: number, fileId: number) => `/media/e-ticket/${orderId}/${fileId}.pdf`,
  orderDetail: (orderId: number) => `/order-detail?id=${orderId}`,
};

/** A file's size as the buyer reads it: '84 KB', '1.2 MB'. */
export function useFileSize() {
  const { t } = useTranslation("delivery");
  return (bytes: number) =>
    bytes < 1024 * 1024
      ? t("size.kb", { value: Math.max(1, Math.round(bytes / 1024)) })
      : t("size.mb", { value: (bytes / (1024 * 1024)).toFixed(1) });
}

/** A PDF file's mark in a list of e-tickets. */
export function FileIcon() {
  return (
    <span className={styles.fileIcon} aria-hidden="true">
      PDF
    </span>
  );
}

/** A tel: link; the number as written, dialled without its spaces. */
export function PhoneLink({ phone, label }: { phone: string; label?: string }) {
  return (
    <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className={styles.inlineLink}>
      {label ?? phone}
    </a>
  );
}
