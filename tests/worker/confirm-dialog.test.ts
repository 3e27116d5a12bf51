/**
 * The confirm dialog as the server renders it, which is all a browser without JavaScript ever
 * gets: a small usage (sign out) inside a router at a given address.
 */
import { createInstance } from "i18next";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { I18nextProvider } from "react-i18next";
import { beforeAll, expect, test } from "vitest";
import { ConfirmDialog } from "../../app/components/confirm-dialog";
import { i18nConfig } from "../support/i18next-reference";
import { resources } from "../../functions/market/translations/resources";

const i18n = createInstance();

beforeAll(async () => {
  await i18n.init({ ...i18nConfig, lng: "en-US", resources });
});

function SignOut() {
  return createElement(
    ConfirmDialog,
    {
      name: "sign-out",
      action: "/logout",
      trigger: "Sign out",
      title: "Sign out of Ovation?",
      message: "You'll need to sign in again to see your orders.",
      confirmLabel: "Sign out",
    },
    createElement("input", { type: "hidden", name: "redirectTo", value: "/mine" }),
  );
}

interface Found {
  attributes: Record<string, string>;
  text: string;
}

/** HTMLRewriter hands over attributes and text as written; these are the entities React writes. */
function decode(text: string): string {
  return text.replace(/&(amp|quot|#x27|lt|gt);/g, (_, name: string) => ({ amp: "&", quot: '"', "#x27": "'", lt: "<", gt: ">" })[name] ?? "");
}

/** The elements of `html` that `selector` matches, with their attributes and text. */
async function select(html: string, selector: string): Promise<Found[]> {
  const found: Found[] = [];
  await new HTMLRewriter()
    .on(selector, {
      element(element) {
        // workerd's attributes iterate as [name, value] pairs (the DOM lib's typing says otherwise).
        const attributes = [...(element.attributes as unknown as Iterable<[string, string]>)];
        const current: Found = { attributes: Object.fromEntries(attributes.map(([name, value]) => [name, decode(value)])), text: "" };
        found.push(current);
      },
      text(chunk) {
        const current = found[found.length - 1];
        if (current) current.text += decode(chunk.text);
      },
    })
    .transform(new Response(html))
    .text();
  return found;
}

/** The page at `address`, rendered as the server sends it. */
async function render(address: string): Promise<string> {
  const routes = [{ path: "/settings", element: createElement(SignOut) }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`https://ovation.test${address}`));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    createElement(I18nextProvider, { i18n }, createElement(StaticRouterProvider, { router, context, hydrate: false })),
  );
  return html;
}

test("closed, the question is a link to this page's address with it open", async () => {
  const html = await render("/settings?from=me");
  const [trigger] = await select(html, 'a[aria-haspopup="dialog"]');
  expect(trigger.text).toBe("Sign out");
  expect(trigger.attributes.href).toBe("/settings?from=me&confirm=sign-out");
  expect(await select(html, 'div[role="alertdialog"]')).toEqual([]);
});

test("open by its address, the question is a plain panel whose confirm posts the real form", async () => {
  const html = await render("/settings?from=me&confirm=sign-out");
  const panel = 'div[role="alertdialog"][aria-modal="true"]';
  expect((await select(html, `${panel} h2`)).map((title) => title.text)).toEqual(["Sign out of Ovation?"]);
  const [form] = await select(html, `${panel} form`);
  expect(form.attributes).toMatchObject({ method: "post", action: "/logout" });
  expect((await select(html, `${panel} form input[name="redirectTo"]`))[0].attributes.value).toBe("/mine");
  expect((await select(html, `${panel} form button[type="submit"]`)).map((button) => button.text)).toEqual(["Sign out"]);
});

test("open by its address, cancel (in the viewer's language) is a link back to the page without the question", async () => {
  const html = await render("/settings?from=me&confirm=sign-out");
  const cancel = (await select(html, 'div[role="alertdialog"] form a')).find((link) => link.text === "Cancel");
  expect(cancel?.attributes.href).toBe("/settings?from=me");
});

test("another question's address leaves this one closed", async () => {
  const html = await render("/settings?confirm=cancel-order");
  expect(await select(html, 'div[role="alertdialog"]')).toEqual([]);
});

test("closed, the same form waits in a native dialog for the page's script to open in place", async () => {
  const html = await render("/settings");
  const [form] = await select(html, 'dialog[role="alertdialog"] form');
  expect(form.attributes).toMatchObject({ method: "post", action: "/logout" });
  expect(await select(html, "dialog[open]")).toEqual([]);
});
