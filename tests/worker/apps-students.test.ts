import { env, SELF } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import { isSchoolEmail } from "../../functions/market/students";
import { CODES } from "../../functions/market/errors";
import { tokenHeaders } from "./support/delivery";
import { latestCode } from "./support/accounts";
import { CONTACT, makeBuyer, makeListing, seedCurrencies, testDb } from "./support/buying";
import * as schema from "../../functions/db/schema";
import { SESSION_COOKIE } from "../../functions/web/session";

const ORIGIN = "http://localhost";

// The API caches reference data (currencies) on first use: seed them before any call.
beforeAll(async () => {
  await seedCurrencies();
});
const MONTH = 30 * 24 * 60 * 60_000;
const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36";

async function call(path: string, headers: Record<string, string>, body?: unknown) {
  const response = await SELF.fetch(`${ORIGIN}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as { statusCode: number; message: string; data: any };
}

/** A buyer in a partner channel opened in a phone's browser (H5). */
async function h5Buyer(channel = "PiaoXiaoer") {
  const userId = await makeBuyer();
  return { userId, headers: { ...(await tokenHeaders(userId)), channel, "user-agent": PHONE } };
}

const sellerOf = async (listingId: number) =>
  (await env.DB.prepare("SELECT seller_id FROM listings WHERE id = ?").bind(listingId).first<{ seller_id: number }>())!.seller_id;

/** An account acting as the seller of `listingId`. */
async function sellerHeaders(listingId: number) {
  const userId = await makeBuyer();
  await testDb.insert(schema.accountRoles).values({ userId, role: "seller", sellerId: await sellerOf(listingId), createdAt: Date.now() });
  return tokenHeaders(userId);
}

const schoolEmail = () => `s${crypto.randomUUID().slice(0, 8)}@connect.hku.hk`;

test("school addresses are told from others", () => {
  expect(isSchoolEmail("chan@stanford.edu")).toBe(true);
  expect(isSchoolEmail("chan@link.cuhk.edu.hk")).toBe(true);
  expect(isSchoolEmail("chan@ox.ac.uk")).toBe(true);
  expect(isSchoolEmail("chan@connect.hku.hk")).toBe(true);
  expect(isSchoolEmail("chan@gmail.com")).toBe(false);
  expect(isSchoolEmail("chan@education.com")).toBe(false);
  expect(isSchoolEmail("chan@hku.hk.evil.com")).toBe(false);
});

test("a student verifies a school email by code and wears the badge", async () => {
  const { headers } = await h5Buyer();
  const email = schoolEmail();
  expect((await call("/user/v1/mts/student/status", headers)).data).toMatchObject({ offered: true, status: "none" });
  expect((await call("/user/v1/mts/student/code", headers, { schoolEmail: email })).statusCode).toBe(200);
  expect((await call("/user/v1/mts/student/status", headers)).data.status).toBe("pending");
  const verified = await call("/user/v1/mts/student/verify", headers, { code: await latestCode(email) });
  expect(verified.data).toMatchObject({ offered: true, status: "verified" });
  expect(verified.data.expiresAt - verified.data.verifiedAt).toBe(365 * 24 * 60 * 60_000);
});

test("a wrong code is refused and the sixth try is out of tries", async () => {
  const { headers } = await h5Buyer();
  const email = schoolEmail();
  await call("/user/v1/mts/student/code", headers, { schoolEmail: email });
  const right = await latestCode(email);
  const wrong = right === "000000" ? "111111" : "000000";
  for (let i = 0; i < 5; i++) expect((await call("/user/v1/mts/student/verify", headers, { code: wrong })).statusCode).toBe(CODES.verifyCodeError);
  expect((await call("/user/v1/mts/student/verify", headers, { code: right })).statusCode).toBe(CODES.verifyCodeExpire);
});

test("a non-school address is refused", async () => {
  const { headers } = await h5Buyer();
  const answer = await call("/user/v1/mts/student/code", headers, { schoolEmail: "chan@gmail.com" });
  expect(answer.statusCode).toBe(CODES.invalidParam);
  expect(answer.message).toBe("Please enter your school email address (for example one ending in .edu or .edu.hk).");
});

test("certification is offered on PC in a partner channel, and not in the plain web channel nor in the app", async () => {
  const userId = await makeBuyer();
  const token = await tokenHeaders(userId);
  expect((await call("/user/v1/mts/student/status", { ...token, channel: "MTL_LAUNCH", "user-agent": DESKTOP })).data.offered).toBe(true);
  const web = await call("/user/v1/mts/student/code", { ...token, channel: "web", "user-agent": PHONE }, { schoolEmail: schoolEmail() });
  expect(web).toMatchObject({ statusCode: CODES.noPermission, message: "Student certification isn't available here." });
  expect((await call("/user/v1/mts/student/status", { ...token, channel: "MTL_LAUNCH", src: "iOS" })).data.offered).toBe(false);
});

test("a students-only listing is sold only to a badge holder", async () => {
  const { listingId } = await makeListing({ startsAt: Date.now() + MONTH, quantity: 4 });
  const marked = await call("/provider/v1/listing/students", await sellerHeaders(listingId), { listingId, studentsOnly: true });
  expect(marked.data).toEqual({ listingId, studentsOnly: true });

  const { headers } = await h5Buyer();
  const refused = await call("/user/order/v1/create", headers, { listingId, quantity: 1, ...CONTACT });
  expect(refused).toMatchObject({ statusCode: CODES.noPermission, message: "These tickets are for verified students only. Verify your school email to buy them." });

  const email = schoolEmail();
  await call("/user/v1/mts/student/code", headers, { schoolEmail: email });
  await call("/user/v1/mts/student/verify", headers, { code: await latestCode(email) });
  expect((await call("/user/order/v1/create", headers, { listingId, quantity: 1, ...CONTACT })).statusCode).toBe(200);
});

test("another seller cannot mark a listing", async () => {
  const { listingId } = await makeListing({ startsAt: Date.now() + MONTH });
  const other = await makeListing({ startsAt: Date.now() + MONTH });
  const answer = await call("/provider/v1/listing/students", await sellerHeaders(other.listingId), { listingId, studentsOnly: true });
  expect(answer.statusCode).toBe(404);
  const row = await env.DB.prepare("SELECT students_only FROM listings WHERE id = ?").bind(listingId).first<{ students_only: number }>();
  expect(row!.students_only).toBe(0);
});

test("the seller marks a listing for students on its console page without JavaScript, and opens it again", async () => {
  const { listingId } = await makeListing({ startsAt: Date.now() + MONTH });
  const token = (await sellerHeaders(listingId))["access-token"];
  const cookie = `${SESSION_COOKIE}=${token}`;
  const studentsOnly = async () => (await env.DB.prepare("SELECT students_only FROM listings WHERE id = ?").bind(listingId).first<{ students_only: number }>())!.students_only;
  const post = (value: string) =>
    SELF.fetch(`${ORIGIN}/provider/listings/${listingId}`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "students", studentsOnly: value }),
    });

  expect(await (await SELF.fetch(`${ORIGIN}/provider/listings/${listingId}`, { headers: { cookie } })).text()).toContain("Anyone can buy these tickets.");
  expect((await post("true")).status).toBe(302);
  expect(await studentsOnly()).toBe(1);
  expect(await (await SELF.fetch(`${ORIGIN}/provider/listings/${listingId}`, { headers: { cookie } })).text()).toContain(
    "Only buyers with a verified student badge can buy these tickets.",
  );
  expect((await post("yes")).status).toBe(400);
  expect(await studentsOnly()).toBe(1);
  expect((await post("false")).status).toBe(302);
  expect(await studentsOnly()).toBe(0);
});

test("one school email certifies one account", async () => {
  const email = schoolEmail();
  const first = await h5Buyer();
  await call("/user/v1/mts/student/code", first.headers, { schoolEmail: email });
  await call("/user/v1/mts/student/verify", first.headers, { code: await latestCode(email) });
  const second = await h5Buyer();
  const answer = await call("/user/v1/mts/student/code", second.headers, { schoolEmail: email });
  expect(answer).toMatchObject({ statusCode: CODES.clientOperateFail, message: "This school email already verifies another account." });
});
