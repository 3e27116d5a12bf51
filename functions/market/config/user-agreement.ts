/**
 * The user agreement, in both languages. It states rules the code keeps (10 minutes to pay,
 * all-in prices, refunds in 1-3 working days, pickup up to 30 minutes after the start), so it
 * changes in the same release as they do, with a new version and date.
 */
import type { AgreementText } from "./agreement-text";

export const USER_AGREEMENT: AgreementText = {
  type: "user",
  version: "1.0",
  updatedAt: "2026-11-22",
  title: { "en-US": "User agreement", "zh-HK": "用戶協議" },
  sections: [
    {
      id: "about",
      title: { "en-US": "About Ovation", "zh-HK": "關於 Ovation" },
      body: {
        "en-US": [
          "Ovation is a marketplace where fans buy tickets to shows, tours and events from independent ticket providers. Ovation does not organise the events, and the tickets listed are sold by the ticket provider named on each listing.",
          "By creating an account or placing an order you accept this agreement. If you do not accept it, please do not use Ovation.",
        ],
        "zh-HK": [
          "Ovation 是一個門票交易平台，讓觀眾向獨立的門票供應商購買演出、巡演及活動門票。Ovation 並非活動主辦方；平台上的門票由各門票所列明的門票供應商出售。",
          "建立帳戶或下單，即表示你接受本協議。如你不接受，請勿使用 Ovation。",
        ],
      },
    },
    {
      id: "account",
      title: { "en-US": "Your account", "zh-HK": "你的帳戶" },
      body: {
        "en-US": [
          "You need an account to order. Keep your sign-in details to yourself: you are responsible for the orders placed with your account. An order belongs to the account that placed it and can only be viewed and managed from that account.",
          "You must be old enough to enter a binding contract where you live. We may suspend an account used for fraud, abuse or resale against an event's rules.",
        ],
        "zh-HK": [
          "下單須先登入帳戶。請妥善保管你的登入資料：以你的帳戶下的訂單由你負責。訂單屬於下單的帳戶，只能在該帳戶內查看及管理。",
          "你須已達你所在地可訂立具約束力合約的年齡。如帳戶被用於欺詐、濫用或違反活動規則轉售門票，我們可暫停該帳戶。",
        ],
      },
    },
    {
      id: "prices",
      title: { "en-US": "Prices and payment", "zh-HK": "價格及付款" },
      body: {
        "en-US": [
          "Ticket providers set their own prices, which may be above or below face value. The price we show before you pay includes every unavoidable fee, with the face value beside it where it is known. Shipping for express delivery is shown separately before you pay.",
          "Once you confirm an order, its tickets are held for you for 10 minutes. If payment is not completed in that time the order expires and the tickets are released. A canceled or expired order cannot be paid.",
        ],
        "zh-HK": [
          "門票價格由門票供應商自訂，可能高於或低於票面價。付款前顯示的價格已包含所有必須支付的費用，並在已知時列出票面價。速遞運費會在付款前另行列明。",
          "確認訂單後，門票會為你保留 10 分鐘。如未能在限時內完成付款，訂單即告失效，門票會重新發售。已取消或已失效的訂單不能再付款。",
        ],
      },
    },
    {
      id: "delivery",
      title: { "en-US": "Getting your tickets", "zh-HK": "取得門票" },
      body: {
        "en-US": [
          "Each listing states how its tickets are delivered: express, self-pickup, on-site pickup, e-ticket, ticket transfer or customer redemption. The ticket provider must deliver in time for the event.",
          "Self-pickup tickets must be collected by the pickup time, or at the latest within 30 minutes after the show starts. Seats are not guaranteed to be together unless the listing says so.",
        ],
        "zh-HK": [
          "每張門票均列明交付方式：速遞、自取、現場取票、電子門票、門票轉讓或客戶兌換。門票供應商須在活動前及時交付門票。",
          "自取門票須於取票時間內領取，最遲為演出開始後 30 分鐘內。除門票另有說明外，不保證座位相連。",
        ],
      },
    },
    {
      id: "guarantee",
      title: { "en-US": "Our guarantee", "zh-HK": "我們的保證" },
      body: {
        "en-US": [
          "Every order is covered by our 100% entry guarantee: if valid tickets do not reach you in time, or you are refused entry with them, we find you comparable tickets or refund everything you paid. Customer support is there before, during and after the event.",
        ],
        "zh-HK": [
          "每張訂單均受 100% 入場保證保障：如有效門票未能及時送達，或你持票被拒入場，我們會為你安排同等門票，或退還你已付的全部款項。活動前、活動期間及活動後均有客戶服務支援。",
        ],
      },
    },
    {
      id: "refunds",
      title: { "en-US": "Cancellations, refunds and after-sales", "zh-HK": "取消、退款及售後" },
      body: {
        "en-US": [
          "Tickets cannot be returned once bought, unless the event is canceled or the guarantee applies. If an event is canceled you are refunded in full.",
          "You can apply for after-sales from your order. Approved refunds go back to your original payment method within 1-3 working days.",
        ],
        "zh-HK": [
          "門票一經購買不設退換，除非活動取消或適用入場保證。如活動取消，你將獲全數退款。",
          "你可在訂單內申請售後服務。獲批的退款會於 1-3 個工作天內退回原付款方式。",
        ],
      },
    },
    {
      id: "conduct",
      title: { "en-US": "Fair use", "zh-HK": "合理使用" },
      body: {
        "en-US": [
          "Do not use Ovation to commit fraud, to buy or list tickets you have no right to, to copy or overload the service, or to harass ticket providers or our staff. Messages with ticket providers can be read for 30 days.",
        ],
        "zh-HK": [
          "請勿利用 Ovation 進行欺詐、購買或出售你無權處置的門票、複製或令服務過載，或騷擾門票供應商及我們的職員。與門票供應商的訊息可於 30 天內查看。",
        ],
      },
    },
    {
      id: "responsibility",
      title: { "en-US": "Who is responsible for what", "zh-HK": "各方責任" },
      body: {
        "en-US": [
          "We are responsible for running the marketplace and for the guarantee above. The organiser is responsible for the event itself, including changes to its line-up, date or venue. Nothing in this agreement limits the rights you have under the law where you live.",
          "This agreement is governed by the laws of the Hong Kong Special Administrative Region.",
        ],
        "zh-HK": [
          "我們負責營運交易平台及履行上述保證。活動本身由主辦方負責，包括演出陣容、日期或場地的更改。本協議並不限制你根據所在地法律享有的權利。",
          "本協議受香港特別行政區法律管轄。",
        ],
      },
    },
    {
      id: "changes",
      title: { "en-US": "Changes and contact", "zh-HK": "修訂及聯絡我們" },
      body: {
        "en-US": [
          "We may update this agreement; the version and date at the top show which one applies. We will tell you about important changes before they take effect.",
          "Questions? Email us from Help; customer service replies within 48 hours.",
        ],
        "zh-HK": [
          "我們可能會修訂本協議，頁首的版本及日期顯示現行版本。重要修訂生效前，我們會先通知你。",
          "有疑問？請在幫助中心以電郵聯絡我們，客戶服務會在 48 小時內回覆。",
        ],
      },
    },
  ],
};
