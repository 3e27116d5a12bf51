/**
 * Demand: what buyers learn from the market (price history, deal signals) and how a hot on-sale
 * is kept fair (the waiting room at the edge). Each file states its own rules.
 */
export * from "./price-history";
export * from "../listings/deal-signal";
export * from "./high-demand";
export * from "./admission";
export { WaitingRoom, drawOf, type NowAdmitting, type DrawLine } from "./waiting-room";
export * from "./queue-place";
export { shardsFor, shardPace, DEFAULT_EXPECTED_ARRIVALS } from "./room";
