/** The layout of the four tab screens: the page, then SPEC §2's tab bar. */
import { Outlet } from "react-router";
import { TabBar } from "~/components/tab-bar";
import styles from "./tabs.module.css";

export default function Tabs() {
  return (
    <>
      <div className={styles.page}>
        <Outlet />
      </div>
      <TabBar />
    </>
  );
}
