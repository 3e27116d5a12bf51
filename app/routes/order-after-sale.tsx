/**
 * orderAfterSale (/order-after-sale?id=, SPEC §2, login): after-sales for a paid order, for a
 * problem with the tickets themselves (not received, not working, not as described, refused
 * entry), asking for a refund, compensation or both. Says what it is for, summarises the refund
 * policy, tells whether this order takes an application now and why not, and leads to
 * /apply-for?kind=after_sale. Another account's order is not found.
 */
import { useLoaderData } from "react-router";
import { AfterSaleEntry } from "~/components/after-sale-entry";
import { GeneralErrorBoundary } from "~/components/error-view";
import { entryPageData } from "~/server/after-sale.server";
import type { Route } from "./+types/order-after-sale";

export const handle = { i18n: ["aftersales-screens"] };

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return entryPageData(request, context, "after_sale");
}

export default function OrderAfterSale() {
  return <AfterSaleEntry {...useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
