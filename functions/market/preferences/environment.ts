/**
 * The deployment environment, read per request from the host (SPEC §4). The first label of the
 * host names it when it is dev, qa, stage or uat, alone or followed by a digit or a hyphen
 * (dev.ovation.example, qa-api.ovation.example, uat2.ovation.example). A longer word that merely
 * begins with one (developer., qatar., staging.) is production, so a production host can never
 * lose its analytics to an accident of spelling. Local hosts (localhost, *.localhost, IP
 * literals) are dev. Everything else is production, the only environment that sends analytics.
 */

export const ENVIRONMENTS = ["dev", "qa", "stage", "uat", "production"] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

const PREFIXED = ["dev", "qa", "stage", "uat"] as const;

/** The host without its port, lower-cased; IPv6 literals lose their brackets. */
function hostname(host: string): string {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith("[")) {
    const end = trimmed.indexOf("]");
    return trimmed.slice(1, end === -1 ? undefined : end);
  }
  const colons = trimmed.split(":").length - 1;
  // One colon is host:port; more than one is a bare IPv6 literal.
  return colons === 1 ? trimmed.slice(0, trimmed.indexOf(":")) : trimmed;
}

function isLocal(name: string): boolean {
  if (name === "localhost" || name.endsWith(".localhost")) return true;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(name)) return true;
  return name.includes(":");
}

/** True for a host served from the developer's own machine (localhost, *.localhost, IP literals). */
export function isLocalHost(host: string | null | undefined): boolean {
  return Boolean(host) && isLocal(hostname(host!));
}

/**
 * The environment a request's Host header (or URL host) belongs to; see the folder rules. The
 * host may carry a port.
 */
export function environmentFromHost(host: string | null | undefined): Environment {
  if (!host) return "production";
  const name = hostname(host);
  if (isLocal(name)) return "dev";
  const label = name.split(".", 1)[0];
  for (const prefix of PREFIXED) {
    if (label === prefix || new RegExp(`^${prefix}[0-9-]`).test(label)) return prefix;
  }
  return "production";
}

/** Analytics is sent only in production (SPEC §4). */
export function analyticsEnabled(environment: Environment): boolean {
  return environment === "production";
}
