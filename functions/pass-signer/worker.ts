/**
 * The pass signer: a Worker of its own, reached only through the main Worker's service binding
 * (PASS_SIGNER), that turns an Apple Wallet pass's files into a signed .pkpass. Apple wants a
 * detached PKCS #7 signature over the pass's manifest; the library that makes one
 * (passkit-generator, over node-forge) is some 140 KiB gzip, so it lives here rather than in the
 * main Worker, whose bundle has a ceiling (scripts/deploy-check.ts; decision 309).
 *
 * It holds no secret and no state: the main Worker decides which certificate signs and sends it
 * with the files (the deployment's secrets live there, with every other secret), or asks for the
 * local demo's stand-in (local-demo-certificate.ts), which is used only where this Worker's own
 * LOCAL_DEMO var is set: wrangler.toml's top level, never a deployed environment. The Worker has
 * no route and no workers.dev address, so nothing outside the account can call it.
 *
 * POST / with JSON { files: { name: base64url }, certificates: { wwdr, signerCert, signerKey } | "local-demo" }
 * → 200 application/vnd.apple.pkpass, or 400 with { error } naming what was wrong.
 */
import { Buffer } from "node:buffer";
import { PKPass } from "passkit-generator";
import * as z from "zod/mini";
import { LOCAL_DEMO_PASS_CERTIFICATE, LOCAL_DEMO_PASS_KEY, LOCAL_DEMO_WWDR_CERTIFICATE } from "./local-demo-certificate";

interface Env {
  /** "true" in wrangler.toml's top-level vars only: the local demo's stand-in certificate may sign. */
  LOCAL_DEMO?: string;
}

const PEM = z.string().check(z.regex(/^-----BEGIN [A-Z ]+-----[\s\S]+-----END [A-Z ]+-----\s*$/));
/** pass.json, images and .lproj strings: plain relative names, no directories but a language's. */
const FILE_NAME = z.string().check(z.regex(/^(?:[a-zA-Z-]{2,16}\.lproj\/)?[a-zA-Z0-9@._-]{1,64}$/));

const signRequest = z.object({
  files: z.record(FILE_NAME, z.base64url()),
  certificates: z.union([z.object({ wwdr: PEM, signerCert: PEM, signerKey: PEM }), z.literal("local-demo")]),
});

const PKPASS_TYPE = "application/vnd.apple.pkpass";

function refuse(error: string): Response {
  return Response.json({ error }, { status: 400 });
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    if (request.method !== "POST") return new Response(null, { status: 405, headers: { allow: "POST" } });
    const body = await request.json().catch(() => undefined);
    const parsed = signRequest.safeParse(body);
    if (!parsed.success) return refuse(`bad request: ${parsed.error.issues.map((issue) => issue.path.join(".") || issue.message).join(", ")}`);
    const { files } = parsed.data;
    if (!files["pass.json"]) return refuse("bad request: files.pass.json is missing");
    if (parsed.data.certificates === "local-demo" && env.LOCAL_DEMO !== "true") return refuse("bad request: the local demo's certificate signs nothing here");
    const certificates =
      parsed.data.certificates === "local-demo"
        ? { wwdr: LOCAL_DEMO_WWDR_CERTIFICATE, signerCert: LOCAL_DEMO_PASS_CERTIFICATE, signerKey: LOCAL_DEMO_PASS_KEY }
        : parsed.data.certificates;
    const buffers = Object.fromEntries(Object.entries(files).map(([name, base64]) => [name, Buffer.from(base64, "base64url")]));
    try {
      const pass = new PKPass(buffers, certificates);
      return new Response(new Uint8Array(pass.getAsBuffer()), { headers: { "content-type": PKPASS_TYPE } });
    } catch (error) {
      // The library's own messages name the field of pass.json or the certificate it refused.
      return refuse(error instanceof Error ? error.message : String(error));
    }
  },
} satisfies ExportedHandler<Env>;
