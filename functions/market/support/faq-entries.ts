/**
 * The help centre's questions and answers, in both languages, grouped by topic. They are
 * content, not records: they change with a release, are read on every FAQ view, and must
 * agree with the rules the code keeps (10 minutes to pay, refunds in 1-3 working days, 5 email
 * requests a day, replies within 48 hours), so they live beside that code and ship with it: the
 * build writes them, one file a language, into the static assets, where the Worker reads them
 * (faq-file.ts, faq.ts). Ids are stable: a shared /faqDetail?id= link keeps pointing at the same
 * question.
 */
import type { Language } from "../context/viewer";
import type { FaqTopic } from "./faq-shape";

type Bilingual<T> = Record<Language, T>;

export const FAQ_TOPIC_NAMES: Record<FaqTopic, Bilingual<string>> = {
  orders: { "en-US": "Orders", "zh-HK": "訂單" },
  payment: { "en-US": "Payment", "zh-HK": "付款" },
  delivery: { "en-US": "Tickets and delivery", "zh-HK": "門票及配送" },
  refunds: { "en-US": "Refunds and after-sales", "zh-HK": "退款及售後" },
  account: { "en-US": "Account", "zh-HK": "帳戶" },
};

export interface FaqEntry {
  id: number;
  topic: FaqTopic;
  question: Bilingual<string>;
  /** The answer, one paragraph per string. */
  answer: Bilingual<string[]>;
}

export const FAQ_ENTRIES: readonly FaqEntry[] = [
  // Orders
  {
    id: 101,
    topic: "orders",
    question: {
      "en-US": "Are the tickets on Ovation genuine?",
      "zh-HK": "Ovation 上的門票是真的嗎？",
    },
    answer: {
      "en-US": [
        "Yes. Every order is covered by our 100% entry guarantee: if a ticket you bought does not get you into the event, we find you comparable or better seats, or refund you in full, including fees.",
        "Tickets are listed by verified ticket providers. Their prices may be above or below face value; the face value is shown beside the price whenever the provider gives it.",
      ],
      "zh-HK": [
        "是的。每張訂單都受 100% 入場保證保障：如你購買的門票未能讓你入場，我們會為你安排同等或更好的座位，或全數退款（包括各項費用）。",
        "門票由已驗證的票務提供者上架。售價可能高於或低於票面價；如提供者有提供票面價，會在售價旁顯示。",
      ],
    },
  },
  {
    id: 102,
    topic: "orders",
    question: {
      "en-US": "Where can I see my orders?",
      "zh-HK": "在哪裏查看我的訂單？",
    },
    answer: {
      "en-US": [
        "Go to Me → My orders. Orders that are still in progress are under Ongoing; completed, canceled and expired orders are under Closed.",
        "Open an order to see its delivery method, pickup details, price breakdown and the ticket provider you can contact.",
      ],
      "zh-HK": [
        "前往「我的」→「我的訂單」。處理中的訂單在「進行中」；已完成、已取消及已過期的訂單在「已結束」。",
        "打開訂單即可查看配送方式、取票資料、價格明細，以及可聯絡的票務提供者。",
      ],
    },
  },
  {
    id: 103,
    topic: "orders",
    question: {
      "en-US": "Will my seats be together?",
      "zh-HK": "我的座位會相連嗎？",
    },
    answer: {
      "en-US": [
        "Seats bought together in one order from one listing are usually next to each other, but consecutive seating is not guaranteed for 4 or more tickets.",
        "If sitting together matters, check the listing's seat notes before you order, or message the ticket provider first.",
      ],
      "zh-HK": [
        "同一訂單內向同一上架購買的座位通常相連，但購買 4 張或以上門票時，不保證座位相連。",
        "如你很在意座位相連，請在下單前查看上架的座位備註，或先向票務提供者查詢。",
      ],
    },
  },
  // Payment
  {
    id: 201,
    topic: "payment",
    question: {
      "en-US": "How long do I have to pay for an order?",
      "zh-HK": "下單後要在多久內付款？",
    },
    answer: {
      "en-US": [
        "Your tickets are held for 10 minutes after you confirm the order. Pay within that time or the order expires and the tickets go back on sale.",
        "If you have an unpaid order for the same session, you will be asked to cancel it before ordering again.",
      ],
      "zh-HK": [
        "確認訂單後，門票會為你保留 10 分鐘。請在時限內完成付款，否則訂單會過期，門票會重新開售。",
        "如你在同一場次已有未付款的訂單，再次下單前需先取消該訂單。",
      ],
    },
  },
  {
    id: 202,
    topic: "payment",
    question: {
      "en-US": "Which payment methods can I use?",
      "zh-HK": "可以使用哪些付款方式？",
    },
    answer: {
      "en-US": [
        "You can pay by card, Apple Pay and Google Pay, and in some locations by Alipay or WeChat Pay. The methods offered depend on your location and device.",
        "Google Pay needs a supported browser such as Chrome; if it is not offered, choose another method.",
      ],
      "zh-HK": [
        "你可以使用信用卡、Apple Pay 及 Google Pay 付款，部分地區亦支援支付寶或微信支付。可用方式視乎你的地區及裝置。",
        "Google Pay 需要使用支援的瀏覽器（例如 Chrome）；如未有顯示，請選擇其他付款方式。",
      ],
    },
  },
  {
    id: 203,
    topic: "payment",
    question: {
      "en-US": "My payment failed. Was I charged?",
      "zh-HK": "付款失敗了，我有被扣款嗎？",
    },
    answer: {
      "en-US": [
        "When a payment fails the order is canceled and you are not charged. You can buy again or retry with another payment method.",
        "If your bank shows a pending charge for a failed payment, it is released automatically by your bank, usually within a few working days. If a payment ever reaches us for an order that has already been canceled, we refund it automatically.",
      ],
      "zh-HK": [
        "付款失敗時訂單會被取消，你不會被扣款。你可以重新購買，或改用其他付款方式再試。",
        "如銀行顯示失敗付款的暫扣金額，銀行一般會在數個工作天內自動解除。如款項在訂單取消後才到達，我們會自動退款。",
      ],
    },
  },
  // Tickets and delivery
  {
    id: 301,
    topic: "delivery",
    question: {
      "en-US": "How will I receive my tickets?",
      "zh-HK": "我會如何收到門票？",
    },
    answer: {
      "en-US": [
        "Each listing shows its delivery method before you order: express delivery, self-pickup, on-site collection, e-ticket, ticket transfer or customer redemption.",
        "Your order page shows what to do next, such as your pickup code, the pickup time and place, or your e-ticket once it is ready.",
      ],
      "zh-HK": [
        "每個上架在下單前都會列明配送方式：速遞、自取、現場取票、電子門票、門票轉讓或客戶兌換。",
        "訂單頁面會顯示下一步，例如取票碼、取票時間及地點，或已準備好的電子門票。",
      ],
    },
  },
  {
    id: 302,
    topic: "delivery",
    question: {
      "en-US": "When do I pick up self-pickup tickets?",
      "zh-HK": "自取門票應在何時取票？",
    },
    answer: {
      "en-US": [
        "Pick up by the pickup time on your order, and no later than 30 minutes after the show starts. Show your pickup code to the ticket provider; once they confirm, the code is used up and the order shows as picked up.",
        "You can message the ticket provider from 1 day before the event, and call them on the event day.",
      ],
      "zh-HK": [
        "請在訂單列明的取票時間前取票，最遲為演出開始後 30 分鐘內。向票務提供者出示取票碼；對方確認後，取票碼即告失效，訂單會顯示為已取票。",
        "你可在活動前 1 天起向票務提供者發送訊息，並在活動當天致電對方。",
      ],
    },
  },
  {
    id: 303,
    topic: "delivery",
    question: {
      "en-US": "How do I open my e-ticket?",
      "zh-HK": "如何打開電子門票？",
    },
    answer: {
      "en-US": [
        "Open the order and enter the verification code shown on it to reveal your e-ticket. You can also download it as a PDF.",
        "Check your e-ticket again shortly before the event, as some organisers only activate the entry code close to the start.",
      ],
      "zh-HK": [
        "打開訂單並輸入訂單上顯示的驗證碼，即可查看電子門票，亦可下載 PDF 版本。",
        "部分主辦單位只會在臨近開場時才啟用入場碼，請在活動前再次查看電子門票。",
      ],
    },
  },
  // Refunds and after-sales
  {
    id: 401,
    topic: "refunds",
    question: {
      "en-US": "The event was canceled. How do I get my money back?",
      "zh-HK": "活動取消了，如何取回款項？",
    },
    answer: {
      "en-US": [
        "If an event is canceled and not rescheduled, your order is refunded in full, including fees. You do not need to do anything; we will tell you when the refund is on its way.",
        "Refunds go back to your original payment method within 1-3 working days.",
      ],
      "zh-HK": [
        "如活動取消且不會改期，你的訂單會獲全數退款（包括各項費用）。你毋須採取任何行動，退款發出時我們會通知你。",
        "退款會於 1-3 個工作天內退回你的原付款方式。",
      ],
    },
  },
  {
    id: 402,
    topic: "refunds",
    question: {
      "en-US": "How do I apply for after-sales support?",
      "zh-HK": "如何申請售後服務？",
    },
    answer: {
      "en-US": [
        "Open the order and choose After-sales. Tell us what happened, add any photos or documents, and give the account you would like any compensation paid to.",
        "You can follow every step of your application under its progress page. Our customer service team steps in whenever a ticket provider does not keep their side of the order.",
      ],
      "zh-HK": [
        "打開訂單並選擇「售後」。告訴我們發生了甚麼事，附上相片或文件，並提供收取賠償的帳戶。",
        "你可在申請的進度頁面查看每一個步驟。如票務提供者未有履行訂單，我們的客戶服務團隊會介入處理。",
      ],
    },
  },
  {
    id: 403,
    topic: "refunds",
    question: {
      "en-US": "How long does a refund take?",
      "zh-HK": "退款需時多久？",
    },
    answer: {
      "en-US": [
        "Once a refund is approved it is sent to your original payment method within 1-3 working days. Your bank or card issuer may take a little longer to show it on your statement.",
      ],
      "zh-HK": [
        "退款獲批後，會在 1-3 個工作天內退回你的原付款方式。銀行或發卡機構可能需要多一點時間才會在結單上顯示。",
      ],
    },
  },
  // Account
  {
    id: 501,
    topic: "account",
    question: {
      "en-US": "How do I sign in or create an account?",
      "zh-HK": "如何登入或建立帳戶？",
    },
    answer: {
      "en-US": [
        "Go to Me → Sign in / Register. You can continue with your email address (with a verification code or a password), or with Google or Apple.",
        "A password needs at least 8 characters with letters, numbers and symbols. Accounts cannot be registered with Apple's private relay email; share your real email when you continue with Apple.",
      ],
      "zh-HK": [
        "前往「我的」→「登入／註冊」。你可以使用電郵地址（驗證碼或密碼）登入，或使用 Google 或 Apple 帳戶繼續。",
        "密碼須最少 8 個字元，並包含字母、數字及符號。帳戶不能以 Apple 的私人轉發電郵註冊；使用 Apple 繼續時，請分享你的真實電郵。",
      ],
    },
  },
  {
    id: 502,
    topic: "account",
    question: {
      "en-US": "How do I link my Google or Apple account?",
      "zh-HK": "如何綁定 Google 或 Apple 帳戶？",
    },
    answer: {
      "en-US": [
        "Go to Me → Settings → Linked accounts and choose Link next to Google or Apple.",
        "Linking fails if that Google or Apple account's email already belongs to another Ovation account. Sign in with that account instead, or contact us.",
      ],
      "zh-HK": [
        "前往「我的」→「設定」→「已連結帳戶」，然後在 Google 或 Apple 旁選擇「連結」。",
        "如該 Google 或 Apple 帳戶的電郵已屬於另一個 Ovation 帳戶，連結便會失敗。請改用該帳戶登入，或聯絡我們。",
      ],
    },
  },
  {
    id: 503,
    topic: "account",
    question: {
      "en-US": "How do I contact customer service?",
      "zh-HK": "如何聯絡客戶服務？",
    },
    answer: {
      "en-US": [
        "Choose Email us at the bottom of the help centre, tell us what happened and add your order number if you have one. Customer service replies within 48 hours.",
        "You can send up to 5 email requests a day. For anything about a specific order, you can also chat with the ticket provider from the order page.",
      ],
      "zh-HK": [
        "在幫助中心底部選擇「電郵聯絡我們」，告訴我們發生了甚麼事，如有訂單編號請一併提供。客戶服務會在 48 小時內回覆。",
        "你每天最多可發送 5 次電郵查詢。如查詢與特定訂單有關，你亦可在訂單頁面與票務提供者對話。",
      ],
    },
  },
];
