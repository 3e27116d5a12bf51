/**
 * What the page's requests say about the viewer (SPEC §7's headers), set by the root from its data
 * as it renders, before any screen can ask for anything. Apart from the request client
 * (page-requests.ts), so the root every page loads does not carry the client itself.
 */
export interface PageRequestSettings {
  language?: string;
  currency?: string;
  location?: string;
  channel?: string;
  /** The app's src (iOS, android) inside an app. */
  source?: string;
  version?: string;
}

let settings: PageRequestSettings = {};

export function configurePageRequests(next: PageRequestSettings): void {
  settings = { ...settings, ...next };
}

export function pageRequestSettings(): Readonly<PageRequestSettings> {
  return settings;
}
