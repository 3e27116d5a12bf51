/**
 * The layout of the four tab screens: the page, then SPEC §2's tab bar, which shows the
 * signed-in viewer's unread messages on the Messages tab.
 */
import { Outlet, useLoaderData } from "react-router";
import { TabBar } from "~/components/tab-bar";
import { unreadTotal } from "@market/messaging";
import styles from "./styles.module.css";
import type { Route } from "./+types/route";

export async function loader({ context }: Route.LoaderArgs) {
  return { unread: await unreadTotal(context.market) };
}

export default function Tabs() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <div className={styles.page}>
        <Outlet />
      </div>
      <TabBar unread={data?.unread ?? 0} />
    </>
  );
}
