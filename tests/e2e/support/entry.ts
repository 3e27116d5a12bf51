/**
 * Tickets at the gate, for the browser tests: a listing of the seeded provider's with Ovation
 * entry codes, and what a ticket's QR says, read the way a door's camera would (jsQR over a
 * screenshot of it).
 */
import type { APIRequestContext, Locator } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";

const PROOF = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

/**
 * Lists four seats with entry codes on an on-sale session in Hong Kong, as the provider's API
 * does for the organiser's staff; answers the listing and its session.
 */
export async function entryCodeListing(provider: APIRequestContext): Promise<{ listingId: number; sessionId: number }> {
  const answer = await (await provider.get("/provider/v1/listing/sessions?query=Hong%20Kong")).json();
  for (const session of answer.data as { sessionId: number; sections: { id: number; generalAdmission: boolean }[] }[]) {
    const section = session.sections.find((candidate) => !candidate.generalAdmission);
    if (!section) continue;
    for (const row of ["1", "2", "3", "A", "B", "C"]) {
      const seat = 1 + Math.floor(Math.random() * 20);
      const created = await (
        await provider.post("/provider/v1/listing/create", {
          multipart: {
            sessionId: String(session.sessionId),
            sectionId: String(section.id),
            rowLabel: row,
            seats: `${seat}-${seat + 3}`,
            faceValue: "880",
            price: "880",
            deliveryMethod: "E_TICKET",
            eTicketTiming: "codes",
            splitRule: "any",
            proof: { name: "ticket.png", mimeType: "image/png", buffer: PROOF },
          },
        })
      ).json();
      if (created.statusCode === 200) return { listingId: created.data.listingId, sessionId: session.sessionId };
    }
  }
  throw new Error("no Hong Kong session took an entry-code listing");
}

/** The text of the QR in `qr`, decoded from a screenshot of it (null when none is found). */
export async function readQr(qr: Locator): Promise<string | null> {
  const image = PNG.sync.read(await qr.screenshot());
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}
