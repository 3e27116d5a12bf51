/**
 * New address, or edit one with ?id= (SPEC §2 addressCreate /address-create, login; §3 Address,
 * §5 messages). A plain POST form that works without JavaScript; with it, conform checks each
 * field against the same schema as the server. Saving returns to the address book, keeping its
 * ?returnTo= so a buyer choosing an address for an order can carry on choosing.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData, useLoaderData, useNavigation } from "react-router";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-view";
import { FieldFrame } from "~/components/field/field-frame";
import { PageHeader } from "~/components/page-header";
import { i18nServer } from "~/i18n/i18n.server";
import { requireUser, safeRedirectTo } from "~/server/auth.server";
import { redirectWithToast } from "~/server/toast.server";
import { addressIdSchema, createAddress, getAddress, updateAddress } from "@market/addresses";
import { addressSchema, type AddressInput } from "@market/addresses/address-schema";
// What the form draws comes without zod; the schema loads at the first focus (docs/decisions.md 279).
import { ADDRESS_FIELDS, ADDRESS_MAX_LENGTH, MAX_ADDRESSES, type AddressField } from "@market/addresses/address-limits";
import { useCheckedForm } from "~/components/field/checked-form";
import { repliedInputProps, type RepliedField } from "~/components/field/action-reply";
import { CODES, MarketError } from "@market/errors";
import styles from "~/styles/address-forms.module.css";
import type { Route } from "./+types/address-create";
import { readForm } from "~/server/form.server";
import { notFoundPage } from "~/server/refusal.server";

export const handle = { i18n: ["address"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }];

function returnToOf(value: string | null): string | null {
  return value && safeRedirectTo(value, "") === value ? value : null;
}

/** The address being edited (?id=), or null for a new one; a bad id is simply not found. */
function editedId(url: URL): number | null {
  const raw = url.searchParams.get("id");
  if (raw === null) return null;
  const parsed = addressIdSchema.safeParse({ id: raw });
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data.id;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const market = context.market;
  const url = new URL(request.url);
  const id = editedId(url);
  const [address, t] = await Promise.all([
    id === null ? null : getAddress(market, id).catch(notFoundPage),
    i18nServer.getFixedT(market.viewer.language, ["address", "common"]),
  ]);
  // SPEC §3: the mainland location dials 86; everywhere else starts from Hong Kong's 852.
  const phoneCode = market.viewer.location === "CN" ? "86" : "852";
  return data({
    title: `${t(address ? "address:form.editTitle" : "address:form.createTitle")} · ${t("common:appName")}`,
    editing: address !== null,
    returnTo: returnToOf(url.searchParams.get("returnTo")),
    defaults: (address
      ? {
          fullName: address.fullName,
          phoneCode: address.phoneCode,
          phone: address.phone,
          countryRegion: address.countryRegion,
          province: address.province,
          city: address.city,
          district: address.district ?? "",
          address: address.address,
          addressRemark: address.addressRemark ?? "",
          postalCode: address.postalCode ?? "",
          isDefault: address.isDefault ? "on" : undefined,
        }
      : { phoneCode }) satisfies Partial<Record<keyof AddressInput, string | undefined>>,
    isDefault: address?.isDefault ?? false,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const url = new URL(request.url);
  const id = editedId(url);
  const returnTo = returnToOf(url.searchParams.get("returnTo"));
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: addressSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const list = returnTo ? `/address-list?${new URLSearchParams({ returnTo })}` : "/address-list";

  switch (formData.get("intent")) {
    case "save": {
      try {
        if (id === null) {
          await createAddress(context.market, submission.value);
          return redirectWithToast(list, { kind: "success", key: "address:toast.created" });
        }
        await updateAddress(context.market, id, submission.value).catch(notFoundPage);
        return redirectWithToast(list, { kind: "success", key: "address:toast.updated" });
      } catch (error) {
        if (error instanceof MarketError && error.code === CODES.clientAddressValidFail) {
          return data({ result: submission.reply({ formErrors: [error.messageKey] }) }, { status: 400 });
        }
        throw error;
      }
    }
    default:
      return data({ result: submission.reply({ formErrors: ["invalidParam"] }) }, { status: 400 });
  }
}

/** An error key from the `errors` namespace, or a namespaced one (`address:errors.limit`). */
function errorKey(key: string): string {
  return key.includes(":") ? key : `errors:${key}`;
}

export default function AddressCreate() {
  const { editing, defaults, isDefault, returnTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation(["address", "errors"]);
  const { form, formProps, fields } = useCheckedForm({
    id: "address",
    lastResult: actionData?.result,
    names: [...ADDRESS_FIELDS, "isDefault"],
    schema: () => import("@market/addresses/address-schema").then((schemas) => schemas.addressSchema),
    defaults,
  });
  const saving = navigation.state === "submitting";
  const formError = form.errors?.[0];
  const list = returnTo ? `/address-list?${new URLSearchParams({ returnTo })}` : "/address-list";

  const text = (field: RepliedField, name: AddressField, options: { optional?: boolean; type?: "text" | "tel"; autoComplete?: string; inputMode?: "numeric" | "tel" } = {}) => (
    <Field field={field} name={name} optional={options.optional}>
      <input
        {...repliedInputProps(field, options.type ?? "text")}
        required={!options.optional || undefined}
        maxLength={ADDRESS_MAX_LENGTH[name]}
        className={styles.control}
        placeholder={t(`form.placeholders.${name}`)}
        autoComplete={options.autoComplete}
        inputMode={options.inputMode}
      />
    </Field>
  );

  return (
    <>
      <PageHeader title={t(editing ? "form.editTitle" : "form.createTitle")} fallback={list} />
      <main className={styles.page}>
        <Form method="post" {...formProps} className={styles.formCard} aria-label={t(editing ? "form.editTitle" : "form.createTitle")}>
          {formError ? (
            <p id={form.errorId} className={styles.banner} role="alert">
              {t(errorKey(formError), { max: MAX_ADDRESSES })}
            </p>
          ) : null}
          <fieldset className={styles.group}>
            <legend className={styles.legend}>{t("form.contact")}</legend>
            {text(fields.fullName, "fullName", { autoComplete: "name" })}
            <div className={styles.phoneRow}>
              {text(fields.phoneCode, "phoneCode", { type: "tel", autoComplete: "tel-country-code", inputMode: "tel" })}
              {text(fields.phone, "phone", { type: "tel", autoComplete: "tel-national", inputMode: "tel" })}
            </div>
          </fieldset>
          <fieldset className={styles.group}>
            <legend className={styles.legend}>{t("form.location")}</legend>
            {text(fields.countryRegion, "countryRegion", { autoComplete: "country-name" })}
            {text(fields.province, "province", { autoComplete: "address-level1" })}
            {text(fields.city, "city", { autoComplete: "address-level2" })}
            {text(fields.district, "district", { optional: true, autoComplete: "address-level3" })}
            {text(fields.address, "address", { autoComplete: "street-address" })}
            {text(fields.addressRemark, "addressRemark", { optional: true, autoComplete: "off" })}
            {text(fields.postalCode, "postalCode", { optional: true, autoComplete: "postal-code" })}
          </fieldset>
          {isDefault ? (
            <>
              <input type="hidden" name={fields.isDefault.name} value="on" />
              <p className={styles.hint}>{t("form.defaultHint")}</p>
            </>
          ) : (
            <label className={styles.check}>
              <input type="checkbox" id={fields.isDefault.id} name={fields.isDefault.name} value="on" defaultChecked={fields.isDefault.initialValue === "on"} />
              <span>{t("form.fields.isDefault")}</span>
            </label>
          )}
          <button type="submit" name="intent" value="save" className={styles.primaryButton} disabled={saving}>
            {saving ? t("form.saving") : t("form.save")}
          </button>
        </Form>
      </main>
    </>
  );
}

/** A labelled field with its SPEC §5 error under it, in the viewer's language. */
function Field({ field, name, optional = false, children }: { field: RepliedField; name: AddressField; optional?: boolean; children: ReactNode }) {
  const { t } = useTranslation(["address", "errors"]);
  const label = t(`form.fields.${name}`);
  const error = field.errors?.[0];
  return (
    <FieldFrame
      look={{ field: styles.field, label: styles.label, optional: styles.optional, error: styles.error }}
      id={field.id}
      label={label}
      optional={optional ? t("form.optional") : undefined}
      error={error ? t(errorKey(error), { field: label }) : null}
      errorId={field.errorId}
    >
      {children}
    </FieldFrame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
