/**
 * Every translation, by language and namespace. The server renders from these directly; the
 * browser fetches only the namespaces a page needs from /locales/{lng}/{ns}.
 * Add a namespace by adding its JSON file in both languages and listing it here.
 */
import enAbout from "./locales/en-US/about.json";
import enAccount from "./locales/en-US/account.json";
import enAddress from "./locales/en-US/address.json";
import enAftersale from "./locales/en-US/aftersale.json";
import enAftersalesScreens from "./locales/en-US/aftersales-screens.json";
import enApps from "./locales/en-US/apps.json";
import enBuy from "./locales/en-US/buy.json";
import enChat from "./locales/en-US/chat.json";
import enChatFind from "./locales/en-US/chat-find.json";
import enChatMedia from "./locales/en-US/chat-media.json";
import enCommon from "./locales/en-US/common.json";
import enConsole from "./locales/en-US/console.json";
import enCoupon from "./locales/en-US/coupon.json";
import enDelivery from "./locales/en-US/delivery.json";
import enDemand from "./locales/en-US/demand.json";
import enDiscover from "./locales/en-US/discover.json";
import enErrors from "./locales/en-US/errors.json";
import enExplore from "./locales/en-US/explore.json";
import enHelp from "./locales/en-US/help.json";
import enListingForm from "./locales/en-US/listing-form.json";
import enLive from "./locales/en-US/live.json";
import enMe from "./locales/en-US/me.json";
import enOrder from "./locales/en-US/order.json";
import enOrders from "./locales/en-US/orders.json";
import enPreferences from "./locales/en-US/preferences.json";
import enPush from "./locales/en-US/push.json";
import enSearch from "./locales/en-US/search.json";
import enSelling from "./locales/en-US/selling.json";
import enTour from "./locales/en-US/tour.json";
import zhAbout from "./locales/zh-HK/about.json";
import zhAccount from "./locales/zh-HK/account.json";
import zhAddress from "./locales/zh-HK/address.json";
import zhAftersale from "./locales/zh-HK/aftersale.json";
import zhAftersalesScreens from "./locales/zh-HK/aftersales-screens.json";
import zhApps from "./locales/zh-HK/apps.json";
import zhBuy from "./locales/zh-HK/buy.json";
import zhChat from "./locales/zh-HK/chat.json";
import zhChatFind from "./locales/zh-HK/chat-find.json";
import zhChatMedia from "./locales/zh-HK/chat-media.json";
import zhCommon from "./locales/zh-HK/common.json";
import zhConsole from "./locales/zh-HK/console.json";
import zhCoupon from "./locales/zh-HK/coupon.json";
import zhDelivery from "./locales/zh-HK/delivery.json";
import zhDemand from "./locales/zh-HK/demand.json";
import zhDiscover from "./locales/zh-HK/discover.json";
import zhErrors from "./locales/zh-HK/errors.json";
import zhExplore from "./locales/zh-HK/explore.json";
import zhHelp from "./locales/zh-HK/help.json";
import zhListingForm from "./locales/zh-HK/listing-form.json";
import zhLive from "./locales/zh-HK/live.json";
import zhMe from "./locales/zh-HK/me.json";
import zhOrder from "./locales/zh-HK/order.json";
import zhOrders from "./locales/zh-HK/orders.json";
import zhPreferences from "./locales/zh-HK/preferences.json";
import zhPush from "./locales/zh-HK/push.json";
import zhSearch from "./locales/zh-HK/search.json";
import zhSelling from "./locales/zh-HK/selling.json";
import zhTour from "./locales/zh-HK/tour.json";
import enGlossary from "../glossary/en-US.json";
import zhGlossary from "../glossary/zh-HK.json";

/**
 * The glossary's words are served inside the namespaces that show them, so every screen says a
 * delivery method or a delivery state the one way the glossary (and every mail) does.
 */
function withGlossary<T extends { order: object; buy: object; delivery: object }>(namespaces: T, glossary: typeof enGlossary) {
  return {
    ...namespaces,
    order: { ...namespaces.order, delivery: glossary.deliveryMethod },
    buy: { ...namespaces.buy, delivery: glossary.deliveryMethod },
    delivery: { ...namespaces.delivery, state: glossary.deliveryState },
    glossary,
  };
}

const namespaces = {
  "en-US": {
    about: enAbout,
    account: enAccount,
    address: enAddress,
    aftersale: enAftersale,
    "aftersales-screens": enAftersalesScreens,
    apps: enApps,
    buy: enBuy,
    chat: enChat,
    "chat-find": enChatFind,
    "chat-media": enChatMedia,
    common: enCommon,
    console: enConsole,
    coupon: enCoupon,
    delivery: enDelivery,
    demand: enDemand,
    discover: enDiscover,
    errors: enErrors,
    explore: enExplore,
    help: enHelp,
    "listing-form": enListingForm,
    live: enLive,
    me: enMe,
    order: enOrder,
    orders: enOrders,
    preferences: enPreferences,
    push: enPush,
    search: enSearch,
    selling: enSelling,
    tour: enTour,
  },
  "zh-HK": {
    about: zhAbout,
    account: zhAccount,
    address: zhAddress,
    aftersale: zhAftersale,
    "aftersales-screens": zhAftersalesScreens,
    apps: zhApps,
    buy: zhBuy,
    chat: zhChat,
    "chat-find": zhChatFind,
    "chat-media": zhChatMedia,
    common: zhCommon,
    console: zhConsole,
    coupon: zhCoupon,
    delivery: zhDelivery,
    demand: zhDemand,
    discover: zhDiscover,
    errors: zhErrors,
    explore: zhExplore,
    help: zhHelp,
    "listing-form": zhListingForm,
    live: zhLive,
    me: zhMe,
    order: zhOrder,
    orders: zhOrders,
    preferences: zhPreferences,
    push: zhPush,
    search: zhSearch,
    selling: zhSelling,
    tour: zhTour,
  },
} as const;

export const resources = {
  "en-US": withGlossary(namespaces["en-US"], enGlossary),
  "zh-HK": withGlossary(namespaces["zh-HK"], zhGlossary),
} as const;

export type Namespace = keyof (typeof resources)["en-US"];
