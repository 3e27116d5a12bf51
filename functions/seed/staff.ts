/**
 * The two staff accounts a local database is seeded with, so the provider and support consoles
 * can be opened without an admin tool (docs/decisions.md): a provider acting for the seller with
 * the most listings, and a support agent. Their addresses and passwords are public (README.md);
 * they exist only where `npm run db:setup` seeded a fresh database.
 *
 * Hashing a password is asynchronous (WebCrypto PBKDF2, the same hashing as sign-up), so these
 * rows are added to a catalog by `withDemoStaff` rather than by the synchronous `demoCatalog`.
 * Each hash gets a fresh random salt: the seed stays deterministic in everything but the salts.
 */
import { hashPassword } from "../market/context/crypto";
import type { DemoCatalog } from "./demo-catalog";

export const DEMO_STAFF = {
  provider: { userId: 1, email: "provider@ovation.example", password: "Provider#2026" },
  support: { userId: 2, email: "support@ovation.example", password: "Support#2026" },
} as const;

/** The seller with the most listings (the lowest id among equals): the provider's account acts for it. */
export function busiestSeller(catalog: Pick<DemoCatalog, "sellers" | "listings">): number {
  const counts = new Map<number, number>();
  for (const listing of catalog.listings) counts.set(listing.sellerId, (counts.get(listing.sellerId) ?? 0) + 1);
  let best: { id: number; count: number } | null = null;
  for (const seller of catalog.sellers) {
    const count = counts.get(seller.id!) ?? 0;
    if (!best || count > best.count) best = { id: seller.id!, count };
  }
  if (!best) throw new Error("the demo catalog has no sellers");
  return best.id;
}

/**
 * The catalog with the provider and support accounts and their roles. Meant for a fresh
 * database: the accounts take user ids 1 and 2.
 */
export async function withDemoStaff(catalog: DemoCatalog, anchor: Date): Promise<DemoCatalog> {
  const now = anchor.getTime();
  const sellerId = busiestSeller(catalog);
  const seller = catalog.sellers.find((s) => s.id === sellerId)!;
  const [providerHash, supportHash] = await Promise.all([hashPassword(DEMO_STAFF.provider.password), hashPassword(DEMO_STAFF.support.password)]);
  const account = (who: (typeof DEMO_STAFF)[keyof typeof DEMO_STAFF], nickName: string, passwordHash: string) => ({
    id: who.userId,
    email: who.email,
    emailVerifiedAt: now,
    nickName,
    passwordHash,
    createdAt: now,
    updatedAt: now,
  });
  return {
    ...catalog,
    users: [...catalog.users, account(DEMO_STAFF.provider, seller.nickname, providerHash), account(DEMO_STAFF.support, "Ovation Support", supportHash)],
    accountRoles: [
      ...catalog.accountRoles,
      { userId: DEMO_STAFF.provider.userId, role: "seller", sellerId, createdAt: now },
      { userId: DEMO_STAFF.support.userId, role: "support", sellerId: null, createdAt: now },
    ],
  };
}
