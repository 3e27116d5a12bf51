/**
 * Flash toasts: an action redirects with a toast; the next page shows it once (2000 ms, SPEC §9).
 * The toast carries a translation key, so it appears in the viewer's language.
 */
import { createCookie, redirect } from "react-router";
import * as z from "zod";

export const toastSchema = z.object({
  kind: z.enum(["success", "error", "info"]).default("info"),
  key: z.string().max(120),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type Toast = z.infer<typeof toastSchema>;

const toastCookie = createCookie("toast", { path: "/", httpOnly: true, sameSite: "lax", secure: true, maxAge: 60 });

export async function readToast(request: Request): Promise<{ toast: Toast | null; headers: Headers }> {
  const raw = await toastCookie.parse(request.headers.get("cookie"));
  const parsed = toastSchema.safeParse(raw);
  const headers = new Headers();
  if (raw !== null && raw !== undefined) headers.append("Set-Cookie", await toastCookie.serialize("", { maxAge: 0 }));
  return { toast: parsed.success ? parsed.data : null, headers };
}

export async function toastHeader(toast: Toast): Promise<string> {
  return toastCookie.serialize(toastSchema.parse(toast));
}

/** Redirect and show a toast on arrival. */
export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { ...init, headers });
}
