import type { Config } from "@react-router/dev/config";

/**
 * React Router 7 in framework mode: server rendering on the Worker, routes from app/routes.ts,
 * routes discovered lazily by the browser (the manifest endpoint is guarded in the Worker).
 */
export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  routeDiscovery: { mode: "lazy" },
  // React Router 8's behaviours, each decided (docs/decisions.md): route modules split so a
  // client-only export never drags the rest along; the others keep v7 behaviour until the move
  // to v8 (middleware would change the load context's type; the environment API comes with the
  // Cloudflare Vite plugin, which needs Node 22).
  future: {
    v8_splitRouteModules: true,
    v8_middleware: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
