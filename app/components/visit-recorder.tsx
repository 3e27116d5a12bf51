/**
 * Records the visit on the device, in the browser only; it renders nothing. On every page: the
 * device id (SPEC §3, localStorage), the ad tracking fields of an address that came from an ad
 * (localStorage `adParams`), and the visited routes history of this tab (SPEC §2: every 4 s, at
 * most 30, no repeats in a row). Mounted once in the root, so it must stay small: it ships to
 * every page.
 */
import { useLocation } from "react-router";
import { useEffect } from "react";
import { captureAdParams } from "~/platform/ad-params";
import { deviceIdOf } from "~/platform/device-id";
import { deviceStore } from "~/platform/device-store";
import { startRecordingVisits } from "~/platform/visited-routes";

export function VisitRecorder() {
  const { search } = useLocation();

  useEffect(() => {
    deviceIdOf(deviceStore("local"));
    return startRecordingVisits({ store: deviceStore("session"), currentRoute: () => window.location.pathname + window.location.search });
  }, []);

  useEffect(() => {
    captureAdParams(deviceStore("local"), search);
  }, [search]);

  return null;
}
