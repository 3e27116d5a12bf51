/// <reference types="vite/client" />
/** A hash of the build's translations, so the browser's cached copies change when they do. */
declare const __BUILD_ID__: string;
