/**
 * The friend's mail when a ticket is transferred to them: what it is for and where it is, in
 * their own language. A mail never undoes the transfer that caused it: a failure is logged.
 */
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import type { MarketContext } from "../context";
import { isLanguage } from "../context/language";
import type { Language } from "../context/viewer";
import { publicOrigin } from "../config/deployment";
import { serviceMail } from "../context/service-mail";
import { logError } from "../../observability";

const WORDS: Record<
  Language,
  {
    subject: (title: string) => string;
    body: (title: string) => string;
    open: (link: string) => string;
  }
> = {
  "en-US": {
    subject: (title) => `A ticket for you: ${title}`,
    body: (title) =>
      `A friend sent you a ticket for ${title} on Ovation. It is yours now: its code at the door is made on your phone and works with no signal once you have opened it.`,
    open: (link) => `Open your ticket: ${link}`,
  },
  "zh-HK": {
    subject: (title) => `你收到一張門票：${title}`,
    body: (title) => `朋友在 Ovation 把 ${title} 的門票轉讓給你，門票現已屬於你。入場碼在你的手機上產生，打開一次後即使沒有網絡也能使用。`,
    open: (link) => `打開你的門票：${link}`,
  },
};

export async function mailTicketReceived(
  ctx: MarketContext,
  facts: {
    ticketId: number;
    toUserId: number;
    title: { en: string; zh: string };
  },
): Promise<void> {
  try {
    const [friend] = await ctx.db.select({ email: users.email, language: users.defaultLanguage }).from(users).where(eq(users.id, facts.toUserId)).limit(1);
    if (!friend?.email) return;
    const language: Language = isLanguage(friend.language) ? friend.language : "en-US";
    const words = WORDS[language];
    const title = language === "zh-HK" ? facts.title.zh : facts.title.en;
    await ctx.mail.send(
      serviceMail({
        to: friend.email,
        kind: "ticket_transferred",
        language,
        subject: words.subject(title),
        paragraphs: [words.body(title), words.open(`${publicOrigin(ctx)}/tickets/${facts.ticketId}`)],
      }),
    );
  } catch (error) {
    logError(error, {
      requestId: ctx.viewer.requestId,
      where: "mailTicketReceived",
      ticketId: facts.ticketId,
    });
  }
}
