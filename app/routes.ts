/**
 * Every screen of SPEC §2 at the spec's own path. Tab screens share the tab bar layout.
 */
import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/tabs/route.tsx", { id: "routes/tabs" }, [
    index("routes/home/route.tsx", { id: "routes/home" }),
    route("show-list", "routes/show-list/route.tsx", { id: "routes/show-list" }),
    route("news", "routes/news/route.tsx", { id: "routes/news" }),
    route("mine", "routes/mine/route.tsx", { id: "routes/mine" }),
  ]),
  // Search (issue 32): every show, artist, venue and city by name, in either language.
  route("search", "routes/search/route.tsx", { id: "routes/search" }),
  route("tourList", "routes/tour-list.tsx"),
  route("tourDetail", "routes/tour-detail/route.tsx", { id: "routes/tour-detail" }),
  route("pick-seat", "routes/pick-seat/route.tsx", { id: "routes/pick-seat" }),
  route("venue-render-v2", "routes/venue-render.tsx"),
  route("confirm-ticket", "routes/confirm-ticket/route.tsx", { id: "routes/confirm-ticket" }),
  route("events", "routes/events/route.tsx", { id: "routes/events" }),
  route("tags", "routes/tags.tsx"),
  route("media/poster/:file", "routes/resources/poster.ts"),
  route("location-select", "routes/location-select/route.tsx", { id: "routes/location-select" }),
  route("currency-select", "routes/currency-select.tsx"),
  route("language-select", "routes/language-select.tsx"),
  route("theme-select", "routes/theme-select.tsx"),
  route("faq", "routes/faq.tsx"),
  route("faqDetail", "routes/faq-detail.tsx"),
  route("emailSupport", "routes/email-support/route.tsx", { id: "routes/email-support" }),
  route("guarantee", "routes/guarantee.tsx"),
  route("refund", "routes/refund.tsx"),
  route("settings", "routes/settings/route.tsx", { id: "routes/settings" }),
  // Web push for this device (issue 35): topics, quiet hours, on and off.
  route("settings/notifications", "routes/notifications/route.tsx", { id: "routes/notifications" }),
  route("about-us", "routes/about-us/route.tsx", { id: "routes/about-us" }),
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
  route("dev-outbox", "routes/dev-outbox/route.tsx", { id: "routes/dev-outbox" }),
  // The sandbox payment provider's hosted page (outside production): docs/decisions.md.
  route("sandbox-pay", "routes/sandbox-pay/route.tsx", { id: "routes/sandbox-pay" }),
  // Buying (SPEC §2 confirmOrder, paySuccess; the payment return URLs): docs/decisions.md.
  route("confirm-order", "routes/confirm-order/route.tsx", { id: "routes/confirm-order" }),
  route("pay-success", "routes/pay-success/route.tsx", { id: "routes/pay-success" }),
  route("pay-success-new", "routes/pay-success-new.tsx"),
  route("ticket-detail", "routes/ticket-detail.tsx"),
  route("media/share/:file", "routes/resources/share-poster.ts"),
  // The buyer's orders (SPEC §2 myOrder, orderDetail, map).
  route("my-order", "routes/my-order/route.tsx", { id: "routes/my-order" }),
  route("order-detail", "routes/order-detail/route.tsx", { id: "routes/order-detail" }),
  route("map", "routes/map.tsx"),
  // After-sales (SPEC §2 orderRefund, orderAfterSale, applyFor, processList).
  route("order-refund", "routes/order-refund.tsx"),
  route("order-after-sale", "routes/order-after-sale.tsx"),
  route("apply-for", "routes/apply-for/route.tsx", { id: "routes/apply-for" }),
  route("process-list", "routes/process-list/route.tsx", { id: "routes/process-list" }),
  // Delivery (SPEC §2 pickupTicket, pickupTicketNa, pdfDownload; the e-ticket voucher and the
  // buyer's delivery steps): docs/decisions.md.
  route("pickup-ticket", "routes/pickup-ticket/route.tsx", { id: "routes/pickup-ticket" }),
  route("pickup-ticket-na", "routes/pickup-ticket-na.tsx"),
  route("e-ticket", "routes/e-ticket/route.tsx", { id: "routes/e-ticket" }),
  route("pdf-download", "routes/pdf-download/route.tsx", { id: "routes/pdf-download" }),
  route("media/e-ticket/:orderId/:file", "routes/resources/e-ticket.ts"),
  // Tickets at the gate (Ovation entry codes, decision 299): the holder's tickets and the door's scanner.
  route("tickets", "routes/tickets/route.tsx", { id: "routes/tickets" }),
  route("tickets/:id", "routes/ticket/route.tsx", { id: "routes/ticket" }),
  route("tickets/:id/apple-wallet.pkpass", "routes/resources/apple-wallet-pass.ts"),
  route("provider/scan", "routes/provider.scan/route.tsx", { id: "routes/provider.scan" }),
  route("delivery-step", "routes/resources/delivery-step.ts"),
  // Selling: listings, payouts, the seller profile from Me: docs/decisions.md #91-#99; each
  // screen named for who the viewer sells as (decision 250).
  layout("routes/selling-frame.tsx", [
    route("provider", "routes/provider.tsx"),
    route("provider/orders/:id", "routes/provider.order/route.tsx", { id: "routes/provider.order" }),
    route("provider/listings", "routes/provider.listings.tsx"),
    route("provider/listings/new", "routes/provider.listing-new/route.tsx", { id: "routes/provider.listing-new" }),
    route("provider/listings/:id", "routes/provider.listing.tsx"),
    route("provider/payouts", "routes/provider.payouts.tsx"),
    route("provider/chats", "routes/provider.chats.tsx"),
    route("sell", "routes/sell.tsx"),
    route("resell", "routes/resell.tsx"),
  ]),
  // Staff consoles (SPEC §6 leaves staff unshown; docs/decisions.md): not found without the role.
  route("support", "routes/support.tsx"),
  route("support/orders/:id", "routes/support.order.tsx"),
  route("support/cases", "routes/support.cases.tsx"),
  route("support/cases/:id", "routes/support.case.tsx"),
  route("support/demand", "routes/support.demand.tsx"),
  // Support's side of selling: payout holds, face-value proofs, law flags (docs/decisions.md #132, #133).
  route("support/payouts", "routes/support.payouts.tsx"),
  route("support/proofs", "routes/support.proofs.tsx"),
  route("support/proofs/:id/file", "routes/resources/support-proof.ts"),
  route("support/law", "routes/support.law.tsx"),
  // Buyer insight and hot on-sales: docs/decisions.md #76-#83.
  route("waiting-room", "routes/waiting-room.tsx"),
  route("alert-unsubscribe", "routes/alert-unsubscribe.tsx"),
  // Messages (SPEC §2 TUIChat, TUIGroup): docs/decisions.md #100-#106.
  route("chat", "routes/chat.tsx"),
  route("chat-members", "routes/chat-members/route.tsx", { id: "routes/chat-members" }),
  route("chat-contacts", "routes/chat-contacts.tsx"),
  route("chat-search", "routes/chat-search.tsx"),
  route("chat-image", "routes/chat-image.tsx"),
  route("chat-location", "routes/chat-location.tsx"),
  route("support/chats", "routes/support.chats.tsx"),
  route("web-view", "routes/web-view.tsx"),
  route("video-play", "routes/video-play.tsx"),
  route("support/funnel", "routes/support.funnel.tsx"),
  route("student-certification", "routes/student-certification.tsx"),
  route("locales/:lng/:ns", "routes/resources/locales.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
