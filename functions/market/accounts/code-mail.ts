/**
 * The mail that carries a verification code, written in its recipient's language from the
 * `account` translations (mail.*), as plain text and as a small branded HTML page.
 */
import type enAccount from "../translations/locales/en-US/account.json";
import { namespaceOf } from "../translations/store";
import type { CodePurpose } from "../../db/schema";
import type { MailMessage } from "../context/mail-port";
import type { Language } from "../context/viewer";

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}

export async function codeMail(input: { to: string; language: Language; purpose: CodePurpose; code: string; minutes: number }): Promise<MailMessage> {
  // Read as the pages read it, not bundled (docs/decisions.md 284); both languages carry every key.
  const text = ((await namespaceOf(input.language, "account")) as typeof enAccount).mail;
  const values = { code: input.code, minutes: input.minutes };
  const subject = fill(text.subject[input.purpose], values);
  const intro = fill(text.intro[input.purpose], values);
  const validity = fill(text.validity, values);
  const ignore = text.ignore;
  const signature = text.signature;

  const plain = [intro, "", input.code, "", validity, ignore, "", signature].join("\n");
  const html = `<!doctype html><html lang="${input.language}"><body style="margin:0;background:#f7f6fa;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'PingFang HK','Noto Sans TC',sans-serif;color:#141318">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:440px;background:#ffffff;border-radius:16px;padding:32px 28px">
<tr><td style="font-size:20px;font-weight:800;color:#ff1d41;letter-spacing:-0.02em">Ovation</td></tr>
<tr><td style="padding-top:20px;font-size:15px;line-height:1.5">${escapeHtml(intro)}</td></tr>
<tr><td style="padding:24px 0;font-size:34px;font-weight:800;letter-spacing:0.3em;font-variant-numeric:tabular-nums">${escapeHtml(input.code)}</td></tr>
<tr><td style="font-size:13px;line-height:1.5;color:#6e6c78">${escapeHtml(validity)}<br>${escapeHtml(ignore)}</td></tr>
<tr><td style="padding-top:24px;font-size:13px;color:#95949e">${escapeHtml(signature)}</td></tr>
</table></td></tr></table></body></html>`;

  return { to: input.to, kind: `code_${input.purpose}`, language: input.language, subject, text: plain, html };
}
