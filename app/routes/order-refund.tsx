/**
 * orderRefund (/order-refund?id=, SPEC §2, login): a refund of a paid order, for when the buyer
 * cannot use the tickets. Says what it is for, summarises the refund policy (the money goes back
 * to the original payment method in 1-3 working days, SPEC §4), tells whether this order takes an
 * application now and why not, and leads to /apply-for?kind=refund. Another account's order is
 * not found.
 */
import { useLoaderData } from "react-router";
import { AfterSaleEntry } from "~/components/after-sale-entry";
import { GeneralErrorBoundary } from "~/components/error-view";
import { entryPageData } from "~/server/after-sale.server";
import type { Route } from "./+types/order-refund";

export const handle = { i18n: ["aftersales-screens"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return entryPageData(request, context, "refund");
}

export default function OrderRefund() {
  return <AfterSaleEntry {...useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
