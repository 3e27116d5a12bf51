import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { openSession } from "../../functions/market/accounts/sessions";
import { MAX_ADDRESSES } from "../../functions/market/addresses";
import { createMarketContext } from "../../functions/wiring";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";
import { CODES } from "../../functions/market/errors";
import { SESSION_COOKIE } from "../../functions/web/session";
import { api, page } from "./support/api";
import { postForm } from "./support/accounts";
import { makeBuyer } from "./support/buying";

/** A buyer's account and its session token. */
async function buyer() {
  const userId = await makeBuyer();
  const session = await openSession(createMarketContext({ env, viewer: DEFAULT_VIEWER }), { userId, registered: false });
  return { userId, headers: { "access-token": session.token }, cookie: `${SESSION_COOKIE}=${session.token}` };
}

const HOME = {
  fullName: "Mei Chan",
  phoneCode: "+852",
  phone: "9123 4567",
  countryRegion: "Hong Kong",
  province: "Hong Kong Island",
  city: "Hong Kong",
  district: "Central and Western",
  address: "1 Queen's Road Central",
  addressRemark: "Leave with reception",
  postalCode: "",
};

type Address = { id: number; fullName: string; isDefault: boolean; phoneCode: string; phone: string; postalCode: string | null };

async function create(headers: Record<string, string>, fields: Record<string, unknown> = {}) {
  const { body } = await api<Address>("/user/address/v1/create", { headers, body: { ...HOME, ...fields } });
  expect(body.statusCode).toBe(200);
  return body.data;
}

async function list(headers: Record<string, string>) {
  const { body } = await api<Address[]>("/user/address/v1/list", { headers });
  return body.data;
}

test("a guest is asked to sign in before reading an address book", async () => {
  const { body } = await api("/user/address/v1/list");
  expect(body.statusCode).toBe(CODES.notLogin);
});

test("an address is kept with its area code and number as digits and its empty fields as nothing", async () => {
  const { headers } = await buyer();
  const address = await create(headers);
  expect(address).toMatchObject({ fullName: "Mei Chan", phoneCode: "852", phone: "91234567", postalCode: null });
});

test("the first address becomes the default and later ones do not unless asked", async () => {
  const { headers } = await buyer();
  const first = await create(headers);
  const second = await create(headers, { fullName: "Ka Ho" });
  expect(first.isDefault).toBe(true);
  expect(second.isDefault).toBe(false);
});

test("choosing another default leaves exactly one default, listed first", async () => {
  const { headers } = await buyer();
  const first = await create(headers);
  const second = await create(headers, { fullName: "Ka Ho" });
  const third = await create(headers, { fullName: "Siu Ming", isDefault: true });
  const { body } = await api<Address>("/user/address/v1/set_default", { headers, body: { id: second.id } });
  expect(body.statusCode).toBe(200);
  const addresses = await list(headers);
  expect(addresses.filter((address) => address.isDefault).map((address) => address.id)).toEqual([second.id]);
  expect(addresses[0]!.id).toBe(second.id);
  expect(addresses.map((address) => address.id).sort()).toEqual([first.id, second.id, third.id].sort());
});

test("an address created as default takes the flag from the old default", async () => {
  const { headers } = await buyer();
  const first = await create(headers);
  const second = await create(headers, { isDefault: true });
  const flags = Object.fromEntries((await list(headers)).map((address) => [address.id, address.isDefault]));
  expect(flags).toEqual({ [first.id]: false, [second.id]: true });
});

test("deleting the default hands the flag to another address", async () => {
  const { headers } = await buyer();
  const first = await create(headers);
  const second = await create(headers, { fullName: "Ka Ho" });
  await api("/user/address/v1/delete", { headers, body: { id: first.id } });
  const addresses = await list(headers);
  expect(addresses).toHaveLength(1);
  expect(addresses[0]).toMatchObject({ id: second.id, isDefault: true });
});

test("an edit changes the fields and keeps the default where it was", async () => {
  const { headers } = await buyer();
  const first = await create(headers);
  const second = await create(headers);
  const { body } = await api<Address>("/user/address/v1/update", { headers, body: { ...HOME, id: second.id, fullName: "Mei Chan-Lee" } });
  expect(body.data).toMatchObject({ id: second.id, fullName: "Mei Chan-Lee", isDefault: false });
  expect((await list(headers)).find((address) => address.isDefault)?.id).toBe(first.id);
});

test("another account's address is not found to read, edit, make default or delete", async () => {
  const owner = await buyer();
  const stranger = await buyer();
  const address = await create(owner.headers);
  const answers = await Promise.all([
    api(`/user/address/v1/detail?id=${address.id}`, { headers: stranger.headers }),
    api("/user/address/v1/update", { headers: stranger.headers, body: { ...HOME, id: address.id, fullName: "Thief" } }),
    api("/user/address/v1/set_default", { headers: stranger.headers, body: { id: address.id } }),
    api("/user/address/v1/delete", { headers: stranger.headers, body: { id: address.id } }),
  ]);
  for (const answer of answers) expect(answer.body.statusCode).toBe(CODES.notFound);
  expect(await list(owner.headers)).toMatchObject([{ id: address.id, fullName: "Mei Chan", isDefault: true }]);
  expect(await list(stranger.headers)).toEqual([]);
});

test(`an address book holds ${MAX_ADDRESSES} addresses and refuses one more with clientAddressValidFail`, async () => {
  const { headers } = await buyer();
  for (let i = 0; i < MAX_ADDRESSES; i++) await create(headers, { fullName: `Person ${i}` });
  const { body } = await api("/user/address/v1/create", { headers, body: { ...HOME, isDefault: true } });
  expect(body.statusCode).toBe(CODES.clientAddressValidFail);
  expect(body.message).toBe(`You can keep up to ${MAX_ADDRESSES} addresses. Delete one to add another.`);
  const addresses = await list(headers);
  expect(addresses).toHaveLength(MAX_ADDRESSES);
  expect(addresses.filter((address) => address.isDefault)).toHaveLength(1);
});

for (const [language, required, province, phone] of [
  ["en-US", "This value is required.", "Please enter your province(State).", "Invalid phone number, please correct"],
  ["zh-HK", "此欄為必填。", "請輸入省份（州）。", "電話號碼無效，請更正"],
] as const) {
  test(`in ${language}, a missing full name is refused with '${required}'`, async () => {
    const { headers } = await buyer();
    const { body } = await api("/user/address/v1/create", { headers: { ...headers, lan: language }, body: { ...HOME, fullName: " " } });
    expect(body.statusCode).toBe(CODES.invalidParam);
    expect(body.message).toBe(required);
  });

  test(`in ${language}, a missing province is refused with '${province}'`, async () => {
    const { headers } = await buyer();
    const { body } = await api("/user/address/v1/create", { headers: { ...headers, lan: language }, body: { ...HOME, province: "" } });
    expect(body.message).toBe(province);
  });

  test(`in ${language}, a malformed mobile number is refused with '${phone}'`, async () => {
    const { headers } = await buyer();
    const { body } = await api("/user/address/v1/create", { headers: { ...headers, lan: language }, body: { ...HOME, phone: "12ab" } });
    expect(body.message).toBe(phone);
  });

  test(`in ${language}, the address form without a province shows '${province}' without JavaScript`, async () => {
    const { cookie } = await buyer();
    const response = await postForm("/address-create", { ...HOME, province: "", intent: "save" }, `${cookie}; language=${language}`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(province);
  });
}

test("a guest opening the address book is sent to sign in and back", async () => {
  const response = await page("/address-list?returnTo=%2Fconfirm-order");
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe(`/login?${new URLSearchParams({ redirectTo: "/address-list?returnTo=%2Fconfirm-order" })}`);
});

test("the address form saves without JavaScript and the book offers it back to the order with its id", async () => {
  const { cookie, headers } = await buyer();
  const saved = await postForm("/address-create?returnTo=%2Fconfirm-order%3FlistingId%3D7", { ...HOME, intent: "save" }, cookie);
  expect(saved.status).toBe(302);
  expect(saved.headers.get("location")).toBe("/address-list?returnTo=%2Fconfirm-order%3FlistingId%3D7");
  const [address] = await list(headers);
  const book = await page("/address-list?returnTo=%2Fconfirm-order%3FlistingId%3D7", { headers: { cookie } });
  expect(await book.text()).toContain(`/confirm-order?listingId=7&amp;addressId=${address!.id}`);
});

test("deleting and choosing a default work as plain form posts", async () => {
  const { cookie, headers } = await buyer();
  const first = await create(headers);
  const second = await create(headers);
  const defaulted = await postForm("/address-list", { intent: "set-default", id: String(second.id) }, cookie);
  expect(defaulted.status).toBe(302);
  const deleted = await postForm("/address-list", { intent: "delete", id: String(first.id) }, cookie);
  expect(deleted.status).toBe(302);
  expect(await list(headers)).toMatchObject([{ id: second.id, isDefault: true }]);
});

test("another account's address form is not found", async () => {
  const owner = await buyer();
  const stranger = await buyer();
  const address = await create(owner.headers);
  const response = await page(`/address-create?id=${address.id}`, { headers: { cookie: stranger.cookie } });
  expect(response.status).toBe(404);
});
