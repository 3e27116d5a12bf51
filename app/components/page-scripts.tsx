/**
 * React Router's <Scripts />, with its module preloads asked for at low priority
 * (docs/decisions.md 178). Every page is whole before its scripts arrive (server-rendered, its CSS
 * in the head, links and forms that work without JavaScript), so on a slow link the document's
 * first poster and images go first and the scripts follow, instead of twenty module files taking
 * the connection while the buyer waits to see the page.
 *
 * <Scripts /> takes no attribute for its preloads, so it is called as a function and its elements
 * adjusted before React renders them; its hooks run as this component's, in the same order on
 * every render. Once hydrated it renders no preloads, and nothing changes.
 */
import { Children, cloneElement, Fragment, isValidElement, type ReactElement, type ReactNode } from "react";
import { Scripts, type ScriptsProps } from "react-router";

export function PageScripts(props: ScriptsProps) {
  return <>{lowPriorityPreloads(Scripts(props))}</>;
}

function lowPriorityPreloads(node: ReactNode): ReactNode {
  if (Array.isArray(node)) return node.map(lowPriorityPreloads);
  if (!isValidElement(node)) return node;
  const element = node as ReactElement<{ rel?: string; children?: ReactNode }>;
  if (element.type === "link" && element.props.rel === "modulepreload") return cloneElement(element, { fetchpriority: "low" } as object);
  if (element.type === Fragment) return cloneElement(element, undefined, ...Children.toArray(element.props.children).map(lowPriorityPreloads));
  return element;
}
