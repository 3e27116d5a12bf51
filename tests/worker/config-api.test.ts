import { env, SELF } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import {
  CHAT_CREDENTIAL_TTL_MS,
  issueChatCredential,
  verifyChatCredential,
  type Agreement,
  type GlobalConfig,
  type ViewerSetting,
} from "../../functions/market/config";
import { registerThroughApi, marketAt } from "./support/accounts";
import { api, type ApiAnswer } from "./support/api";
import { seedCatalog } from "./support/catalog";

/** A development host: chat signs with the local key there, as it does under `npm start`. */
const DEV_ORIGIN = "https://dev.ovation.test";

beforeAll(async () => {
  await seedCatalog();
});

async function call<T>(url: string, headers: Record<string, string> = {}): Promise<ApiAnswer<T>> {
  const response = await SELF.fetch(url, { headers });
  return { status: response.status, body: (await response.json()) as ApiAnswer<T>["body"], headers: response.headers };
}

test("a guest's config has chat on without a credential, support on, and posters on this site", async () => {
  const { body } = await call<GlobalConfig>(`${DEV_ORIGIN}/user/config/v1/load`);
  expect(body).toEqual({
    statusCode: 200,
    message: "success",
    data: {
      imInfo: { imEnable: true, appId: "ovation", userSig: null, userId: null },
      customerSupportEnable: true,
      obsConfig: { host: DEV_ORIGIN, posterPath: "/media/poster" },
    },
  });
});

test("a signed-in viewer's config carries a chat credential for their own account, never cached", async () => {
  const account = await registerThroughApi();
  const { body, headers } = await call<GlobalConfig>(`${DEV_ORIGIN}/user/config/v1/load`, { "access-token": account.accessToken });
  expect(body.data.imInfo.userId).toBe(String(account.userId));
  expect(headers.get("cache-control")).toBe("private, no-store");
  const market = marketAt({ now: Date.now() }, { environment: "dev" });
  expect(await verifyChatCredential(market, body.data.imInfo.userSig!)).toBe(account.userId);
});

test("a stale token gets the guest's config instead of a request to sign in", async () => {
  const { body } = await call<GlobalConfig>(`${DEV_ORIGIN}/user/config/v1/load`, { "access-token": "expired-or-unknown" });
  expect(body.statusCode).toBe(200);
  expect(body.data.imInfo).toMatchObject({ userSig: null, userId: null });
});

test("production without a chat signing key reports chat off and hands out no credential", async () => {
  const account = await registerThroughApi();
  const { body } = await api<GlobalConfig>("/user/config/v1/load", { headers: { "access-token": account.accessToken } });
  expect(body.data.imInfo).toEqual({ imEnable: false, appId: "ovation", userSig: null, userId: String(account.userId) });
});

test("a chat credential is refused once it has expired or been altered", async () => {
  const clock = { now: Date.UTC(2026, 10, 22) };
  const market = marketAt(clock, { environment: "dev" });
  const credential = (await issueChatCredential(market, 42))!;
  expect(await verifyChatCredential(market, credential.replace(/^42\./, "43."))).toBeNull();
  clock.now += CHAT_CREDENTIAL_TTL_MS;
  expect(await verifyChatCredential(market, credential)).toBeNull();
});

test("a chat credential signed under another key is refused", async () => {
  const market = marketAt({ now: Date.now() }, { environment: "dev" });
  const credential = (await issueChatCredential(market, 7))!;
  const elsewhere = { ...market, env: { ...env, IM_SIGNING_KEY: "another deployment's key" } };
  expect(await verifyChatCredential(elsewhere, credential)).toBeNull();
});

test("the static global config is the bare guest config, cached publicly for five minutes", async () => {
  const account = await registerThroughApi();
  const response = await SELF.fetch(`${DEV_ORIGIN}/configs/global_config.json`, { headers: { "access-token": account.accessToken } });
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("public, max-age=300");
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(await response.json()).toEqual({
    imInfo: { imEnable: true, appId: "ovation", userSig: null, userId: null },
    customerSupportEnable: true,
    obsConfig: { host: DEV_ORIGIN, posterPath: "/media/poster" },
  });
});

test("a guest's setting is SPEC's defaults: English, Hong Kong dollars, Hong Kong", async () => {
  const { body } = await api<ViewerSetting>("/user/config/v1/setting");
  expect(body.data).toEqual({
    language: { code: "en-US", name: "English" },
    currency: { currencyCode: "HKD", currencyName: "HongKong Dollars", currencySymbol: "HK$" },
    location: { id: expect.any(Number), code: "HK", name: "Hong Kong", parentCode: "CN", phoneCode: "852" },
    city: null,
  });
});

test("the setting follows the request's headers and names everything in the lan header's language", async () => {
  const { body } = await api<ViewerSetting>("/user/config/v1/setting", { headers: { lan: "zh-HK", lc: "TW", locationCityId: "TPE" } });
  expect(body.data.language.code).toBe("zh-HK");
  expect(body.data.currency).toEqual({ currencyCode: "TWD", currencyName: "新台幣", currencySymbol: "NT$" });
  expect(body.data.location).toMatchObject({ code: "TW", name: "台灣", phoneCode: "886" });
  expect(body.data.city).toMatchObject({ code: "TPE", name: "台北", parentCode: "TW" });
});

test("the setting answers a signed-in viewer the same way, without asking for sign-in", async () => {
  const account = await registerThroughApi();
  const { body } = await api<ViewerSetting>("/user/config/v1/setting", { headers: { "access-token": account.accessToken, cc: "USD" } });
  expect(body.statusCode).toBe(200);
  expect(body.data.currency.currencyCode).toBe("USD");
});

test("the agreements are the user agreement then the privacy policy, each versioned, dated and in sections", async () => {
  const { body } = await api<{ agreements: Agreement[] }>("/user/v1/agreements");
  expect(body.data.agreements.map(({ type, title, version, updatedAt }) => ({ type, title, version, updatedAt }))).toEqual([
    { type: "user", title: "User agreement", version: "1.0", updatedAt: "2026-11-22" },
    { type: "privacy", title: "Privacy policy", version: "1.0", updatedAt: "2026-11-22" },
  ]);
  for (const agreement of body.data.agreements) {
    expect(agreement.sections.length).toBeGreaterThan(3);
    expect(agreement.sections.every((section) => section.title && section.body.length > 0)).toBe(true);
  }
});

test("the agreements come in the language of the lan header", async () => {
  const { body } = await api<{ agreements: Agreement[] }>("/user/v1/agreements?type=privacy", { headers: { lan: "zh-HK" } });
  expect(body.data.agreements).toHaveLength(1);
  expect(body.data.agreements[0].title).toBe("私隱政策");
  expect(body.data.agreements[0].sections[0].body[0]).toContain("個人資料（私隱）條例");
});

test("the user agreement states the 10 minutes to pay and the 1-3 working days for refunds", async () => {
  const { body } = await api<{ agreements: Agreement[] }>("/user/v1/agreements?type=user");
  const text = body.data.agreements[0].sections.flatMap((section) => section.body).join("\n");
  expect(text).toContain("10 minutes");
  expect(text).toContain("1-3 working days");
});

test("an unknown agreement type is invalidParam", async () => {
  const { body } = await api("/user/v1/agreements?type=cookies");
  expect(body.statusCode).toBe(12308);
});

test("every agreement section reads the same in both languages, section for section", async () => {
  const [english, chinese] = await Promise.all([
    api<{ agreements: Agreement[] }>("/user/v1/agreements"),
    api<{ agreements: Agreement[] }>("/user/v1/agreements", { headers: { lan: "zh-HK" } }),
  ]);
  const shape = (agreements: Agreement[]) => agreements.map((a) => a.sections.map((s) => `${s.id}:${s.body.length}`));
  expect(shape(chinese.body.data.agreements)).toEqual(shape(english.body.data.agreements));
});
