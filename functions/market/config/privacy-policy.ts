/**
 * The privacy policy, in both languages. It names what the product actually keeps (the device
 * id, campaign parameters, preference cookies, hashed passwords and tokens), so a new kind of
 * data means a new version here in the same release.
 */
import type { AgreementText } from "./agreement-text";

export const PRIVACY_POLICY: AgreementText = {
  type: "privacy",
  version: "1.0",
  updatedAt: "2026-11-22",
  title: { "en-US": "Privacy policy", "zh-HK": "私隱政策" },
  sections: [
    {
      id: "scope",
      title: { "en-US": "Who we are", "zh-HK": "關於我們" },
      body: {
        "en-US": [
          "This policy explains how Ovation collects and uses personal data when you use our website, our app and the partner apps we appear in. Ovation is the data user responsible for your data under Hong Kong's Personal Data (Privacy) Ordinance (Cap. 486).",
        ],
        "zh-HK": [
          "本政策說明你使用我們的網站、應用程式及合作夥伴應用程式時，Ovation 如何收集及使用你的個人資料。根據香港《個人資料（私隱）條例》（第 486 章），Ovation 是負責你個人資料的資料使用者。",
        ],
      },
    },
    {
      id: "collect",
      title: { "en-US": "What we collect", "zh-HK": "我們收集的資料" },
      body: {
        "en-US": [
          "Account: your email address, name, nickname, phone number and avatar, and whether you linked Google or Apple.",
          "Orders: the tickets you buy, delivery and contact details, saved addresses, and after-sales requests with any receiving account you give us. Payments are handled by our payment providers; we never see or keep your full card number.",
          "Device and visit: a random identifier for your device, your language, currency and location choices, your approximate location from your network or, if you allow it, from your device, and the campaign details of the ad or link that brought you here.",
        ],
        "zh-HK": [
          "帳戶：你的電郵地址、姓名、暱稱、電話號碼及頭像，以及你是否已連結 Google 或 Apple 帳戶。",
          "訂單：你購買的門票、交付及聯絡資料、已儲存的地址，以及售後申請連同你提供的收款帳戶。付款由我們的支付服務商處理，我們不會看到或保存你的完整卡號。",
          "裝置及瀏覽：你裝置的隨機識別碼、你選擇的語言、貨幣及位置、根據網絡或（經你允許）裝置得出的大約位置，以及帶你來到本平台的廣告或連結的推廣資料。",
        ],
      },
    },
    {
      id: "use",
      title: { "en-US": "How we use it", "zh-HK": "我們如何使用資料" },
      body: {
        "en-US": [
          "To run your account and orders, deliver your tickets, provide customer support and the entry guarantee, prevent fraud, and send you messages about your orders and the alerts you asked for.",
          "To show you the shows, prices and language for where you are, and to measure and improve the service in aggregate. Analytics runs only on our live service.",
        ],
        "zh-HK": [
          "用於管理你的帳戶及訂單、交付門票、提供客戶服務及入場保證、防止欺詐，以及向你發送訂單通知和你所訂閱的提示。",
          "用於按你所在地顯示演出、價格及語言，並以整體數據衡量及改善服務。分析工具只在正式服務上運行。",
        ],
      },
    },
    {
      id: "share",
      title: { "en-US": "Who we share it with", "zh-HK": "我們與誰分享資料" },
      body: {
        "en-US": [
          "The ticket provider of your order receives what they need to deliver it: your name, contact phone or email and, for express delivery, your address.",
          "Payment, mail and hosting providers process data for us under our instructions, and a partner app you order through sees the status of your order. We do not sell your personal data. We disclose it when the law requires us to.",
        ],
        "zh-HK": [
          "你訂單的門票供應商會取得交付所需的資料：你的姓名、聯絡電話或電郵，以及（如選擇速遞）你的地址。",
          "支付、郵件及寄存服務商按我們的指示代為處理資料；你透過合作夥伴應用程式下單時，該應用程式可查看訂單狀態。我們不會出售你的個人資料，只會在法律要求時披露。",
        ],
      },
    },
    {
      id: "storage",
      title: { "en-US": "Cookies and storage on your device", "zh-HK": "Cookie 及裝置上的儲存" },
      body: {
        "en-US": [
          "We keep your sign-in session in a cookie, and your language, currency and location choices in cookies and on your device. Signing out ends the session and clears your account details from the device.",
        ],
        "zh-HK": [
          "我們以 Cookie 保存你的登入狀態，並以 Cookie 及裝置儲存保存你選擇的語言、貨幣及位置。登出會結束登入狀態，並從裝置清除你的帳戶資料。",
        ],
      },
    },
    {
      id: "retention",
      title: { "en-US": "How long we keep it", "zh-HK": "資料保存期限" },
      body: {
        "en-US": [
          "Account data is kept while your account is open. Order and payment records are kept for 7 years, as tax and accounting law requires. Everything else is kept only as long as we need it for the purpose it was collected for.",
        ],
        "zh-HK": [
          "帳戶資料在帳戶有效期間保存。訂單及付款紀錄按稅務及會計法例要求保存 7 年。其他資料只會在達成收集目的所需的期間內保存。",
        ],
      },
    },
    {
      id: "rights",
      title: { "en-US": "Your rights", "zh-HK": "你的權利" },
      body: {
        "en-US": [
          "You can ask to see or correct your personal data, stop marketing messages, or ask us to close your account and delete the data we no longer have to keep. Email us from Help: we reply within 48 hours and may ask you to confirm who you are.",
        ],
        "zh-HK": [
          "你可要求查閱或更正你的個人資料、停止接收推廣訊息，或要求我們關閉帳戶並刪除毋須再保存的資料。請在幫助中心以電郵聯絡我們：我們會在 48 小時內回覆，並可能要求你核實身分。",
        ],
      },
    },
    {
      id: "security",
      title: { "en-US": "Security", "zh-HK": "資料保安" },
      body: {
        "en-US": [
          "Passwords are stored only as salted hashes and sign-in tokens only as hashes, and every connection is encrypted. No service is perfectly secure: tell us at once if you think your account is at risk.",
        ],
        "zh-HK": [
          "密碼只以加鹽雜湊形式儲存，登入憑證亦只儲存其雜湊值，所有連線均經加密。沒有任何服務絕對安全：如你認為帳戶有風險，請立即通知我們。",
        ],
      },
    },
    {
      id: "children",
      title: { "en-US": "Children", "zh-HK": "兒童" },
      body: {
        "en-US": ["Ovation is not meant for children under 13, and we do not knowingly collect their data."],
        "zh-HK": ["Ovation 並非為 13 歲以下兒童而設，我們不會在知情下收集他們的資料。"],
      },
    },
    {
      id: "changes",
      title: { "en-US": "Changes to this policy", "zh-HK": "政策修訂" },
      body: {
        "en-US": [
          "We post every change here with a new version and date, and tell you about important changes before they take effect.",
        ],
        "zh-HK": ["任何修訂都會在此公布，並附上新的版本及日期；重要修訂生效前，我們會先通知你。"],
      },
    },
  ],
};
