/**
 * The frame of every selling screen (/sell, /resell, /provider/…): it says who the viewer sells
 * as, so each screen is named for them (decision 250). A fan selling their own tickets sees
 * 'Selling' in the app's own colours; a trader or organiser, and a staff provider, the provider
 * console. Renders only its screen: each screen keeps its own guard and its not-found page.
 */
import { data, Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { sellerStanding } from "@market/selling";
import type { Route } from "./+types/selling-frame";

export async function loader({ context }: Route.LoaderArgs) {
  const standing = await sellerStanding(context.market);
  return data({ sellsAs: standing?.as ?? "fan" }, { headers: { "cache-control": "private, no-store" } });
}

/** The frame changes only when the viewer's standing can: after a form post (a profile or an account saved). */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod !== undefined && formMethod !== "GET" ? defaultShouldRevalidate : false;
}

export default function SellingFrame() {
  return <Outlet />;
}
