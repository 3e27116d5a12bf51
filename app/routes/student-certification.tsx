/**
 * Student certification (/student-certification, login; SPEC §6, docs/decisions.md #75): a
 * school email verified by a mailed 6-digit code gives the account a student badge for a year,
 * and with it the listings sellers keep for students. Two steps on one page, each a real form
 * (no JavaScript needed): the school email, then the code. Where certification is not offered
 * (the plain web channel, inside the app) the page says so and offers nothing to fill in.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { AccountPage, Note, Stack, TextLink } from "~/components/account-page";
import { CodeField, FormAlert, SubmitButton, TextField } from "~/components/field/account-field";
import { GeneralErrorBoundary } from "~/components/error-view";
import { useCheckedForm } from "~/components/field/checked-form";
import { studentStepSchema as schema } from "~/components/account-form-schemas";
import { StudentBadge } from "~/components/students-mark";
import { i18nServer } from "~/i18n/i18n.server";
import { refusalText, requireUser } from "~/server/auth.server";
import { readForm } from "~/server/form.server";
import { requestStudentCode, studentStatus, verifyStudentCode } from "@market/students";
import type { Route } from "./+types/student-certification";

export const handle = { i18n: ["apps", "account"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.pageTitle ?? "Ovation" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const [status, t] = await Promise.all([studentStatus(context.market), i18nServer.getFixedT(context.market.viewer.language, "apps")]);
  // ?again=1: a new code, to the same or another school email.
  const again = new URL(request.url).searchParams.get("again") === "1";
  return data({ pageTitle: `${t("student.title")} · Ovation`, status, again }, { headers: { "cache-control": "private, no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const submission = parseWithZod(await readForm(request), { schema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    if (submission.value.intent === "code") await requestStudentCode(context.market, submission.value.schoolEmail);
    else await verifyStudentCode(context.market, submission.value.code);
  } catch (error) {
    return data({ result: submission.reply({ formErrors: [await refusalText(error, context)] }) }, { status: 400 });
  }
  // After a post, the page again: the code step, or the badge.
  throw redirect("/student-certification");
}

export default function StudentCertification() {
  const { status, again } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation(["apps", "account"]);
  const step = status.status === "pending" && !again ? "verify" : "code";
  const { form, formProps, fields } = useCheckedForm({
    id: `student-${step}`,
    lastResult: actionData?.result,
    names: ["schoolEmail", "code"],
    schema: () => import("~/components/account-form-schemas").then((schemas) => schemas.studentStepSchema),
  });
  const until = status.expiresAt ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(status.expiresAt) : "";

  return (
    <AccountPage title={t("student.title")} subtitle={t("student.subtitle")} backTo="/mine" footer={<TextLink to="/mine">{t("student.back")}</TextLink>}>
      {status.status === "verified" ? (
        <Stack>
          <div data-testid="student-verified">
            <StudentBadge />
          </div>
          <Note>{t("student.verified", { email: status.schoolEmail, date: until })}</Note>
        </Stack>
      ) : !status.offered ? (
        <Note>
          <span data-testid="student-unavailable">{t("student.unavailable")}</span>
        </Note>
      ) : (
        <Form method="post" {...formProps}>
          <Stack>
            <FormAlert id={form.errorId} messages={form.errors} />
            {step === "verify" ? (
              <>
                <Note>{t("student.sent", { email: status.schoolEmail })}</Note>
                <CodeField field={fields.code} label={t("account:fields.code")} autoFocus />
                <SubmitButton intent="verify">{t("student.verify")}</SubmitButton>
                <TextLink to="/student-certification?again=1">{t("student.another")}</TextLink>
              </>
            ) : (
              <>
                <TextField field={fields.schoolEmail} type="email" label={t("student.schoolEmail")} hint={t("student.schoolEmailHint")} inputMode="email" autoComplete="email" />
                <SubmitButton intent="code">{t("student.send")}</SubmitButton>
              </>
            )}
          </Stack>
        </Form>
      )}
    </AccountPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
