/**
 * Version comparison for app and web versions such as 2.5.0 (SPEC §5). Parts are compared as
 * numbers, left to right, a missing part counting as 0 (2.5 equals 2.5.0; 2.10 is after 2.9). A
 * leading v is ignored, and a part's text after its digits (1-beta) does not count. An empty
 * version is refused, as SPEC says: 'version number cannot be empty'.
 */
export const EMPTY_VERSION_MESSAGE = "version number cannot be empty";

function parts(version: string): number[] {
  if (typeof version !== "string" || version.trim() === "") throw new Error(EMPTY_VERSION_MESSAGE);
  return version
    .trim()
    .replace(/^v/i, "")
    .split(".")
    .map((part) => Number(/^\d+/.exec(part)?.[0] ?? 0));
}

/** -1 when a is before b, 1 when after, 0 when they are the same version. Throws for an empty version. */
export function compareVersions(a: string, b: string): -1 | 0 | 1 {
  const left = parts(a);
  const right = parts(b);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return difference < 0 ? -1 : 1;
  }
  return 0;
}

/** True when `version` is `minimum` or later (an app new enough for a feature). */
export function isAtLeast(version: string, minimum: string): boolean {
  return compareVersions(version, minimum) >= 0;
}
