/**
 * Fields drawn by the one field frame, as a refused post without JavaScript shows them: each
 * error sits in the paragraph the control names in aria-describedby, the control is marked
 * invalid, and an optional field says so inside its label.
 */
import { expect, test } from "vitest";
import { page } from "./support/api";

async function refused(path: string, body: Record<string, string>): Promise<string> {
  const response = await page(path, { method: "POST", headers: { host: "ovation.test" }, body: new URLSearchParams(body) });
  expect(response.status).toBe(400);
  return response.text();
}

test("a support form posted empty names each missing field's error on its control and marks the order number optional", async () => {
  const html = await refused("/emailSupport", { intent: "send" });
  expect(html).toMatch(/<input id="email-support-name" name="name" type="text" aria-invalid="true" aria-describedby="email-support-name-error" required=""/);
  expect(html).toMatch(/<p id="email-support-name-error" class="[^"]+">Name is required<\/p>/);
  expect(html).toMatch(/<label for="email-support-orderNo" class="[^"]+">Order no\.<span class="[^"]+"><span class="visually-hidden">, <\/span>Optional<\/span><\/label>/);
  expect(html).not.toContain('id="email-support-orderNo-error"');
});

test("a sign-up with a malformed email shows the error in place of the hint, tied to the email box", async () => {
  const html = await refused("/register", { intent: "send", email: "not-an-email" });
  expect(html).toMatch(/<div class="[^"]+" data-invalid=""><label for="register-send-email" class="[^"]+">Email<\/label>/);
  expect(html).toContain('aria-invalid="true" aria-describedby="register-send-email-error"');
  expect(html).toMatch(/<p id="register-send-email-error" class="[^"]+">Please enter a valid email address<\/p><\/div>/);
});
