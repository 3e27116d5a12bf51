/** The mail that carries a school email's verification code, in the viewer's language (apps.student.mail). */
import enApps from "../translations/locales/en-US/apps.json";
import zhApps from "../translations/locales/zh-HK/apps.json";
import type { MailMessage } from "../context/mail-port";
import type { Language } from "../context/viewer";

const MAIL_TEXT = { "en-US": enApps.student.mail, "zh-HK": zhApps.student.mail } as const;

const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));

export function studentMail(input: { to: string; language: Language; code: string; minutes: number }): MailMessage {
  const text = MAIL_TEXT[input.language];
  const values = { code: input.code, minutes: input.minutes };
  return {
    to: input.to,
    kind: "student_code",
    language: input.language,
    subject: fill(text.subject, values),
    text: [fill(text.intro, values), "", input.code, "", fill(text.validity, values), text.ignore].join("\n"),
  };
}
