/**
 * The theme picker (/theme-select): follow the device, light or dark (SPEC §4 'Theme values:
 * dark, light'), for every visitor, signed in or not, from home's settings sheet. The choice is
 * kept in the `theme` cookie like the other preferences, and the page goes back where the picker
 * was opened from (`returnTo`), already drawn in the new theme by the server (no flash).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-view";
import { PickerNotice, PickerOption, PickerPage, PickerSection } from "~/components/picker";
import { i18nServer } from "~/i18n/i18n.server";
import { preferenceCookies, returnToOf } from "~/server/preferences.server";
import { chosenTheme } from "~/server/theme.server";
import { redirectWithToast } from "~/server/toast.server";
import { readForm } from "~/server/form.server";
import { themeChoiceSchema } from "@market/preferences/choice-schemas";
import { chooseTheme } from "@market/preferences/choices";
import { THEMES, type Theme } from "@market/preferences/theme";
import type { Route } from "./+types/theme-select";

export const handle = { i18n: ["preferences"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.pageTitle ?? "Ovation" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const t = await i18nServer.getFixedT(context.market.viewer.language, "preferences");
  return data({
    current: chosenTheme(request),
    returnTo: returnToOf(new URL(request.url).searchParams.get("returnTo")),
    pageTitle: t("pageTitle", { title: t("theme.title") }),
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: themeChoiceSchema });
  if (submission.status !== "success") return data({ failed: true }, { status: 400 });
  const change = chooseTheme(submission.value);
  const t = await i18nServer.getFixedT(context.market.viewer.language, "common");
  return redirectWithToast(
    returnToOf(formData.get("returnTo")),
    { kind: "success", key: "preferenceSaved.theme", params: { name: t(`settingsSheet.themes.${change.theme}`) } },
    { headers: preferenceCookies(change, request).map((cookie): [string, string] => ["Set-Cookie", cookie]) },
  );
}

/** Each theme's mark: half moon and sun for the device, a sun, a moon. */
const BADGES: Record<Theme, string> = { system: "◐", light: "☀", dark: "☾" };

export default function ThemeSelect() {
  const { current, returnTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["preferences", "common"]);
  return (
    <PickerPage title={t("theme.title")} hint={t("theme.hint")} backTo={returnTo}>
      <Form method="post">
        <input type="hidden" name="returnTo" value={returnTo} />
        {actionData?.failed ? <PickerNotice id="theme-error">{t("invalid")}</PickerNotice> : null}
        <PickerSection>
          {THEMES.map((theme) => (
            <PickerOption key={theme} name="theme" value={theme} selected={theme === current} badge={BADGES[theme]} title={t(`common:settingsSheet.themes.${theme}`)} />
          ))}
        </PickerSection>
      </Form>
    </PickerPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
