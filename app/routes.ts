/**
 * Every screen of SPEC §2 at the spec's own path. Tab screens share the tab bar layout.
 */
import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/tabs.tsx", [
    index("routes/home.tsx"),
    route("show-list", "routes/show-list.tsx"),
    route("news", "routes/news.tsx"),
    route("mine", "routes/mine.tsx"),
  ]),
  route("tourList", "routes/tour-list.tsx"),
  route("tourDetail", "routes/tour-detail.tsx"),
  route("pick-seat", "routes/pick-seat.tsx"),
  route("venue-render-v2", "routes/venue-render.tsx"),
  route("confirm-ticket", "routes/confirm-ticket.tsx"),
  route("events", "routes/events.tsx"),
  route("tags", "routes/tags.tsx"),
  route("media/poster/:file", "routes/resources/poster.ts"),
  route("location-select", "routes/location-select.tsx"),
  route("currency-select", "routes/currency-select.tsx"),
  route("language-select", "routes/language-select.tsx"),
  route("theme-select", "routes/theme-select.tsx"),
  route("faq", "routes/faq.tsx"),
  route("faqDetail", "routes/faq-detail.tsx"),
  route("emailSupport", "routes/email-support.tsx"),
  route("guarantee", "routes/guarantee.tsx"),
  route("refund", "routes/refund.tsx"),
  route("settings", "routes/settings.tsx"),
  route("about-us", "routes/about-us.tsx"),
  route("address-list", "routes/address-list.tsx"),
  route("address-create", "routes/address-create.tsx"),
  route("promo-code-list", "routes/promo-code-list.tsx"),
  route("select-coupon", "routes/select-coupon.tsx"),
  route("privacy-agreement", "routes/privacy-agreement.tsx"),
  route("user-agreement", "routes/user-agreement.tsx"),
  // Sign-in (SPEC §2 'Login: route not shown'): docs/decisions.md records these paths.
  route("login", "routes/login.tsx"),
  route("login/code", "routes/login.code.tsx"),
  route("register", "routes/register.tsx"),
  route("password/reset", "routes/password.reset.tsx"),
  route("logout", "routes/logout.tsx"),
  route("auth/:provider", "routes/auth.provider.tsx"),
  route("auth/:provider/callback", "routes/auth.callback.tsx"),
  route("dev-outbox", "routes/dev-outbox.tsx"),
  // The sandbox payment provider's hosted page (outside production): docs/decisions.md.
  route("sandbox-pay", "routes/sandbox-pay.tsx"),
  // Buying (SPEC §2 confirmOrder, paySuccess; the payment return URLs): docs/decisions.md.
  route("confirm-order", "routes/confirm-order.tsx"),
  route("pay-success", "routes/pay-success.tsx"),
  route("pay-success-new", "routes/pay-success-new.tsx"),
  route("ticket-detail", "routes/ticket-detail.tsx"),
  route("media/share/:file", "routes/resources/share-poster.ts"),
  // The buyer's orders (SPEC §2 myOrder, orderDetail, map).
  route("my-order", "routes/my-order.tsx"),
  route("order-detail", "routes/order-detail.tsx"),
  route("map", "routes/map.tsx"),
  // After-sales (SPEC §2 orderRefund, orderAfterSale, applyFor, processList).
  route("order-refund", "routes/order-refund.tsx"),
  route("order-after-sale", "routes/order-after-sale.tsx"),
  route("apply-for", "routes/apply-for.tsx"),
  route("process-list", "routes/process-list.tsx"),
  // Delivery (SPEC §2 pickupTicket, pickupTicketNa, pdfDownload; the e-ticket voucher and the
  // buyer's delivery steps): docs/decisions.md.
  route("pickup-ticket", "routes/pickup-ticket.tsx"),
  route("pickup-ticket-na", "routes/pickup-ticket-na.tsx"),
  route("e-ticket", "routes/e-ticket.tsx"),
  route("pdf-download", "routes/pdf-download.tsx"),
  route("media/e-ticket/:orderId/:file", "routes/resources/e-ticket.ts"),
  route("delivery-step", "routes/resources/delivery-step.ts"),
  // Staff consoles (SPEC §6 leaves staff unshown; docs/decisions.md): not found without the role.
  route("provider", "routes/provider.tsx"),
  route("provider/orders/:id", "routes/provider.order.tsx"),
  // Selling (issue 13): listings, payouts, the seller profile from Me: docs/decisions/selling.md.
  route("provider/listings", "routes/provider.listings.tsx"),
  route("provider/listings/new", "routes/provider.listing-new.tsx"),
  route("provider/listings/:id", "routes/provider.listing.tsx"),
  route("provider/payouts", "routes/provider.payouts.tsx"),
  route("sell", "routes/sell.tsx"),
  route("resell", "routes/resell.tsx"),
  route("support", "routes/support.tsx"),
  route("support/orders/:id", "routes/support.order.tsx"),
  route("support/cases", "routes/support.cases.tsx"),
  route("support/cases/:id", "routes/support.case.tsx"),
  route("support/demand", "routes/support.demand.tsx"),
  // Support's side of selling: payout holds, face-value proofs, law flags (docs/decisions/selling.md).
  route("support/payouts", "routes/support.payouts.tsx"),
  route("support/proofs", "routes/support.proofs.tsx"),
  route("support/proofs/:id/file", "routes/resources/support-proof.ts"),
  route("support/law", "routes/support.law.tsx"),
  // Buyer insight and hot on-sales: docs/decisions/demand.md.
  route("waiting-room", "routes/waiting-room.tsx"),
  route("alert-unsubscribe", "routes/alert-unsubscribe.tsx"),
  // Messages (SPEC §2 TUIChat, TUIGroup): docs/decisions/messaging.md.
  route("chat", "routes/chat.tsx"),
  route("chat-members", "routes/chat-members.tsx"),
  route("web-view", "routes/web-view.tsx"),
  route("video-play", "routes/video-play.tsx"),
  route("support/funnel", "routes/support.funnel.tsx"),
  route("student-certification", "routes/student-certification.tsx"),
  route("locales/:lng/:ns", "routes/resources/locales.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
