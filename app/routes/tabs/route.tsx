/**
 * The layout of the four tab screens: the page, then SPEC §2's tab bar, which shows the
 * signed-in viewer's unread messages on the Messages tab. With JavaScript the account's inbox
 * socket keeps it live: a change reads the Messages list again where it is shown, else only the
 * count. The socket's and the request client's code come only for a signed-in viewer, once
 * the tab screen is up: a visitor's first screen does not download them.
 */
import { Outlet, useLoaderData, useMatches, useRevalidator } from "react-router";
import { useEffect, useRef, useState } from "react";
import { TabBar } from "~/components/tab-bar";
import { unreadTotal } from "@market/messaging";
import { chatCredentialOf } from "~/server/chat.server";
import styles from "./styles.module.css";
import type { Route } from "./+types/route";

export async function loader({ context }: Route.LoaderArgs) {
  const [unread, userSig] = await Promise.all([unreadTotal(context.market), chatCredentialOf(context.market)]);
  return { unread, userSig };
}

export default function Tabs() {
  const data = useLoaderData<typeof loader>();
  const onMessages = useMatches().some((match) => match.id === "routes/news");
  const revalidator = useRevalidator();
  // A count read since this loader data came; newer loader data wins.
  const [counted, setCounted] = useState<{ from: typeof data; unread: number } | null>(null);
  const changed = () => {
    if (onMessages) {
      void revalidator.revalidate();
      return;
    }
    const from = data;
    void import("~/platform/page-requests")
      .then(({ pageRequests }) => pageRequests().request<{ unreadTotal: number } | null>({ url: "/user/im/v1/conversation/list?page=1&pageSize=1", noToast: true }))
      .then((body) => {
        if (body.statusCode === 200 && body.data) setCounted({ from, unread: body.data.unreadTotal });
      })
      .catch(() => {
        // The count stays as it was until the next change or page.
      });
  };
  // The latest callback, without opening the socket again when it changes.
  const latest = useRef(changed);
  latest.current = changed;
  const userSig = data?.userSig ?? null;
  useEffect(() => {
    if (!userSig) return;
    let stop: (() => void) | null = null;
    let left = false;
    void import("~/platform/inbox-socket").then(({ watchInbox }) => {
      if (!left) stop = watchInbox(userSig, () => latest.current());
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [userSig]);
  const unread = counted?.from === data ? counted.unread : (data?.unread ?? 0);
  return (
    <>
      <div className={styles.page}>
        <Outlet />
      </div>
      <TabBar unread={unread} />
    </>
  );
}
