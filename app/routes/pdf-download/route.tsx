/**
 * pdfDownload (/pdf-download?id={orderId}, SPEC §2, login): every e-ticket PDF of an order, to
 * save on the phone. Each file is a plain download link (all a page without JavaScript needs).
 * With JavaScript, Download all fetches the files one after another, saying 'Downloading X/Y'
 * with the file's own progress, and marks each file saved or 'E-ticket PDF download failed
 * (X/Y)' (SPEC §8) with a Retry of its own.
 *
 * Inside an app's web view a download link saves nothing: there each file is handed to the app
 * through the bridge's downloadFile, and only an app that does not answer falls back to the web.
 *
 * The files come from /media/e-ticket/{orderId}/{fileId}.pdf (R2, the buyer's own only). Until
 * the buyer has entered the scratch code the page points to the voucher instead.
 */
import { data, Link, useLoaderData } from "react-router";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { deliveryHref, FileIcon, useFileSize } from "~/components/delivery-facts";
import { GeneralErrorBoundary } from "~/components/error-view";
import { PageHeader } from "~/components/page-header";
import { Notice } from "~/components/ticket-stub";
import { i18nServer } from "~/i18n/i18n.server";
import { hostApp, insideHostApp } from "~/platform/host-app";
import { requireUser } from "~/server/auth.server";
import { loadBuyerDelivery, orderIdParam } from "~/server/delivery.server";
import styles from "~/styles/delivery-screens.module.css";
import pdf from "./styles.module.css";
import type { Route } from "./+types/route";
import { notFoundResponse } from "~/server/refusal.server";
import { TitledSection } from "~/components/titled-section";

export const handle = { i18n: ["delivery", "order", "errors"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.pageTitle ?? "Ovation" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const ctx = context.market;
  const [found, t] = await Promise.all([loadBuyerDelivery(context, orderIdParam(request)), i18nServer.getFixedT(ctx.viewer.language, "delivery")]);
  if (!found) throw notFoundResponse();
  const { order, delivery } = found;
  const eTicket = delivery?.state === "delivered" ? delivery.eTicket : null;
  const files = eTicket?.revealed
    ? eTicket.files.map((file) => ({ id: file.id, fileName: file.fileName, size: file.size, href: deliveryHref.eTicketFile(order.id, file.id) }))
    : null;
  // Not open yet: the scratch code comes first, or the files have not come at all.
  const locked = files ? null : eTicket ? ("voucher" as const) : ("waiting" as const);
  return data(
    { pageTitle: t("pdf.metaTitle"), orderId: order.id, files, locked, checkWithinMinutes: eTicket?.checkWithinMinutes ?? null },
    { headers: { "cache-control": "no-store" } },
  );
}

type FileStatus = { kind: "idle" } | { kind: "loading"; received: number; total: number } | { kind: "saved" } | { kind: "failed" };

export default function PdfDownloadPage() {
  const { orderId, files, locked, checkWithinMinutes } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["delivery", "order"]);
  const size = useFileSize();
  const [scripted, setScripted] = useState(false);
  const [statuses, setStatuses] = useState<FileStatus[]>(() => (files ?? []).map(() => ({ kind: "idle" })));
  const [current, setCurrent] = useState<number | null>(null);
  const running = useRef(false);
  useEffect(() => setScripted(true), []);

  const setStatus = (index: number, status: FileStatus) => setStatuses((all) => all.map((old, i) => (i === index ? status : old)));

  /** Fetches one file with its progress and hands it to the browser to save. */
  async function fetchOne(index: number): Promise<void> {
    const file = files![index];
    setCurrent(index);
    setStatus(index, { kind: "loading", received: 0, total: file.size });
    if (insideHostApp()) {
      const handed = await hostApp.downloadFile(new URL(file.href, window.location.href).toString(), file.fileName);
      if (handed !== null) return setStatus(index, { kind: handed ? "saved" : "failed" });
    }
    try {
      const response = await fetch(file.href, { credentials: "same-origin" });
      if (!response.ok || !response.body || !(response.headers.get("content-type") ?? "").includes("pdf")) throw new Error(`status ${response.status}`);
      const reader = response.body.getReader();
      const chunks: Uint8Array[] = [];
      let received = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.byteLength;
        setStatus(index, { kind: "loading", received, total: file.size });
      }
      save(new Blob(chunks as BlobPart[], { type: "application/pdf" }), file.fileName);
      setStatus(index, { kind: "saved" });
    } catch {
      setStatus(index, { kind: "failed" });
    }
  }

  async function downloadAll() {
    if (running.current || !files) return;
    running.current = true;
    for (let index = 0; index < files.length; index += 1) await fetchOne(index);
    setCurrent(null);
    running.current = false;
  }

  /** A file's own link: inside an app it goes through the bridge like Download all. */
  function downloadLink(event: MouseEvent<HTMLAnchorElement>, index: number) {
    if (!insideHostApp()) return;
    event.preventDefault();
    void retry(index);
  }

  async function retry(index: number) {
    if (running.current) return;
    running.current = true;
    await fetchOne(index);
    setCurrent(null);
    running.current = false;
  }

  const total = files?.length ?? 0;
  const saved = statuses.filter((status) => status.kind === "saved").length;
  const progress =
    current !== null ? t("pdf.progress", { x: current + 1, y: total }) : saved === total && total > 0 ? t("pdf.done", { y: total }) : null;

  return (
    <div className={styles.page}>
      <PageHeader title={t("pdf.title")} fallback={deliveryHref.orderDetail(orderId)} />
      <main className={styles.main}>
        {files === null ? (
          <Notice
            card
            tone="waiting"
            mark={locked === "voucher" ? "#" : undefined}
            testId="pdf-locked"
            title={locked === "voucher" ? t("pdf.lockedTitle") : t("voucher.waitingTitle")}
            body={locked === "voucher" ? t("pdf.lockedBody") : t("next.awaiting_upload")}
          />
        ) : (
          <TitledSection id="pdf-files" title={t("fact.files")} className={styles.card} titleClassName={styles.cardTitle}>
            <p className={pdf.intro}>{t("pdf.intro")}</p>
            {files.length === 0 ? <p className={pdf.intro}>{t("pdf.noFiles")}</p> : null}
            <ol className={styles.files}>
              {files.map((file, index) => {
                const status = statuses[index] ?? { kind: "idle" };
                return (
                  <li key={file.id} className={pdf.file} data-status={status.kind} data-testid="pdf-file">
                    <FileIcon />
                    <span className={styles.fileName}>
                      <strong>{file.fileName}</strong>
                      <span className={styles.muted}>{size(file.size)}</span>
                    </span>
                    {status.kind === "failed" ? (
                      <button type="button" className={pdf.rowButton} onClick={() => retry(index)}>
                        {t("pdf.retry")}
                      </button>
                    ) : status.kind === "saved" ? (
                      <span className={pdf.saved}>{t("pdf.saved")}</span>
                    ) : (
                      <a href={file.href} download={file.fileName} className={pdf.rowButton} onClick={(event) => downloadLink(event, index)}>
                        {t("pdf.download")}
                      </a>
                    )}
                    {status.kind === "loading" ? (
                      <progress className={pdf.bar} max={Math.max(1, status.total)} value={Math.min(status.received, status.total)} aria-label={t("pdf.progress", { x: index + 1, y: total })} />
                    ) : null}
                    {status.kind === "failed" ? (
                      <p className={pdf.failed} role="alert">
                        {t("pdf.failed", { x: index + 1, y: total })}
                      </p>
                    ) : null}
                  </li>
                );
              })}
            </ol>
          </TitledSection>
        )}

        {files && checkWithinMinutes !== null ? <p className={styles.note}>{t("fact.checkWithin", { minutes: checkWithinMinutes })}</p> : null}

        {progress ? (
          <p className={pdf.progress} role="status" data-testid="pdf-progress">
            {progress}
          </p>
        ) : null}

        {locked === "voucher" ? (
          <Link to={deliveryHref.eTicket(orderId)} className={styles.primary}>
            {t("pdf.openVoucher")}
          </Link>
        ) : files && scripted && files.length > 0 ? (
          <button type="button" className={styles.primary} onClick={downloadAll} disabled={current !== null}>
            {t("pdf.downloadAll", { count: files.length })}
          </button>
        ) : null}
        <Link to={deliveryHref.orderDetail(orderId)} className={styles.secondary}>
          {t("pickup.orderDetail")}
        </Link>
      </main>
    </div>
  );
}

/** Hands a fetched file to the browser's own download, under its own name. */
function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Let the download take the blob before it is let go.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
