/**
 * Which addresses /web-view and /video-play may show (SPEC §2): our own pages, and https pages
 * of the hosts we list (a listed host's subdomains included); anything else is refused, so a
 * link cannot frame a phishing page inside our app frame.
 */
export const DEFAULT_WEB_VIEW_HOSTS = ["ovation.example", "help.ovation.example"] as const;
export const DEFAULT_VIDEO_HOSTS = ["media.ovation.example"] as const;

/** Hosts from a comma-separated setting, else the defaults. */
export function hostList(setting: string | undefined, defaults: readonly string[]): string[] {
  const listed = (setting ?? "").split(",").map((host) => host.trim().toLowerCase()).filter(Boolean);
  return listed.length > 0 ? listed : [...defaults];
}

/**
 * The address to show, absolute, or null when refused: a same-site path (resolved against
 * `origin`), or an https URL of an allowed host. No credentials in the address.
 */
export function allowedAddress(raw: string | null | undefined, origin: string, hosts: readonly string[]): string | null {
  if (!raw || raw.length > 2048) return null;
  let url: URL;
  try {
    url = raw.startsWith("/") && !raw.startsWith("//") ? new URL(raw, origin) : new URL(raw);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.origin === origin) return url.toString();
  if (url.protocol !== "https:") return null;
  const host = url.hostname.toLowerCase();
  return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`)) ? url.toString() : null;
}
