/**
 * The e-ticket step of a provider's order: the PDFs uploaded so far (each removable while the
 * machine allows), the upload form (one or several PDFs, multipart) and Deliver.
 */
import { Form } from "react-router";
import { useTranslation } from "react-i18next";
import { ConsoleField } from "~/components/field/console-field";
import kit from "~/components/console-kit.module.css";
import { StepForm, type StepReply } from "~/components/console-step-form";
import type { OrderFacts } from "~/server/console.server";

type Step = "uploadETicket" | "deliverETickets" | "removeETicketFile";

export function ETicketFiles({ files, can, reply }: { files: OrderFacts["delivery"]["details"]["files"]; can: (step: Step) => boolean; reply: StepReply | undefined }) {
  const { t } = useTranslation(["console", "order"]);
  return (
    <section className={kit.card} aria-labelledby="etickets-title">
      <h2 id="etickets-title" className={kit.cardTitle}>
        {t("steps.eTicket.title")}
      </h2>
      {files.length === 0 ? (
        <p className={kit.hint}>{t("steps.eTicket.none")}</p>
      ) : (
        <ul className={kit.list} data-testid="eticket-files">
          {files.map((file) => (
            <li key={file.id} className={kit.fileRow}>
              <span className={kit.fileName}>{file.fileName}</span>
              <span className={kit.hint}>{file.size}</span>
              {can("removeETicketFile") ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-file" />
                  <input type="hidden" name="fileId" value={file.id} />
                  <button type="submit" className={kit.link} aria-label={t("steps.eTicket.removeNamed", { name: file.fileName })}>
                    {t("steps.eTicket.remove")}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {can("uploadETicket") ? (
        <StepForm intent="upload" schema={() => import("./eticket-schemas").then((schemas) => schemas.uploadSchema)} submit={t("steps.eTicket.upload")} reply={reply} multipart bare tone={files.length > 0 ? "secondary" : "primary"}>
          {(fields) => <ConsoleField field={fields.file} label={t("steps.eTicket.file")} type="file" accept="application/pdf,.pdf" multiple hint={t("steps.eTicket.fileHint")} />}
        </StepForm>
      ) : null}
      {can("deliverETickets") && files.length > 0 ? (
        <StepForm intent="deliver" submit={t("steps.eTicket.deliver")} reply={reply} bare />
      ) : null}
    </section>
  );
}
