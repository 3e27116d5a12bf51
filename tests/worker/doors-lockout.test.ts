/**
 * Password sign-in counts each attempt before checking it: a burst of guesses has only five of
 * them checked, and a right password sent among them is refused like the rest.
 */
import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { api } from "./support/api";
import { newEmail, registerThroughApi, STRONG_PASSWORD } from "./support/accounts";

const signIn = (email: string, password: string) => api("/user/v1/mts/login/password", { body: { email, password } });

test("200 concurrent wrong guesses with the right password in the middle: five checked, the rest and the right one locked", async () => {
  const email = newEmail("burst");
  await registerThroughApi(email);
  const passwords = [...Array.from({ length: 100 }, (_, i) => `Wrong#${i}a`), STRONG_PASSWORD, ...Array.from({ length: 100 }, (_, i) => `Wrong#${i}b`)];

  const answers = await Promise.all(passwords.map((password) => signIn(email, password)));

  const codes = answers.map((answer) => answer.body.statusCode);
  const count = (code: number) => codes.filter((c) => c === code).length;
  expect(answers[100].body.statusCode).not.toBe(200);
  expect(count(200)).toBe(0);
  expect(count(200302)).toBe(4);
  expect(count(200507)).toBe(1);
  expect(count(200509)).toBe(196);
  const guard = await env.DB.prepare("SELECT locked_until IS NOT NULL AS locked FROM sign_in_guards WHERE email = ? AND kind = 'password'").bind(email).first<{ locked: number }>();
  expect(guard!.locked).toBe(1);
  // Still locked afterwards, for the right password too.
  expect((await signIn(email, STRONG_PASSWORD)).body.statusCode).toBe(200509);
}, 120_000);

test("one by one: four wrong tries leave one, the fifth locks, and the right password then waits", async () => {
  const email = newEmail("steps");
  await registerThroughApi(email);
  const seen: [number, unknown][] = [];
  for (let i = 1; i <= 5; i++) {
    const answer = await signIn(email, `Nope#${i}xx`);
    seen.push([answer.body.statusCode, (answer.body as { message: string }).message.length > 0]);
  }
  expect(seen.map(([code]) => code)).toEqual([200302, 200302, 200302, 200302, 200507]);
  expect((await signIn(email, STRONG_PASSWORD)).body.statusCode).toBe(200509);
});

test("a right password within the first attempts signs in and clears the count", async () => {
  const email = newEmail("ok");
  await registerThroughApi(email);
  expect((await signIn(email, "Nope#1xx")).body.statusCode).toBe(200302);
  expect((await signIn(email, STRONG_PASSWORD)).body.statusCode).toBe(200);
  const guard = await env.DB.prepare("SELECT count(*) AS n FROM sign_in_guards WHERE email = ? AND kind = 'password'").bind(email).first<{ n: number }>();
  expect(guard!.n).toBe(0);
});
