import { env } from "cloudflare:test";
import { describe, expect, test } from "vitest";
import { createMarketContext } from "../../functions/wiring";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";
import { openSession } from "../../functions/market/accounts/sessions";
import { api, page } from "./support/api";

interface FaqTopicGroup {
  code: string;
  name: string;
  items: { id: number; question: string }[];
}

interface FaqDetail {
  id: number;
  topic: { code: string; name: string };
  question: string;
  answer: string[];
  related: { id: number; question: string }[];
}

const ZH = { lan: "zh-HK" };

/** A request that passes every rule; tests change one field at a time. */
function supportRequest(overrides: Record<string, unknown> = {}) {
  return {
    issueType: "payment",
    orderNo: "OV1234",
    name: "Mei Chan",
    email: `buyer-${crypto.randomUUID()}@example.com`,
    phone: "+852 9123 4567",
    message: "My card was charged twice for one order.",
    ...overrides,
  };
}

/** A buyer with an account and a live session: the headers a native app would send. */
async function signedInBuyer() {
  const email = `account-${crypto.randomUUID()}@example.com`;
  const now = Date.now();
  const user = await env.DB.prepare("INSERT INTO users (email, nick_name, created_at, updated_at) VALUES (?, 'Mei', ?, ?) RETURNING id")
    .bind(email, now, now)
    .first<{ id: number }>();
  const session = await openSession(createMarketContext({ env, viewer: DEFAULT_VIEWER }), { userId: user!.id, registered: false });
  return { userId: user!.id, email, headers: { "access-token": session.token } };
}

async function outboxTo(address: string) {
  const { results } = await env.DB.prepare("SELECT to_address, kind, language, subject, text_body FROM mail_outbox WHERE to_address = ? ORDER BY id")
    .bind(address)
    .all<{ to_address: string; kind: string; language: string; subject: string; text_body: string }>();
  return results;
}

async function storedRequestsFrom(address: string) {
  const { results } = await env.DB.prepare("SELECT * FROM support_requests WHERE contact_email = ?").bind(address).all();
  return results;
}

describe("the FAQ list", () => {
  test("groups every question under its topic, in topic order", async () => {
    const { body } = await api<{ topics: FaqTopicGroup[] }>("/user/v1/faq/list");
    expect(body.statusCode).toBe(200);
    expect(body.data.topics.map((topic) => topic.code)).toEqual(["orders", "payment", "delivery", "refunds", "account"]);
    expect(body.data.topics[0].name).toBe("Orders");
    expect(body.data.topics.flatMap((topic) => topic.items)).toHaveLength(15);
  });

  test("speaks Hong Kong Chinese when the viewer's language is zh-HK", async () => {
    const { body } = await api<{ topics: FaqTopicGroup[] }>("/user/v1/faq/list", { headers: ZH });
    expect(body.data.topics[0].name).toBe("訂單");
    expect(body.data.topics[0].items[0].question).toBe("Ovation 上的門票是真的嗎？");
  });

  test("a keyword keeps only the questions whose question or answer holds it", async () => {
    const { body } = await api<{ topics: FaqTopicGroup[] }>("/user/v1/faq/list?keyword=WORKING%20days");
    const questions = body.data.topics.flatMap((topic) => topic.items.map((item) => item.question));
    expect(questions).toContain("How long does a refund take?");
    expect(questions).not.toContain("How do I sign in or create an account?");
  });

  test("a keyword in Chinese searches the Chinese answers", async () => {
    const { body } = await api<{ topics: FaqTopicGroup[] }>(`/user/v1/faq/list?keyword=${encodeURIComponent("取票碼")}`, { headers: ZH });
    expect(body.data.topics.map((topic) => topic.code)).toEqual(["delivery"]);
  });

  test("a keyword nothing matches gives no topics", async () => {
    const { body } = await api<{ topics: FaqTopicGroup[] }>("/user/v1/faq/list?keyword=zzzqqq");
    expect(body.statusCode).toBe(200);
    expect(body.data.topics).toEqual([]);
  });

  test("a keyword longer than 60 characters is an invalid parameter", async () => {
    const { body } = await api(`/user/v1/faq/list?keyword=${"a".repeat(61)}`);
    expect(body.statusCode).toBe(12308);
  });
});

describe("the FAQ detail", () => {
  test("gives the question, its answer and the rest of its topic", async () => {
    const { body } = await api<FaqDetail>("/user/v1/faq/detail?id=403");
    expect(body.statusCode).toBe(200);
    expect(body.data.question).toBe("How long does a refund take?");
    expect(body.data.topic).toEqual({ code: "refunds", name: "Refunds and after-sales" });
    expect(body.data.answer.join(" ")).toContain("1-3 working days");
    expect(body.data.related.map((item) => item.id)).toEqual([401, 402]);
  });

  test("is in Hong Kong Chinese for a zh-HK viewer", async () => {
    const { body } = await api<FaqDetail>("/user/v1/faq/detail?id=403", { headers: ZH });
    expect(body.data.question).toBe("退款需時多久？");
    expect(body.data.answer.join("")).toContain("1-3 個工作天");
  });

  test("an unknown id is not found", async () => {
    const { status, body } = await api("/user/v1/faq/detail?id=999");
    expect(status).toBe(404);
    expect(body.statusCode).toBe(404);
  });

  test("an id that is not a number is an invalid parameter", async () => {
    const { body } = await api("/user/v1/faq/detail?id=abc");
    expect(body.statusCode).toBe(12308);
  });
});

describe("an email support request", () => {
  test("is accepted, stored, and promised a reply within 48 hours", async () => {
    const request = supportRequest({ email: "  Mei.Chan@Example.com " });
    const { body } = await api<{ id: number; replyWithinHours: number }>("/user/v1/support/email", { body: request });
    expect(body.statusCode).toBe(200);
    expect(body.data.replyWithinHours).toBe(48);
    const [stored] = await storedRequestsFrom("mei.chan@example.com");
    expect(stored).toMatchObject({ id: body.data.id, issue_type: "payment", order_no: "OV1234", name: "Mei Chan", language: "en-US", user_id: null });
  });

  test("is mailed to support, naming the buyer and their message", async () => {
    const request = supportRequest();
    const { body } = await api<{ id: number }>("/user/v1/support/email", { body: request });
    const toSupport = (await outboxTo("support@ovation.example")).filter((mail) => mail.subject.includes(`#${body.data.id}`));
    expect(toSupport).toHaveLength(1);
    expect(toSupport[0].text_body).toContain(request.email);
    expect(toSupport[0].text_body).toContain(request.message);
  });

  test("sends the buyer a receipt in English", async () => {
    const request = supportRequest();
    const { body } = await api<{ id: number }>("/user/v1/support/email", { body: request });
    const [receipt] = await outboxTo(request.email);
    expect(receipt).toMatchObject({ kind: "support_receipt", language: "en-US", subject: `We've received your message (#${body.data.id})` });
    expect(receipt.text_body).toContain("customer service replies within 48 hours");
  });

  test("sends the buyer a receipt in Hong Kong Chinese when they wrote in zh-HK", async () => {
    const request = supportRequest();
    await api("/user/v1/support/email", { body: request, headers: ZH });
    const [receipt] = await outboxTo(request.email);
    expect(receipt.language).toBe("zh-HK");
    expect(receipt.text_body).toContain("客戶服務會在 48 小時內回覆");
  });

  test("needs no order number", async () => {
    const { body } = await api("/user/v1/support/email", { body: supportRequest({ orderNo: "" }) });
    expect(body.statusCode).toBe(200);
  });

  test.each([
    ["issueType", undefined, "Issue type is required", "問題類型為必填項"],
    ["name", "", "Name is required", "姓名為必填項"],
    ["name", "   ", "Name is required", "姓名為必填項"],
    ["email", undefined, "Contact email is required", "聯絡電郵為必填項"],
    ["email", "mei.chan@", "Please enter a valid email address", "請輸入有效的電郵地址"],
    ["phone", "", "Phone is required", "電話為必填項"],
    ["phone", "call me", "Invalid phone number, please correct", "電話號碼無效，請更正"],
    ["phone", "123", "Invalid phone number, please correct", "電話號碼無效，請更正"],
    ["message", "", "Message is required", "訊息為必填項"],
  ])("a %s of %j is refused with its message in both languages", async (field, value, english, chinese) => {
    const request = supportRequest({ [field]: value });
    const inEnglish = await api("/user/v1/support/email", { body: request });
    expect(inEnglish.body).toMatchObject({ statusCode: 12308, message: english });
    const inChinese = await api("/user/v1/support/email", { body: request, headers: ZH });
    expect(inChinese.body).toMatchObject({ statusCode: 12308, message: chinese });
    expect(await storedRequestsFrom(String(request.email))).toHaveLength(0);
  });

  test("an issue type that is not one of the choices is invalid", async () => {
    const { body } = await api("/user/v1/support/email", { body: supportRequest({ issueType: "praise" }) });
    expect(body).toMatchObject({ statusCode: 12308, message: "Issue type is invalid." });
  });

  test("a message over 2000 characters is invalid", async () => {
    const { body } = await api("/user/v1/support/email", { body: supportRequest({ message: "a".repeat(2001) }) });
    expect(body).toMatchObject({ statusCode: 12308, message: "Message is invalid." });
  });
});

describe("the daily limit of 5 email requests", () => {
  test("refuses the sixth request in a day from the same address", async () => {
    const email = `limit-${crypto.randomUUID()}@example.com`;
    for (let i = 0; i < 5; i++) {
      const { body } = await api("/user/v1/support/email", { body: supportRequest({ email }) });
      expect(body.statusCode).toBe(200);
    }
    const sixth = await api("/user/v1/support/email", { body: supportRequest({ email }) });
    expect(sixth.status).toBe(200);
    expect(sixth.body).toMatchObject({ statusCode: 200501, message: "You've reached the daily limit of 5 email requests." });
    expect(await storedRequestsFrom(email)).toHaveLength(5);
  });

  test("refuses the sixth in Hong Kong Chinese for a zh-HK viewer", async () => {
    const email = `limit-${crypto.randomUUID()}@example.com`;
    for (let i = 0; i < 5; i++) await api("/user/v1/support/email", { body: supportRequest({ email }), headers: ZH });
    const sixth = await api("/user/v1/support/email", { body: supportRequest({ email }), headers: ZH });
    expect(sixth.body).toMatchObject({ statusCode: 200501, message: "你今天已達 5 次電郵查詢的上限。" });
  });

  test("counts an address however it is capitalised", async () => {
    const email = `limit-${crypto.randomUUID()}@example.com`;
    for (let i = 0; i < 5; i++) await api("/user/v1/support/email", { body: supportRequest({ email }) });
    const sixth = await api("/user/v1/support/email", { body: supportRequest({ email: email.toUpperCase() }) });
    expect(sixth.body.statusCode).toBe(200501);
  });

  test("sends no mail for a refused request", async () => {
    const email = `limit-${crypto.randomUUID()}@example.com`;
    for (let i = 0; i < 6; i++) await api("/user/v1/support/email", { body: supportRequest({ email }) });
    expect(await outboxTo(email)).toHaveLength(5);
  });

  test("refuses the sixth request in a day from the same account, whatever address it gives", async () => {
    const buyer = await signedInBuyer();
    for (let i = 0; i < 5; i++) {
      const { body } = await api("/user/v1/support/email", { body: supportRequest(), headers: buyer.headers });
      expect(body.statusCode).toBe(200);
    }
    const sixth = await api("/user/v1/support/email", { body: supportRequest(), headers: buyer.headers });
    expect(sixth.body).toMatchObject({ statusCode: 200501, message: "You've reached the daily limit of 5 email requests." });
  });

  test("refuses the sixth from the same account in Hong Kong Chinese for a zh-HK viewer", async () => {
    const buyer = await signedInBuyer();
    const headers = { ...buyer.headers, ...ZH };
    for (let i = 0; i < 5; i++) await api("/user/v1/support/email", { body: supportRequest(), headers });
    const sixth = await api("/user/v1/support/email", { body: supportRequest(), headers });
    expect(sixth.body).toMatchObject({ statusCode: 200501, message: "你今天已達 5 次電郵查詢的上限。" });
  });

  test("stores a signed-in buyer's request against their account", async () => {
    const buyer = await signedInBuyer();
    const request = supportRequest();
    await api("/user/v1/support/email", { body: request, headers: buyer.headers });
    const [stored] = await storedRequestsFrom(request.email);
    expect(stored.user_id).toBe(buyer.userId);
  });

  test("a guest's requests from an address do not use up another account's allowance", async () => {
    const buyer = await signedInBuyer();
    for (let i = 0; i < 5; i++) await api("/user/v1/support/email", { body: supportRequest() });
    const { body } = await api("/user/v1/support/email", { body: supportRequest(), headers: buyer.headers });
    expect(body.statusCode).toBe(200);
  });

  test("does not count another address's requests", async () => {
    const busy = `limit-${crypto.randomUUID()}@example.com`;
    for (let i = 0; i < 5; i++) await api("/user/v1/support/email", { body: supportRequest({ email: busy }) });
    const { body } = await api("/user/v1/support/email", { body: supportRequest() });
    expect(body.statusCode).toBe(200);
  });

  test("does not count requests from an earlier Hong Kong day", async () => {
    const email = `limit-${crypto.randomUUID()}@example.com`;
    const yesterday = Date.now() - 86_400_000;
    for (let i = 0; i < 5; i++) {
      await env.DB.prepare(
        "INSERT INTO support_requests (issue_type, name, contact_email, phone, message, language, created_at) VALUES ('order', 'Mei', ?, '91234567', 'Hello', 'en-US', ?)",
      )
        .bind(email, yesterday)
        .run();
    }
    const { body } = await api("/user/v1/support/email", { body: supportRequest({ email }) });
    expect(body.statusCode).toBe(200);
  });

  test("holds when eight requests from one address arrive at once", async () => {
    const email = `limit-${crypto.randomUUID()}@example.com`;
    const answers = await Promise.all(Array.from({ length: 8 }, () => api("/user/v1/support/email", { body: supportRequest({ email }) })));
    const codes = answers.map((answer) => answer.body.statusCode).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(5);
    expect(codes.filter((code) => code === 200501)).toHaveLength(3);
    expect(await storedRequestsFrom(email)).toHaveLength(5);
  });
});

describe("the help pages", () => {
  test("an answer that does not exist is a 404 page", async () => {
    const response = await page("/faqDetail?id=999");
    expect(response.status).toBe(404);
  });

  test("the support form posted without JavaScript goes on to its receipt", async () => {
    const request = supportRequest();
    const response = await page("/emailSupport", {
      method: "POST",
      headers: { host: "ovation.test" },
      body: new URLSearchParams({ ...request, intent: "send" }),
    });
    expect(response.status).toBe(302);
    const [stored] = await storedRequestsFrom(request.email);
    expect(response.headers.get("location")).toBe(`/emailSupport?sent=${stored.id}`);
  });

  test("the support form posted without JavaScript names a missing field in the viewer's language", async () => {
    const response = await page("/emailSupport", {
      method: "POST",
      headers: { host: "ovation.test", cookie: "language=zh-HK" },
      body: new URLSearchParams({ ...supportRequest({ name: "" }), intent: "send" }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("姓名為必填項");
  });

  test("the sixth form post in a day is refused with SPEC's message", async () => {
    const email = `limit-${crypto.randomUUID()}@example.com`;
    for (let i = 0; i < 5; i++) await api("/user/v1/support/email", { body: supportRequest({ email }) });
    const response = await page("/emailSupport", {
      method: "POST",
      headers: { host: "ovation.test" },
      body: new URLSearchParams({ ...supportRequest({ email }), intent: "send" }),
    });
    expect(response.status).toBe(429);
    expect(await response.text()).toContain("You&#x27;ve reached the daily limit of 5 email requests.");
  });

  test("the user agreement and the privacy policy are pages in the viewer's language", async () => {
    const terms = await page("/user-agreement");
    expect(terms.status).toBe(200);
    expect(await terms.text()).toContain("User agreement");
    const privacy = await page("/privacy-agreement", { headers: { cookie: "language=zh-HK" } });
    expect(privacy.status).toBe(200);
    expect(await privacy.text()).toContain("私隱政策");
  });

  test("settings sends a guest to sign in and back", async () => {
    const response = await page("/settings");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?redirectTo=%2Fsettings");
  });

  test("Me greets a signed-in buyer by name with their masked email", async () => {
    const buyer = await signedInBuyer();
    const response = await page("/mine", { headers: { cookie: `__Host-ovation_session=${buyer.headers["access-token"]}` } });
    const html = await response.text();
    expect(html).toContain("Mei");
    expect(html).toContain(`a***@example.com`);
    expect(html).not.toContain("Sign in / Register");
  });
});
