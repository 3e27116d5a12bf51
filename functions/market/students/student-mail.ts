/** The mail that carries a school email's verification code, in the viewer's language (apps.student.mail). */
import type enApps from "../translations/locales/en-US/apps.json";
import { namespaceOf } from "../translations/store";
import type { MailMessage } from "../context/mail-port";
import type { Language } from "../context/viewer";

const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));

export async function studentMail(input: { to: string; language: Language; code: string; minutes: number }): Promise<MailMessage> {
  // Read as the pages read it, not bundled (docs/decisions.md 284); both languages carry every key.
  const text = ((await namespaceOf(input.language, "apps")) as typeof enApps).student.mail;
  const values = { code: input.code, minutes: input.minutes };
  return {
    to: input.to,
    kind: "student_code",
    language: input.language,
    subject: fill(text.subject, values),
    text: [fill(text.intro, values), "", input.code, "", fill(text.validity, values), text.ignore].join("\n"),
  };
}
