/**
 * The app's association files, served by the Worker so they follow the app ids of the
 * environment: apple-app-site-association (iOS universal links) and assetlinks.json (Android
 * app links). Both claim the paths the ovation:// scheme opens (SPEC §1): the show list, tour
 * detail and tour list, so an https link to them opens the app when it is installed.
 */
declare global {
  namespace Cloudflare {
    interface Env {
      /** <Team ID>.<bundle id> of the iOS app. */
      IOS_APP_ID?: string;
      ANDROID_PACKAGE?: string;
      /** SHA-256 fingerprints of the Android signing certificate, comma-separated. */
      ANDROID_CERT_SHA256?: string;
    }
  }
}

/** The web paths the app opens (deep-link targets). */
export const APP_LINK_PATHS = ["/show-list", "/tourDetail", "/tourList"] as const;

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json", "cache-control": "public, max-age=3600" } });

/** The answer for a /.well-known/ path, or null when it is not one of the app's files (or the app is not configured). */
export function appLinkFile(pathname: string, env: Env): Response | null {
  if (pathname === "/.well-known/apple-app-site-association" || pathname === "/apple-app-site-association") {
    if (!env.IOS_APP_ID) return null;
    return json({
      applinks: {
        details: [{ appIDs: [env.IOS_APP_ID], components: APP_LINK_PATHS.map((path) => ({ "/": path, comment: `opens ${path} in the app` })) }],
      },
      webcredentials: { apps: [env.IOS_APP_ID] },
    });
  }
  if (pathname === "/.well-known/assetlinks.json") {
    if (!env.ANDROID_PACKAGE || !env.ANDROID_CERT_SHA256) return null;
    return json([
      {
        relation: ["delegate_permission/common.handle_all_urls", "delegate_permission/common.get_login_creds"],
        target: {
          namespace: "android_app",
          package_name: env.ANDROID_PACKAGE,
          sha256_cert_fingerprints: env.ANDROID_CERT_SHA256.split(",").map((print) => print.trim()).filter(Boolean),
        },
      },
    ]);
  }
  return null;
}
