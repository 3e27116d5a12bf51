/**
 * Config: what a client needs to know before it shows anything (SPEC §3 global config, §7's
 * config calls), and the documents it must be able to show (the user agreement and the privacy
 * policy).
 *
 * - The global config is the same for everyone but for one thing: a signed-in viewer also gets
 *   the credential that signs them in to chat (`imInfo.userSig`). A guest gets null there, never
 *   an error: the config calls are noAuth, so a stale token does not raise a login.
 * - Anything that may be cached publicly (the static configs/global_config.json) is the guest's
 *   config, whoever asks.
 * - The viewer's setting is the language, currency and location this request resolved to, named
 *   in the viewer's language: the answer a client compares its stored choices with.
 * - Agreements ship with the code, in both languages, with a version and a date: a change to
 *   them is a release.
 */
export * from "./global-config";
export * from "./chat-credential";
export * from "./viewer-setting";
export * from "./agreements";
export * from "./agreement-text";
