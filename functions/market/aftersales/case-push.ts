/**
 * Tells the buyer's devices that take sales and after-sales news that their case moved: decided
 * (approved or not) and, for a refund, sent. Once per case and step. Never throws.
 */
import { eq } from "drizzle-orm";
import { afterSaleCases, orders } from "../../db/schema";
import type { MarketContext } from "../context";
import { notify } from "../notifications";
import { logError } from "../../observability";

export type CaseStep = "approved" | "rejected" | "refunded";

export async function pushCaseStep(ctx: MarketContext, caseId: number, step: CaseStep): Promise<void> {
  try {
    const [row] = await ctx.db
      .select({ userId: afterSaleCases.userId, orderId: afterSaleCases.orderId, orderNo: orders.orderNo })
      .from(afterSaleCases)
      .innerJoin(orders, eq(orders.id, afterSaleCases.orderId))
      .where(eq(afterSaleCases.id, caseId))
      .limit(1);
    if (!row) return;
    await notify(ctx, {
      key: `after-sale:${caseId}:${step}`,
      topic: "sales",
      to: { userIds: [row.userId] },
      path: `/order-detail?id=${row.orderId}`,
      text: { title: "afterSale.title", body: `afterSale.${step}`, params: { orderNo: row.orderNo } },
      tag: `order-${row.orderId}`,
    });
  } catch (error) {
    logError(error, { requestId: ctx.viewer.requestId, where: "pushCaseStep", caseId });
  }
}
