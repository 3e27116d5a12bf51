'use strict';
/**
 * `react-dom/server` for the Worker (wrangler.toml [alias]): the streaming renderer only.
 * react-dom's own browser entry also requires its legacy string renderer (renderToString and
 * friends, about 11 KiB gzip) for exports nothing here calls, and a bundler cannot drop a
 * CommonJS module's unused exports. Same choice of build as react-dom's entry; the files are
 * named by path because react-dom's package exports do not list them.
 */
module.exports =
  process.env.NODE_ENV === "production"
    ? require("../../node_modules/react-dom/cjs/react-dom-server.browser.production.min.js")
    : require("../../node_modules/react-dom/cjs/react-dom-server.browser.development.js");
