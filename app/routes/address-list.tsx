/**
 * My addresses (SPEC §2 addressList /address-list, login): the address book, default first,
 * with edit, delete (asked first) and set-as-default. ?returnTo= (e.g. /confirm-order) turns it
 * into a chooser: each address offers 'Deliver here', which goes back with ?addressId=.
 */
import { data, Form, Link, useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { GeneralErrorBoundary } from "~/components/error-view";
import { PageHeader } from "~/components/page-header";
import { i18nServer } from "~/i18n/i18n.server";
import { requireUser, safeRedirectTo } from "~/server/auth.server";
import { redirectWithToast } from "~/server/toast.server";
import { addressIdSchema, deleteAddress, listAddresses, MAX_ADDRESSES, setDefaultAddress, type AddressView } from "@market/addresses";
import styles from "~/styles/address-forms.module.css";
import type { Route } from "./+types/address-list";
import { readForm } from "~/server/form.server";
import { notFoundPage } from "~/server/refusal.server";

export const handle = { i18n: ["address"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }];

/** A path on this site to go back to, or null. */
function returnToOf(value: string | null): string | null {
  return value && safeRedirectTo(value, "") === value ? value : null;
}

/** `path` with one more query parameter. */
function withParam(path: string, name: string, value: string | number): string {
  const url = new URL(path, "https://ovation.invalid");
  url.searchParams.set(name, String(value));
  return `${url.pathname}${url.search}`;
}

/** This list again, keeping its chooser mode. */
function listHref(returnTo: string | null): string {
  return returnTo ? withParam("/address-list", "returnTo", returnTo) : "/address-list";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const market = context.market;
  const returnTo = returnToOf(new URL(request.url).searchParams.get("returnTo"));
  const [addresses, t] = await Promise.all([listAddresses(market), i18nServer.getFixedT(market.viewer.language, ["address", "common"])]);
  return data({
    title: `${t(returnTo ? "address:list.chooseTitle" : "address:list.title")} · ${t("common:appName")}`,
    addresses,
    returnTo,
    max: MAX_ADDRESSES,
  });
}

const actionSchema = z.object({ ...addressIdSchema.shape, intent: z.enum(["set-default", "delete"]) });

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const returnTo = returnToOf(new URL(request.url).searchParams.get("returnTo"));
  const parsed = actionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw data(null, { status: 400 });
  switch (parsed.data.intent) {
    case "set-default":
      await setDefaultAddress(context.market, parsed.data.id).catch(notFoundPage);
      return redirectWithToast(listHref(returnTo), { kind: "success", key: "address:toast.defaulted" });
    case "delete":
      await deleteAddress(context.market, parsed.data.id).catch(notFoundPage);
      return redirectWithToast(listHref(returnTo), { kind: "success", key: "address:toast.deleted" });
  }
}

export default function AddressList() {
  const { addresses, returnTo, max } = useLoaderData<typeof loader>();
  const { t } = useTranslation("address");
  const full = addresses.length >= max;
  const createHref = returnTo ? withParam("/address-create", "returnTo", returnTo) : "/address-create";
  return (
    <>
      <PageHeader title={t(returnTo ? "list.chooseTitle" : "list.title")} fallback={returnTo ?? "/mine"} />
      <main className={styles.page}>
        {addresses.length === 0 ? (
          <section className={styles.empty} aria-labelledby="addresses-empty">
            <svg className={styles.emptyArt} viewBox="0 0 96 96" aria-hidden="true">
              <circle cx="48" cy="48" r="44" fill="var(--color-brand-soft)" />
              <path d="M48 74s-18-15.5-18-29a18 18 0 0 1 36 0c0 13.5-18 29-18 29Z" fill="var(--color-brand)" />
              <circle cx="48" cy="45" r="7" fill="#fff" />
            </svg>
            <h2 id="addresses-empty" className={styles.emptyTitle}>
              {t("list.emptyTitle")}
            </h2>
            <p className={styles.emptyBody}>{t("list.emptyBody")}</p>
          </section>
        ) : (
          <>
            <p className={styles.count}>{t("list.count", { count: addresses.length, max })}</p>
            <ul className={styles.list}>
              {addresses.map((address) => (
                <AddressCard key={address.id} address={address} returnTo={returnTo} />
              ))}
            </ul>
          </>
        )}
        {full ? (
          <p className={styles.notice} role="status">
            {t("list.full")}
          </p>
        ) : null}
        <div className={styles.footer}>
          {full ? (
            <span className={styles.primaryButton} aria-disabled="true">
              {t("list.add")}
            </span>
          ) : (
            <Link to={createHref} className={styles.primaryButton}>
              {t("list.add")}
            </Link>
          )}
        </div>
      </main>
    </>
  );
}

/** The place part of an address on one line, smallest first. */
function placeLine(address: Pick<AddressView, "address" | "district" | "city" | "province" | "countryRegion" | "postalCode">): string {
  return [address.address, address.district, address.city, address.province, address.countryRegion, address.postalCode].filter(Boolean).join(", ");
}

function AddressCard({ address, returnTo }: { address: AddressView; returnTo: string | null }) {
  const { t } = useTranslation("address");
  const self = listHref(returnTo);
  const editHref = withParam(returnTo ? withParam("/address-create", "returnTo", returnTo) : "/address-create", "id", address.id);
  const place = placeLine(address);
  return (
    <li className={styles.card} data-default={address.isDefault ? "" : undefined} aria-label={address.fullName}>
      <div className={styles.who}>
        <span className={styles.name}>{address.fullName}</span>
        <span className={styles.phone}>
          +{address.phoneCode} {address.phone}
        </span>
        {address.isDefault ? <span className={styles.badge}>{t("list.default")}</span> : null}
      </div>
      <p className={styles.place}>{place}</p>
      {address.addressRemark ? <p className={styles.remark}>{address.addressRemark}</p> : null}
      {returnTo ? (
        <Link to={withParam(returnTo, "addressId", address.id)} className={styles.useButton}>
          {t("list.use")}
        </Link>
      ) : null}
      <div className={styles.actions}>
        {address.isDefault ? (
          <span className={styles.defaultMark}>
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <circle cx="12" cy="12" r="9" />
              <path d="m8 12 3 3 5-6" />
            </svg>
            {t("list.default")}
          </span>
        ) : (
          <Form method="post" action={self} className={styles.inline}>
            <input type="hidden" name="id" value={address.id} />
            <button type="submit" name="intent" value="set-default" className={styles.textButton}>
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <circle cx="12" cy="12" r="9" />
              </svg>
              {t("list.setDefault")}
            </button>
          </Form>
        )}
        <span className={styles.spacer} />
        <Link to={editHref} className={styles.textButton}>
          {t("list.edit")}
        </Link>
        <ConfirmDialog
          name={`delete-${address.id}`}
          action={self}
          trigger={t("list.delete")}
          triggerClassName={styles.textButton}
          title={t("list.deleteTitle")}
          message={t("list.deleteBody", { name: address.fullName, place })}
          confirmLabel={t("list.deleteConfirm")}
        >
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={address.id} />
        </ConfirmDialog>
      </div>
    </li>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
