import type { APIRequestContext, Page } from "@playwright/test";
import { describeCells, expect, inLanguage, type Language, test } from "./support/fixtures";
import { mailedCode } from "./support/outbox";

const PASSWORD = "Encore#2026";
const NEW_PASSWORD = "Curtain#Call9";

function newEmail(): string {
  return `e2e-${crypto.randomUUID()}@example.com`;
}

async function submit(page: Page, name: string) {
  await page.getByRole("button", { name, exact: true }).click();
}

async function sendCodeTo(page: Page, language: Language, email: string) {
  await page.getByLabel(inLanguage(language, "Email", "電郵"), { exact: true }).fill(email);
  await submit(page, inLanguage(language, "Send code", "發送驗證碼"));
  await expect(page.getByLabel(inLanguage(language, "Verification code", "驗證碼"), { exact: true })).toBeVisible();
}

async function signInWithPassword(page: Page, language: Language, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel(inLanguage(language, "Email", "電郵"), { exact: true }).fill(email);
  await page.getByLabel(inLanguage(language, "Password", "密碼"), { exact: true }).fill(password);
  await submit(page, inLanguage(language, "Sign in", "登入"));
}

async function signOut(page: Page, language: Language) {
  await page.goto("/settings");
  await submit(page, inLanguage(language, "Sign out", "登出"));
  await expect(page).toHaveURL(/\/mine$/);
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsettings$/);
}

/** Registers through the JSON API, as the app would, for tests about something else. */
async function registeredAccount(request: APIRequestContext): Promise<string> {
  const email = newEmail();
  await request.post("/user/v1/mts/verify_code/send", { data: { email, scene: "register" } });
  const answer = await request.post("/user/v1/mts/register", { data: { email, code: await mailedCode(request, email), password: PASSWORD } });
  expect((await answer.json()).statusCode).toBe(200);
  return email;
}

describeCells("form", "Accounts", ({ language }) => {

  test("a buyer registers, signs out, signs in by password and by emailed code, then resets the password", async ({ page }) => {
    const email = newEmail();

    await page.goto("/register");
    await expect(page.getByRole("heading", { name: inLanguage(language, "Create your account", "建立你的帳戶") })).toBeVisible();
    await sendCodeTo(page, language, email);
    await page.getByLabel(inLanguage(language, "Verification code", "驗證碼"), { exact: true }).fill(await mailedCode(page.request, email));
    await page.getByLabel(inLanguage(language, "Display name", "顯示名稱"), { exact: true }).fill("Mei");
    await page.getByLabel(inLanguage(language, "Password", "密碼"), { exact: true }).fill(PASSWORD);
    await submit(page, inLanguage(language, "Create account", "建立帳戶"));
    await expect(page).toHaveURL(/\/mine$/);
    // Me shows the name given at registration, not a cut email prefix.
    await expect(page.getByText("Mei", { exact: true })).toBeVisible();

    await signOut(page, language);

    await signInWithPassword(page, language, email, PASSWORD);
    await expect(page).toHaveURL(/\/mine$/);
    await signOut(page, language);

    await page.goto("/login");
    await page.getByRole("link", { name: inLanguage(language, "Sign in with an email code", "以電郵驗證碼登入") }).click();
    await expect(page).toHaveURL(/\/login\/code$/);
    // The address changes as the navigation starts drawing: the new screen's form is the one to fill.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(inLanguage(language, "Sign in with a code", "以驗證碼登入"));
    await sendCodeTo(page, language, email);
    await page.getByLabel(inLanguage(language, "Verification code", "驗證碼"), { exact: true }).fill(await mailedCode(page.request, email));
    await submit(page, inLanguage(language, "Sign in", "登入"));
    await expect(page).toHaveURL(/\/mine$/);
    await signOut(page, language);

    await page.goto("/login");
    await page.getByRole("link", { name: inLanguage(language, "Forgot password?", "忘記密碼？") }).click();
    await expect(page).toHaveURL(/\/password\/reset$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(inLanguage(language, "Reset your password", "重設密碼"));
    await sendCodeTo(page, language, email);
    await page.getByLabel(inLanguage(language, "Verification code", "驗證碼"), { exact: true }).fill(await mailedCode(page.request, email));
    await page.getByLabel(inLanguage(language, "New password", "新密碼"), { exact: true }).fill(NEW_PASSWORD);
    await submit(page, inLanguage(language, "Save and sign in", "儲存並登入"));
    await expect(page).toHaveURL(/\/mine$/);
    await signOut(page, language);

    await signInWithPassword(page, language, email, PASSWORD);
    await expect(page.getByRole("alert")).toHaveText(inLanguage(language, "Incorrect email or password.", "電郵或密碼不正確。"));
    await page.getByLabel(inLanguage(language, "Password", "密碼"), { exact: true }).fill(NEW_PASSWORD);
    await submit(page, inLanguage(language, "Sign in", "登入"));
    await expect(page).toHaveURL(/\/mine$/);
  });

  test("a guest opening a login-required page signs in and is brought back to it, query and all", async ({ page }) => {
    const email = await registeredAccount(page.request);

    await page.goto("/news?tab=unread&page=2");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fnews%3Ftab%3Dunread%26page%3D2$/);
    await page.getByLabel(inLanguage(language, "Email", "電郵"), { exact: true }).fill(email);
    await page.getByLabel(inLanguage(language, "Password", "密碼"), { exact: true }).fill(PASSWORD);
    await submit(page, inLanguage(language, "Sign in", "登入"));

    await expect(page).toHaveURL(/\/news\?tab=unread&page=2$/);
  });

  test("a weak password is explained at its field before any account is made", async ({ page }) => {
    const email = newEmail();
    await page.goto("/register");
    await sendCodeTo(page, language, email);
    await page.getByLabel(inLanguage(language, "Verification code", "驗證碼"), { exact: true }).fill(await mailedCode(page.request, email));
    await page.getByLabel(inLanguage(language, "Password", "密碼"), { exact: true }).fill("password");
    await submit(page, inLanguage(language, "Create account", "建立帳戶"));

    await expect(
      page.getByText(inLanguage(language, "At least 8 characters with letters, numbers and symbols.", "最少 8 個字元，須包含字母、數字及符號。")).first(),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });
});
