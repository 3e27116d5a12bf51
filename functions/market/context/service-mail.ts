/**
 * The frame of every mail customer service writes to a buyer: the greeting, the paragraphs with a
 * blank line between them, and the team's signature, in the buyer's language. Written once, so
 * the refund mails and the order mails greet and sign alike.
 */
import type { MailMessage } from "./mail-port";
import type { Language } from "./viewer";

const GREETING: Record<Language, string> = { "en-US": "Hi,", "zh-HK": "你好：" };
const SIGNATURE: Record<Language, string> = { "en-US": "The Ovation customer service team", "zh-HK": "Ovation 客戶服務團隊" };

export function serviceGreeting(language: Language): string {
  return GREETING[language];
}

export function serviceSignature(language: Language): string {
  return SIGNATURE[language];
}

/** A mail from customer service: `paragraphs` between the greeting and the signature. */
export function serviceMail(message: Omit<MailMessage, "text"> & { paragraphs: string[] }): MailMessage {
  const { paragraphs, ...mail } = message;
  return { ...mail, text: [GREETING[mail.language], ...paragraphs, SIGNATURE[mail.language]].join("\n\n") };
}
