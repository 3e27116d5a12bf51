/**
 * The open state of a panel that lives in the address (`?<param>=<name>`), as sheets and confirm
 * questions do so that they open without JavaScript: whether this one is open, and this page with
 * it open and with it closed (every other parameter kept).
 */
import { useLocation } from "react-router";

export function useAddressPanel(param: string, name: string) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const open = params.get(param) === name;
  params.delete(param);
  const rest = params.toString();
  const closeHref = `${location.pathname}${rest ? `?${rest}` : ""}`;
  params.set(param, name);
  return { open, closeHref, openHref: `${location.pathname}?${params.toString()}`, locationKey: location.key };
}
