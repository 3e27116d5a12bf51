import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { GeneralErrorBoundary } from "~/components/error-view";
import { PendingBar } from "~/components/pending-bar";
import { Toaster } from "~/components/toaster";
import { readToast } from "~/server/toast.server";
import "~/styles/tokens.css";
import "~/styles/base.css";

export const handle = { i18n: ["common", "errors"] };

export const meta: MetaFunction = () => [
  { name: "viewport", content: "width=device-width, initial-scale=1, viewport-fit=cover" },
  { name: "theme-color", content: "#ffffff" },
];

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer } = context.market;
  const { toast, headers } = await readToast(request);
  return data(
    {
      language: viewer.language,
      currency: viewer.currency,
      location: viewer.location,
      environment: viewer.environment,
      signedIn: viewer.userId !== null,
      version: { name: context.cloudflare.env.APP_VERSION, build: context.cloudflare.env.APP_BUILD },
      toast,
    },
    { headers },
  );
}

/** The root's data, for any component below it (undefined while an error page renders). */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const { i18n } = useTranslation();
  const language = data?.language ?? i18n.language ?? "en-US";
  return (
    <html lang={language} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <Meta />
        <Links />
      </head>
      <body>
        <div className="app">{children}</div>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const data = useRootData();
  useChangeLanguage(data?.language ?? "en-US");
  return (
    <>
      <PendingBar />
      <Outlet />
      <Toaster toast={data?.toast ?? null} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
