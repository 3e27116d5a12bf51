/// <reference types="vite/client" />
/** A hash of the build's translations, so the browser's cached copies change when they do. */
declare const __BUILD_ID__: string;

/** The client build's CSS by its /assets/ address, for the server to write into pages (vite.config.ts). */
declare module "virtual:built-css" {
  const files: Record<string, string>;
  export default files;
}
