/**
 * The two mails an email support request sends: the request itself to the support team (always
 * in English, the team's working language, with the buyer's language noted so the reply can
 * match it), and a receipt to the buyer in the language they wrote in. Plain text: it reads the
 * same in every mail client and cannot carry markup the buyer typed.
 */
import type { MailMessage } from "../context/mail-port";
import type { Language } from "../context/viewer";
import type { SupportIssueType } from "./support-request-schema";

export const SUPPORT_REPLY_HOURS = 48;

/** Where support requests go when SUPPORT_EMAIL is not configured. */
export const DEFAULT_SUPPORT_EMAIL = "support@ovation.example";

export interface SupportMailRequest {
  id: number;
  issueType: SupportIssueType;
  orderNo?: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  language: Language;
  userId: number | null;
}


const ISSUE_TYPE_NAMES: Record<SupportIssueType, Record<Language, string>> = {
  order: { "en-US": "Orders", "zh-HK": "訂單" },
  payment: { "en-US": "Payment", "zh-HK": "付款" },
  delivery: { "en-US": "Tickets and delivery", "zh-HK": "門票及配送" },
  refund: { "en-US": "Refunds and after-sales", "zh-HK": "退款及售後" },
  account: { "en-US": "Account", "zh-HK": "帳戶" },
  other: { "en-US": "Something else", "zh-HK": "其他" },
};

/** The request as the support team reads it. */
export function supportTeamMail(request: SupportMailRequest, supportAddress: string): MailMessage {
  const lines = [
    `Support request #${request.id}`,
    "",
    `Issue type: ${ISSUE_TYPE_NAMES[request.issueType]["en-US"]}`,
    `Order no.: ${request.orderNo ?? "-"}`,
    `Name: ${request.name}`,
    `Contact email: ${request.email}`,
    `Phone: ${request.phone}`,
    `Account: ${request.userId === null ? "guest" : `#${request.userId}`}`,
    `Reply in: ${request.language}`,
    "",
    request.message,
    "",
    `Reply within ${SUPPORT_REPLY_HOURS} hours of this request.`,
  ];
  return {
    to: supportAddress,
    kind: "support_request",
    language: "en-US",
    subject: `[#${request.id}] ${ISSUE_TYPE_NAMES[request.issueType]["en-US"]}: ${request.name}`,
    text: lines.join("\n"),
  };
}

/** The buyer's receipt, in the language they wrote in. */
export function supportReceiptMail(request: SupportMailRequest): MailMessage {
  const language = request.language;
  const issueType = ISSUE_TYPE_NAMES[request.issueType][language];
  const orderNo = request.orderNo ?? "-";
  const text =
    language === "zh-HK"
      ? [
          `${request.name}，你好：`,
          "",
          `多謝你聯絡 Ovation。我們已收到你的查詢，客戶服務會在 ${SUPPORT_REPLY_HOURS} 小時內回覆。`,
          "",
          `參考編號：#${request.id}`,
          `問題類型：${issueType}`,
          `訂單編號：${orderNo}`,
          "",
          "你的訊息：",
          request.message,
          "",
          `如需補充資料，請在幫助中心再次提交查詢，並註明參考編號 #${request.id}。`,
          "",
          "Ovation 客戶服務團隊",
        ]
      : [
          `Hi ${request.name},`,
          "",
          `Thanks for contacting Ovation. We've received your message, and customer service replies within ${SUPPORT_REPLY_HOURS} hours.`,
          "",
          `Reference: #${request.id}`,
          `Issue type: ${issueType}`,
          `Order no.: ${orderNo}`,
          "",
          "Your message:",
          request.message,
          "",
          `To add anything, send another request from the help centre and quote reference #${request.id}.`,
          "",
          "The Ovation customer service team",
        ];
  return {
    to: request.email,
    kind: "support_receipt",
    language,
    subject: language === "zh-HK" ? `我們已收到你的查詢（#${request.id}）` : `We've received your message (#${request.id})`,
    text: text.join("\n"),
  };
}
