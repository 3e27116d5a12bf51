/**
 * Accounts: every way to sign in or register, sessions, and what a buyer sees of their account.
 *
 * Rules this folder keeps:
 * - An account exists only for a proven address: an emailed code, a provider's verified ID
 *   token, or a signed partner channel. Apple private relay addresses never make one.
 * - Passwords follow SPEC §5 (8+ characters with letters, numbers and symbols) and are kept as
 *   PBKDF2-SHA256 (100,000 iterations, 16-byte salt); codes and tokens only as SHA-256.
 * - Codes: 6 digits, 30 minutes, 5 tries, the latest per purpose; 5 mails per address per 24 h.
 * - Five failures of one kind (password, code) in 15 minutes lock that kind for 15 minutes.
 * - Sessions are opaque tokens, 30 days sliding, revocable; every sign-in issues a new one.
 * - A Google or Apple identity belongs to one account; an account has one of each.
 */
export * from "./schemas";
export { requestEmailCode, consumeEmailCode, CODE_TTL_MS, CODE_RESEND_INTERVAL_MS, CODE_MAILS_PER_ADDRESS, CODE_MAX_ATTEMPTS } from "./codes";
export { signInWithPassword, signInWithCode, registerWithPassword, resetPassword, type SignedIn } from "./sign-in";
export { signInWithIdentity, bindIdentity, type VerifiedIdentity } from "./third-party";
export { registerFromChannel, signChannelRequest, type ChannelProof } from "./channel-registry";
export {
  openSession,
  lookupSession,
  revokeSession,
  revokeAccountSessions,
  SESSION_TTL_MS,
  type IssuedSession,
  type SessionLookup,
} from "./sessions";
export { readUserInfo, maskEmail, isAppleRelayEmail, type UserInfo } from "./users";
export { FAILURES_BEFORE_LOCK, FAILURE_WINDOW_MS, LOCK_MS } from "./guards";
export { disableAccount } from "./disable";
