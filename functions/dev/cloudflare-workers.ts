/**
 * `cloudflare:workers` for `npm run dev` only (vite.config.ts): the dev server renders screens in
 * Node, where workerd's module does not exist, and the screens' server code reaches files that
 * also declare the Durable Object classes. Those classes run only in the Worker (npm start, the
 * tests, production); in dev their bindings come from wrangler's platform proxy, so the base
 * class here is never instantiated, and `env` is empty (dev's context is the proxy's).
 */
export class DurableObject<Env = unknown> {
  constructor(
    protected ctx: unknown,
    protected env: Env,
  ) {}
}

export const env = {};
