/**
 * The web door's one reader of posted forms. A browser posts a form as urlencoded or multipart;
 * any other body (JSON, text/plain, none at all, a broken multipart) is not a form, and reading
 * it must not break the screen. It reads as an empty form, so the form's own schema refuses it
 * with 400 and its field errors in the viewer's language, and nothing is saved.
 */
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** Whether the request carries a form body a browser would send. */
export function isFormBody(request: Request): boolean {
  const type = (request.headers.get("content-type") ?? "").split(";", 1)[0].trim().toLowerCase();
  return FORM_TYPES.includes(type);
}

/** The posted form, or an empty one when the body is not a readable form. */
export async function readForm(request: Request): Promise<FormData> {
  if (!isFormBody(request)) return new FormData();
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}
