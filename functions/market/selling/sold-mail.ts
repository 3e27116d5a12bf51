/**
 * The seller's mail when tickets sell: right after a buyer pays, the seller with an account
 * (a fan or trader who set up a seller profile) is told which listing sold, how many tickets
 * at what price, and where to follow the delivery and payout, in their own language, through
 * the mail port (so into the outbox). A seller without an account (a catalogue provider) gets
 * none. A mail never fails the payment that caused it: a failure is logged.
 */
import { eq } from "drizzle-orm";
import { listings, orders, sellerProfiles, tours, users } from "../../db/schema";
import { joinOrderEvent } from "../listings/listing-event";
import type { MarketContext } from "../context";
import type { MailMessage } from "../context/mail-port";
import { isLanguage } from "../context/language";
import type { Language } from "../context/viewer";
import { loadReference } from "../reference";
import { formatMoney } from "../money";
import { logError } from "../../observability";
import { notify } from "../notifications";

const WORDS: Record<Language, { subject: (title: string) => string; body: (facts: { title: string; quantity: number; price: string; listingId: number }) => string }> = {
  "en-US": {
    subject: (title) => `Your tickets sold: ${title}`,
    body: ({ title, quantity, price, listingId }) =>
      `${quantity} ticket${quantity === 1 ? "" : "s"} of your listing #${listingId} for ${title} sold at ${price} each.\n\nDeliver them as your listing says; your payout follows once the buyer has them. Follow both under Me › My listings.`,
  },
  "zh-HK": {
    subject: (title) => `你的門票已售出：${title}`,
    body: ({ title, quantity, price, listingId }) =>
      `你刊登的 #${listingId}（${title}）已售出 ${quantity} 張門票，每張 ${price}。\n\n請按刊登所述交付門票；買家收到門票後便會安排付款給你。你可在「我的 › 我的刊登」查看進度。`,
  },
};

/** Mails the seller of the just-paid order `orderId` and tells their devices that take sales news. Never throws (a failure is logged). */
export async function mailSellerSold(ctx: MarketContext, orderId: number): Promise<void> {
  try {
    const [row] = await joinOrderEvent(
      ctx.db
        .select({
          listingId: listings.id,
          quantity: orders.quantity,
          unitPrice: orders.unitPrice,
          currency: orders.currencyCode,
          titleEn: tours.titleEn,
          titleZh: tours.titleZh,
          email: users.email,
          language: users.defaultLanguage,
          userId: users.id,
        })
        .from(orders)
        .innerJoin(listings, eq(listings.id, orders.listingId))
        .innerJoin(sellerProfiles, eq(sellerProfiles.sellerId, listings.sellerId))
        .innerJoin(users, eq(users.id, sellerProfiles.userId))
        .$dynamic(),
    )
      .where(eq(orders.id, orderId))
      .limit(1);
    if (!row?.email) return;
    const language: Language = isLanguage(row.language) ? row.language : "en-US";
    const currency = (await loadReference(ctx)).currencyByCode.get(row.currency);
    const title = language === "zh-HK" ? row.titleZh : row.titleEn;
    const price = currency ? formatMoney(row.unitPrice, currency, language) : `${row.currency} ${row.unitPrice}`;
    const words = WORDS[language];
    const message: MailMessage = {
      to: row.email,
      kind: "listing_sold",
      language,
      subject: words.subject(title),
      text: words.body({ title, quantity: row.quantity, price, listingId: row.listingId }),
    };
    await ctx.mail.send(message);
    await notify(ctx, {
      key: `sold:${orderId}`,
      topic: "sales",
      to: { userIds: [row.userId] },
      path: `/provider/orders/${orderId}`,
      text: (language) => ({ title: "listingSold.title", body: "listingSold.body", params: { count: row.quantity, show: language === "zh-HK" ? row.titleZh : row.titleEn } }),
    });
  } catch (error) {
    logError(error, { requestId: ctx.viewer.requestId, where: "mailSellerSold", orderId });
  }
}
