/**
 * The e-ticket step's schemas: the action parses with them, and the upload form imports them
 * when first focused (console-step-form.tsx), so zod is not on the order page's first visit.
 */
import * as z from "zod/mini";
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
