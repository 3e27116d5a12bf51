/**
 * The e-ticket of a listing whose provider uploaded it with the listing (e_ticket_ready). The
 * demo catalog has no provider files, so the marketplace draws a one-page PDF for the order
 * from what it knows: event, session, seats, order no. and provider (docs/decisions.md). Plain
 * PDF 1.4 with the standard Helvetica font: no library, a few hundred bytes.
 */

export interface ETicketFacts {
  orderNo: string;
  title: string;
  artist: string;
  venue: string;
  /** The session's start, already written in the venue's time zone. */
  startsAt: string;
  section: string;
  rowLabel: string | null;
  quantity: number;
  provider: string;
}

/** Helvetica in a PDF string only takes Latin-1; anything else prints as '?'. */
function pdfText(value: string): string {
  return value
    .replace(/[^\x20-\x7e]/g, "?")
    .replace(/\\/g, "\\\\")
    .replace(/\(/g, "\\(")
    .replace(/\)/g, "\\)")
    .slice(0, 90);
}

export function eTicketPdf(facts: ETicketFacts): Uint8Array {
  const lines: [size: number, text: string][] = [
    [22, "Ovation e-ticket"],
    [14, facts.title],
    [12, facts.artist],
    [12, facts.venue],
    [12, facts.startsAt],
    // Section names already say what they are ('Section 307', 'Floor A').
    [12, `${facts.section}${facts.rowLabel ? `, row ${facts.rowLabel}` : ""}`],
    [12, `Tickets: ${facts.quantity}`],
    [12, `Order no. ${facts.orderNo}`],
    [10, `Issued by ${facts.provider} through Ovation. Show this page at the entrance.`],
  ];
  let y = 780;
  const content = lines
    .map(([size, text]) => {
      y -= size + 14;
      return `BT /F1 ${size} Tf 56 ${y} Td (${pdfText(text)}) Tj ET`;
    })
    .join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  // Every character is ASCII, so string offsets are byte offsets.
  return new TextEncoder().encode(body);
}

/** True when the bytes begin as a PDF does. */
export function looksLikePdf(bytes: Uint8Array): boolean {
  return bytes.length >= 5 && String.fromCharCode(...bytes.subarray(0, 5)) === "%PDF-";
}
