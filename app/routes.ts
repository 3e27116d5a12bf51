/**
 * Every screen of SPEC §2 at the spec's own path. Tab screens share the tab bar layout.
 */
import { type RouteConfig, index, layout, route } from "@remix-run/route-config";

export default [
  layout("routes/tabs.tsx", [
    index("routes/home.tsx"),
    route("show-list", "routes/show-list.tsx"),
    route("news", "routes/news.tsx"),
    route("mine", "routes/mine.tsx"),
  ]),
  route("locales/:lng/:ns", "routes/resources/locales.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
