import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bilingual, flag, link } from "./columns";

export const SHOW_STATUSES = ["PENDING", "ONSALE", "CANCEL", "CLOSE", "DISABLED"] as const;
export type ShowStatus = (typeof SHOW_STATUSES)[number];

export const DELIVERY_METHODS = [
  "EXPRESS",
  "SELF_PICKUP",
  "ON_SITE",
  "E_TICKET",
  "TICKET_TRANSFER",
  "CUSTOMER_REDEMPTION",
] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/**
 * How a listing may be split. `any`: any quantity; `no_single`: never leave exactly one ticket
 * behind; `pairs`: even quantities only; `all`: the whole listing at once.
 */
export const SPLIT_RULES = ["any", "no_single", "pairs", "all"] as const;
export type SplitRule = (typeof SPLIT_RULES)[number];

/** The palettes a tour's poster art may be drawn in (tours.poster_palette); their colours are market/catalog/poster.ts's. */
export const POSTER_PALETTE_NAMES = [
  "neon-night",
  "sunset-boulevard",
  "harbour-blue",
  "jade-garden",
  "crimson-stage",
  "golden-hour",
  "violet-haze",
  "citrus-pop",
  "midnight-ink",
  "rose-quartz",
] as const;
export type PosterPaletteName = (typeof POSTER_PALETTE_NAMES)[number];

/** Countries/regions and the cities inside them (kind), both as SPEC §3 locations. */
export const locations = sqliteTable("locations", {
  id: integer("id").primaryKey(),
  code: text("code").notNull().unique(),
  kind: text("kind", { enum: ["region", "city"] }).notNull(),
  ...bilingual("name"),
  parentCode: text("parent_code"),
  phoneCode: text("phone_code").notNull(),
  isDefault: flag("is_default"),
  clientHidden: flag("client_hidden"),
  currencyCode: text("currency_code").notNull(),
  languageCode: text("language_code").notNull(),
  timeZone: text("time_zone").notNull(),
  sort: integer("sort").notNull().default(0),
});

export const currencies = sqliteTable("currencies", {
  code: text("code").primaryKey(),
  ...bilingual("name"),
  symbol: text("symbol").notNull(),
  /** Digits after the decimal point (JPY and KRW have none). */
  minorUnits: integer("minor_units").notNull(),
  /** Units of this currency per 1 USD, times 1,000,000 (integer, so rates are exact). */
  perUsdMicros: integer("per_usd_micros").notNull(),
  sort: integer("sort").notNull().default(0),
});

export const languages = sqliteTable("languages", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  sort: integer("sort").notNull().default(0),
});

export const categories = sqliteTable("categories", {
  id: integer("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  ...bilingual("name"),
  sort: integer("sort").notNull().default(0),
});

export const tags = sqliteTable("tags", {
  id: integer("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  ...bilingual("name"),
});

export const venues = sqliteTable("venues", {
  id: integer("id").primaryKey(),
  cityCode: text("city_code").notNull(),
  ...bilingual("name"),
  /** What people also call it (紅館 for the Hong Kong Coliseum), searched beside its name; null when nothing (0019). */
  nicknameEn: text("nickname_en"),
  nicknameZh: text("nickname_zh"),
  ...bilingual("address"),
  timeZone: text("time_zone").notNull(),
  kind: text("kind", { enum: ["stadium", "arena", "theatre", "hall", "club", "park"] }).notNull(),
  capacity: integer("capacity").notNull(),
  lat: integer("lat_e6").notNull(),
  lng: integer("lng_e6").notNull(),
  /** The seat map's SVG viewBox width and height. */
  mapWidth: integer("map_width").notNull(),
  mapHeight: integer("map_height").notNull(),
});

/** A section of a venue's seat map: its outline (SVG path), zone and sight line. */
export const venueSections = sqliteTable(
  "venue_sections",
  {
    id: integer("id").primaryKey(),
    venueId: link("venue_id", () => venues.id),
    code: text("code").notNull(),
    ...bilingual("name"),
    zone: text("zone", { enum: ["floor", "vip", "lower", "middle", "upper", "balcony", "ga"] }).notNull(),
    path: text("path").notNull(),
    labelX: integer("label_x").notNull(),
    labelY: integer("label_y").notNull(),
    obstructed: flag("obstructed"),
    generalAdmission: flag("general_admission"),
    rows: integer("rows").notNull(),
    seatsPerRow: integer("seats_per_row").notNull(),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [uniqueIndex("venue_sections_code").on(t.venueId, t.code)],
);

/** A tour: one production or artist's run, shown in one or many cities. */
export const tours = sqliteTable(
  "tours",
  {
    id: integer("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    categoryId: link("category_id", () => categories.id),
    ...bilingual("title"),
    ...bilingual("artist"),
    ...bilingual("description"),
    /** Inputs of the generated poster art (see market/catalog/poster.ts). */
    posterSeed: integer("poster_seed").notNull(),
    posterPalette: text("poster_palette").notNull(),
    /** Top Picks order: higher first. */
    popularity: integer("popularity").notNull().default(0),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("tours_category").on(t.categoryId)],
);

export const tourTags = sqliteTable(
  "tour_tags",
  {
    tourId: link("tour_id", () => tours.id),
    tagId: link("tag_id", () => tags.id),
  },
  (t) => [primaryKey({ columns: [t.tourId, t.tagId] })],
);

/** A show: a tour's stop at one venue in one city, with SPEC §3's status. */
export const shows = sqliteTable(
  "shows",
  {
    id: integer("id").primaryKey(),
    tourId: link("tour_id", () => tours.id),
    venueId: link("venue_id", () => venues.id),
    cityCode: text("city_code").notNull(),
    status: text("status", { enum: SHOW_STATUSES }).notNull(),
    /** When sales open (a PENDING show shows this). */
    saleStartsAt: integer("sale_starts_at").notNull(),
  },
  (t) => [index("shows_tour").on(t.tourId), index("shows_city").on(t.cityCode, t.status), index("shows_venue").on(t.venueId, t.status),
    index("shows_venue_order").on(t.venueId, t.id), index("shows_city_order").on(t.cityCode, t.id)],
);

/** A session: one performance of a show, at a start time (shown in the venue's time zone). */
export const sessions = sqliteTable(
  "sessions",
  {
    id: integer("id").primaryKey(),
    showId: link("show_id", () => shows.id),
    startsAt: integer("starts_at").notNull(),
    /** Sales close at this instant (saleOvertime after it). */
    saleEndsAt: integer("sale_ends_at").notNull(),
    /** Bumped by trigger with every change to what the session offers (migration 0018, decision 269). */
    inventoryVersion: integer("inventory_version").notNull().default(0),
  },
  (t) => [
    index("sessions_show").on(t.showId),
    index("sessions_starts").on(t.startsAt),
    // Search counts shows to come from the index alone (migration 0020).
    index("sessions_show_times").on(t.showId, t.startsAt, t.saleEndsAt),
  ],
);

/** A seller, shown to buyers as a ticket provider they can chat with or call. */
export const sellers = sqliteTable("sellers", {
  id: integer("id").primaryKey(),
  nickname: text("nickname").notNull(),
  phone: text("phone").notNull(),
  rating: integer("rating_x10").notNull().default(50),
  createdAt: integer("created_at").notNull(),
});

/** Tickets a seller offers for one session, in the seller's (trade) currency. */
export const listings = sqliteTable(
  "listings",
  {
    id: integer("id").primaryKey(),
    sessionId: link("session_id", () => sessions.id),
    sellerId: link("seller_id", () => sellers.id),
    sectionId: link("section_id", () => venueSections.id),
    /** Row label, or null for general admission. */
    rowLabel: text("row_label"),
    /** First seat number, or null for general admission; seats run consecutively when seatsTogether. */
    seatFrom: integer("seat_from"),
    seatsTogether: flag("seats_together", true),
    /** Tickets the seller listed; what is left is this minus paid and live held quantities. */
    quantity: integer("quantity").notNull(),
    priceMinor: integer("price_minor").notNull(),
    faceValueMinor: integer("face_value_minor").notNull(),
    currencyCode: text("currency_code").notNull(),
    deliveryMethod: text("delivery_method", { enum: DELIVERY_METHODS }).notNull(),
    splitRule: text("split_rule", { enum: SPLIT_RULES }).notNull(),
    /** E_TICKET listings whose files were uploaded with the listing are delivered at once. */
    eTicketReady: flag("e_ticket_ready"),
    /** E_TICKET listings whose entry codes Ovation issues (a rotating QR its door scans): migration 0022. */
    entryCodes: flag("entry_codes"),
    /** Marked by the seller for certified students only (migration 0011; see schema/apps.ts). */
    studentsOnly: flag("students_only"),
    listedAt: integer("listed_at").notNull(),
  },
  (t) => [index("listings_session").on(t.sessionId, t.priceMinor), index("listings_section").on(t.sectionId)],
);

/**
 * A buyer's wish to hear when a tour's tickets (or new dates) appear; since 0010 it may follow
 * one session (0 = the whole tour) and carry a price to fall under (market/alerts).
 */
export const ticketAlerts = sqliteTable(
  "ticket_alerts",
  {
    id: integer("id").primaryKey(),
    tourId: link("tour_id", () => tours.id),
    email: text("email").notNull(),
    language: text("language").notNull(),
    createdAt: integer("created_at").notNull(),
    sessionId: integer("session_id").notNull().default(0),
    priceBelowMinor: integer("price_below_minor"),
    priceCurrency: text("price_currency"),
    /** What the last look saw (null: never looked): a mail goes out when these turn true. */
    seenAvailable: integer("seen_available", { mode: "boolean" }),
    seenBelow: integer("seen_below", { mode: "boolean" }),
    lastMailedAt: integer("last_mailed_at"),
    unsubscribedAt: integer("unsubscribed_at"),
  },
  (t) => [uniqueIndex("ticket_alerts_scope_email").on(t.tourId, t.sessionId, t.email)],
);

