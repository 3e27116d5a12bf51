/**
 * languageSelect (/language-select, SPEC §2): the languages we speak, each named in itself.
 * Choosing one makes it the manual language (SPEC §4: it outranks the device's), then goes back
 * where the picker was opened from (`returnTo`), already in the new language.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-view";
import { actionReply, repliedFormProps } from "~/components/field/action-reply";
import { PickerNotice, PickerOption, PickerPage, PickerSection } from "~/components/picker";
import { i18nServer } from "~/i18n/i18n.server";
import { preferenceCookies, returnToOf } from "~/server/preferences.server";
import { redirectWithToast } from "~/server/toast.server";
import { languageChoiceSchema } from "@market/preferences/choice-schemas";
import { chooseLanguage } from "@market/preferences/choices";
import { listLanguages } from "@market/preferences/options";
import type { Route } from "./+types/language-select";
import { readForm } from "~/server/form.server";

export const handle = { i18n: ["preferences"] };

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.pageTitle ?? "Ovation" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer } = context.market;
  const [languages, t] = await Promise.all([
    listLanguages(context.market),
    i18nServer.getFixedT(viewer.language, "preferences"),
  ]);
  return data({
    languages,
    current: viewer.language,
    returnTo: returnToOf(new URL(request.url).searchParams.get("returnTo")),
    pageTitle: t("pageTitle", { title: t("language.title") }),
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: languageChoiceSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });

  const change = chooseLanguage(submission.value);
  const languages = await listLanguages(context.market);
  const name = languages.find((language) => language.code === change.language)?.name ?? change.language;
  return redirectWithToast(
    returnToOf(formData.get("returnTo")),
    { kind: "success", key: "preferenceSaved.language", params: { name } },
    { headers: preferenceCookies(change, request).map((cookie): [string, string] => ["Set-Cookie", cookie]) },
  );
}

/** A short mark for each language, written in it. */
const BADGES: Record<string, string> = { "en-US": "En", "zh-HK": "繁" };

export default function LanguageSelect() {
  const { languages, current, returnTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("preferences");
  // Every choice is a listed option, so only the action validates (docs/decisions.md 175).
  const { form, refused: failed } = actionReply("language", actionData?.result, []);

  return (
    <PickerPage title={t("language.title")} hint={t("language.hint")} backTo={returnTo}>
      <Form method="post" {...repliedFormProps(form)}>
        <input type="hidden" name="returnTo" value={returnTo} />
        {failed ? <PickerNotice id={form.errorId}>{t("invalid")}</PickerNotice> : null}
        <PickerSection>
          {languages.map((language) => (
            <PickerOption
              key={language.code}
              name="language"
              value={language.code}
              selected={language.code === current}
              badge={BADGES[language.code] ?? language.name.slice(0, 2)}
              title={language.name}
              lang={language.code}
              detail={t(`language.subtitle.${language.code}`, { defaultValue: language.code })}
            />
          ))}
        </PickerSection>
      </Form>
    </PickerPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
