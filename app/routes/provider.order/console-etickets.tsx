/**
 * The e-ticket step of a provider's order: the PDFs uploaded so far (each removable while the
 * machine allows), the upload form (one or several PDFs, multipart) and Deliver.
 */
import { Form } from "react-router";
import { useTranslation } from "react-i18next";
import * as z from "zod/mini";
import { ConsoleField } from "~/components/field/console-field";
import kit from "~/components/console-kit.module.css";
import { StepForm, type StepReply } from "~/components/console-step-form";
import type { OrderFacts } from "~/server/console.server";
import { recordId } from "../../../functions/market/input/fields-mini";

/**
 * E-ticket PDFs chosen in the file field (one or several). A field left empty still sends a
 * nameless, empty part (read as "" or an empty File), which counts as no file. The domain checks
 * each file again.
 */
export const uploadSchema = z.object({
  file: z.pipe(
    z.transform((value: unknown) => (Array.isArray(value) ? value : [value]).filter((part) => part instanceof File && (part.name !== "" || part.size > 0))),
    z
      .array(z.instanceof(File))
      .check(
        z.minLength(1, { error: "console:errors.fileRequired" }),
        z.refine((files) => files.every((file) => file.type === "application/pdf" || file.name.toLowerCase().endsWith(".pdf")), { error: "console:errors.pdfOnly" }),
      ),
  ),
});

export const removeFileSchema = z.object({ fileId: recordId() });

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
        <StepForm intent="upload" schema={uploadSchema} submit={t("steps.eTicket.upload")} reply={reply} multipart bare tone={files.length > 0 ? "secondary" : "primary"}>
          {(fields) => <ConsoleField field={fields.file} label={t("steps.eTicket.file")} type="file" accept="application/pdf,.pdf" multiple hint={t("steps.eTicket.fileHint")} />}
        </StepForm>
      ) : null}
      {can("deliverETickets") && files.length > 0 ? (
        <StepForm intent="deliver" submit={t("steps.eTicket.deliver")} reply={reply} bare />
      ) : null}
    </section>
  );
}
