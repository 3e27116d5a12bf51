/**
 * Accounts: buyers, the third-party identities linked to them, their signed-in sessions, the
 * emailed verification codes and sign-in lockouts that guard them, the mail outbox every
 * product mail passes through, and the FAQ contact requests (SPEC §3) that mail support.
 *
 * Emails are stored trimmed and lower-cased, so equality is plain equality. Secrets never sit
 * in a column in the clear: passwords as PBKDF2 hashes, session tokens and codes as SHA-256.
 */
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { flag, link, timestamps } from "./columns";

export const THIRD_PARTY_PROVIDERS = ["google", "apple"] as const;
export type ThirdPartyProvider = (typeof THIRD_PARTY_PROVIDERS)[number];

/** What an emailed code proves the mailbox owner wants to do. */
export const CODE_PURPOSES = ["login", "register", "reset"] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/** The two ways a sign-in can fail repeatedly and lock (SPEC §8 emailPwsLoginLimit, emailCodeLoginLimit). */
export const SIGN_IN_GUARD_KINDS = ["password", "code"] as const;
export type SignInGuardKind = (typeof SIGN_IN_GUARD_KINDS)[number];

/**
 * `held`: kept in the outbox only (no provider configured; read at /dev-outbox). `queued`: waiting
 * for the mail provider (first try failed or not yet made). `sent`: the provider accepted it.
 * `failed`: gave up after repeated provider failures.
 */
export const MAIL_STATUSES = ["held", "queued", "sent", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey(),
    /** Null only for phone-only accounts of an embedded channel. */
    email: text("email"),
    emailVerifiedAt: integer("email_verified_at"),
    phone: text("phone"),
    nickName: text("nick_name"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    avatar: text("avatar"),
    defaultLanguage: text("default_language").notNull().default("en-US"),
    /** `pbkdf2-sha256$<iterations>$<salt>$<hash>` (base64url); null until a password is set. */
    passwordHash: text("password_hash"),
    /** Where the account was made: web, app, MTL_LAUNCH, PiaoXiaoer. */
    channel: text("channel").notNull().default("web"),
    disabledAt: integer("disabled_at"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("users_email").on(t.email), uniqueIndex("users_phone").on(t.phone)],
);

/** A Google or Apple account linked to one of ours; one of each provider per account. */
export const userIdentities = sqliteTable(
  "user_identities",
  {
    id: integer("id").primaryKey(),
    userId: link("user_id", () => users.id),
    provider: text("provider", { enum: THIRD_PARTY_PROVIDERS }).notNull(),
    /** The provider's stable subject (`sub` of its ID token). */
    subject: text("subject").notNull(),
    /** The email the provider reported when linked (may be an Apple private relay address). */
    email: text("email"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("user_identities_subject").on(t.provider, t.subject),
    uniqueIndex("user_identities_user_provider").on(t.userId, t.provider),
  ],
);

/**
 * A signed-in session. The bearer token is never stored, only its SHA-256; `publicId` is the
 * SPEC's `tsessionid`, safe to log. Expiry slides with use; revocation is a timestamp.
 */
export const userSessions = sqliteTable(
  "user_sessions",
  {
    id: integer("id").primaryKey(),
    publicId: text("public_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    userId: link("user_id", () => users.id),
    /** The sign-in that opened this session also created the account (SPEC §3 newUser). */
    registered: flag("registered"),
    channel: text("channel").notNull(),
    deviceId: text("device_id"),
    createdAt: integer("created_at").notNull(),
    lastSeenAt: integer("last_seen_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    revokedAt: integer("revoked_at"),
  },
  (t) => [
    uniqueIndex("user_sessions_token").on(t.tokenHash),
    uniqueIndex("user_sessions_public").on(t.publicId),
    index("user_sessions_user").on(t.userId),
  ],
);

/** A 6-digit code mailed to an address; only the latest live one per purpose counts. */
export const emailCodes = sqliteTable(
  "email_codes",
  {
    id: integer("id").primaryKey(),
    email: text("email").notNull(),
    purpose: text("purpose", { enum: CODE_PURPOSES }).notNull(),
    /** SHA-256 of salt and code (base64url). */
    codeHash: text("code_hash").notNull(),
    salt: text("salt").notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    /** Who asked (the caller's network address), for the per-requester limit; null when unknown. */
    requester: text("requester"),
  },
  (t) => [index("email_codes_email").on(t.email, t.createdAt), index("email_codes_requester").on(t.requester, t.createdAt)],
);

/**
 * Nonces of partner sign-ins already used: a signature is accepted once, and its row is kept
 * until the signature would have expired anyway.
 */
export const channelNonces = sqliteTable(
  "channel_nonces",
  {
    nonce: text("nonce").primaryKey(),
    channel: text("channel").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("channel_nonces_expiry").on(t.expiresAt)],
);


/**
 * Consecutive sign-in failures for an address, per kind, inside the current window, and the
 * lock they caused. Kept by address, not account, so it says nothing about whether one exists.
 */
export const signInGuards = sqliteTable(
  "sign_in_guards",
  {
    email: text("email").notNull(),
    kind: text("kind", { enum: SIGN_IN_GUARD_KINDS }).notNull(),
    failures: integer("failures").notNull().default(0),
    windowStartedAt: integer("window_started_at").notNull(),
    lockedUntil: integer("locked_until"),
  },
  (t) => [primaryKey({ columns: [t.email, t.kind] })],
);

/** Every mail the product sends, in the order it was asked for; the provider is fed from here. */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey(),
    toAddress: text("to_address").notNull(),
    /** What the mail is (verify_code, support_request, …), for the outbox page and support. */
    kind: text("kind").notNull(),
    language: text("language").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    /** JSON object of extra headers (List-Unsubscribe on alert mail; migration 0013). */
    headers: text("headers"),
    status: text("status", { enum: MAIL_STATUSES }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: integer("next_attempt_at"),
    createdAt: integer("created_at").notNull(),
    sentAt: integer("sent_at"),
  },
  (t) => [index("mail_outbox_to").on(t.toAddress, t.createdAt), index("mail_outbox_pending").on(t.status, t.nextAttemptAt)],
);

/** SPEC §3 FAQ contact: a buyer's (or guest's) question for customer support. */
export const supportRequests = sqliteTable(
  "support_requests",
  {
    id: integer("id").primaryKey(),
    issueType: text("issue_type").notNull(),
    orderNo: text("order_no"),
    name: text("name").notNull(),
    contactEmail: text("contact_email").notNull(),
    phone: text("phone"),
    message: text("message").notNull(),
    language: text("language").notNull(),
    userId: integer("user_id").references(() => users.id),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("support_requests_email").on(t.contactEmail, t.createdAt), index("support_requests_user").on(t.userId)],
);
