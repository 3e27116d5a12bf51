/**
 * 'Add to Google Wallet' for an Ovation entry ticket: a save link carrying a JWT signed (RS256,
 * jose) with the deployment's Google Wallet service-account key, holding the event ticket class
 * of its session and the ticket's object. The object's barcode is a rotating one: Google Wallet
 * computes the same TOTP as the ticket screen (entry-code.ts: SHA-1, 15 s, 8 digits) from the
 * holder secret, so the wallet's QR is the one the door expects and dies with the secret when the
 * ticket is resold or transferred (the object id names the secret's version; a new holder saves a
 * new object).
 */
import { importPKCS8, SignJWT } from "jose";
import type { MarketContext } from "../context";
import { publicOrigin, secretOf } from "../config/deployment";
import { fromBase64url } from "../context/crypto";
import { ENTRY_CODE_DIGITS, ENTRY_CODE_PERIOD_SECONDS } from "./entry-code";
import type { EntryTicketView } from "./holder";
import { LOCAL_DEMO_WALLET_KEY } from "./google-wallet-demo-key";

declare global {
  namespace Cloudflare {
    interface Env {
      /** The Google Wallet issuer id (README 'Deploy'). */
      GOOGLE_WALLET_ISSUER_ID?: string;
      /** The service account that signs save links (its email). */
      GOOGLE_WALLET_SERVICE_ACCOUNT?: string;
      /** That service account's private key, PKCS #8 PEM. */
      GOOGLE_WALLET_PRIVATE_KEY?: string;
    }
  }
}

const LOCAL_DEMO_ISSUER_ID = "3388000000000000000";
const LOCAL_DEMO_SERVICE_ACCOUNT = "wallet@ovation-demo.iam.gserviceaccount.com";
export const GOOGLE_SAVE_URL = "https://pay.google.com/gp/v/save/";

const hex = (bytes: Uint8Array) => [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");

type WalletContext = Pick<MarketContext, "env" | "viewer">;

function walletAccount(ctx: WalletContext): { issuerId: string; serviceAccount: string; key: string } | null {
  const key = secretOf(ctx, "GOOGLE_WALLET_PRIVATE_KEY", LOCAL_DEMO_WALLET_KEY);
  if (key === null) return null;
  const local = key === LOCAL_DEMO_WALLET_KEY;
  const issuerId = ctx.env.GOOGLE_WALLET_ISSUER_ID ?? (local ? LOCAL_DEMO_ISSUER_ID : null);
  const serviceAccount = ctx.env.GOOGLE_WALLET_SERVICE_ACCOUNT ?? (local ? LOCAL_DEMO_SERVICE_ACCOUNT : null);
  return issuerId && serviceAccount ? { issuerId, serviceAccount, key } : null;
}

/** The objects a save link carries for `ticket` (exported for tests, which check them against the ticket). */
export function walletPayload(ticket: EntryTicketView, issuerId: string, language: string) {
  const text = (value: string) => ({ defaultValue: { language, value } });
  const classId = `${issuerId}.ovation-session-${ticket.sessionId}`;
  return {
    eventTicketClasses: [
      {
        id: classId,
        issuerName: "Ovation",
        reviewStatus: "UNDER_REVIEW",
        eventName: text(ticket.title),
        venue: { name: text(ticket.venue), address: text(ticket.venue) },
        dateTime: { start: new Date(ticket.startsAt).toISOString() },
      },
    ],
    eventTicketObjects: [
      {
        id: `${issuerId}.ovation-ticket-${ticket.id}-v${ticket.version}`,
        classId,
        state: "ACTIVE",
        ...(ticket.holderName ? { ticketHolderName: ticket.holderName } : {}),
        seatInfo: {
          section: text(ticket.section),
          ...(ticket.rowLabel ? { row: text(ticket.rowLabel) } : {}),
          ...(ticket.seat ? { seat: text(ticket.seat) } : {}),
        },
        rotatingBarcode: {
          type: "QR_CODE",
          valuePattern: `OVT1.${ticket.id}.{totp_value_0}`,
          alternateText: `#${ticket.id}`,
          totpDetails: {
            periodMillis: String(ENTRY_CODE_PERIOD_SECONDS * 1000),
            algorithm: "TOTP_SHA1",
            parameters: [
              {
                key: hex(fromBase64url(ticket.secret!)),
                valueLength: ENTRY_CODE_DIGITS,
              },
            ],
          },
        },
      },
    ],
  };
}

/** The save link for the holder's ticket, or null where no wallet key is configured (the button is not shown). */
export async function googleWalletLink(ctx: WalletContext, ticket: EntryTicketView): Promise<string | null> {
  const account = walletAccount(ctx);
  if (!account || !ticket.secret) return null;
  const key = await importPKCS8(account.key, "RS256");
  const jwt = await new SignJWT({
    origins: [publicOrigin(ctx as MarketContext)],
    typ: "savetowallet",
    payload: walletPayload(ticket, account.issuerId, ctx.viewer.language),
  })
    .setProtectedHeader({ alg: "RS256", typ: "JWT" })
    .setIssuer(account.serviceAccount)
    .setAudience("google")
    .setIssuedAt()
    .sign(key);
  return `${GOOGLE_SAVE_URL}${jwt}`;
}
