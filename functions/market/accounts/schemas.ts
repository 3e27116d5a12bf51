/**
 * What a sign-in, registration or password form may carry. Shared by the web forms (conform,
 * in the browser and in actions) and the JSON API, so a rule is written once. This module
 * imports zod/mini only: the browser bundles it (docs/decisions.md 174).
 *
 * Error messages are keys in the `account` namespace; each door translates them.
 */
import * as z from "zod/mini";
import { EMBEDDED_CHANNELS } from "../preferences/channels";

/** SPEC §5: at least 8 characters. The upper bound keeps hashing cheap for hostile input. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const CODE_LENGTH = 6;

export const emailField = z.pipe(
  z.string({ error: "validation.emailRequired" }).check(z.trim(), z.toLowerCase(), z.maxLength(254, { error: "validation.emailInvalid" })),
  z.email({ error: "validation.emailInvalid" }),
);

/** SPEC §5: at least 8 characters with letters, numbers and symbols. */
export const newPasswordField = z.string({ error: "validation.passwordRequired" }).check(
  z.minLength(PASSWORD_MIN_LENGTH, { error: "validation.passwordRule" }),
  z.maxLength(PASSWORD_MAX_LENGTH, { error: "validation.passwordTooLong" }),
  z.regex(/\p{L}/u, { error: "validation.passwordRule" }),
  z.regex(/\p{N}/u, { error: "validation.passwordRule" }),
  z.regex(/[^\p{L}\p{N}\s]/u, { error: "validation.passwordRule" }),
);

/** A password being checked, not chosen: any length the rule ever allowed. */
export const currentPasswordField = z
  .string({ error: "validation.passwordRequired" })
  .check(z.minLength(1, { error: "validation.passwordRequired" }), z.maxLength(PASSWORD_MAX_LENGTH, { error: "validation.passwordTooLong" }));

export const codeField = z.string({ error: "validation.codeRequired" }).check(z.trim(), z.regex(/^\d{6}$/, { error: "validation.codeFormat" }));

const nickNameField = z.optional(z.string().check(z.trim(), z.maxLength(32, { error: "validation.nickNameTooLong" })));

/** Where to go after signing in; anything that is not a same-site path is dropped by the web door. */
const redirectToField = z.optional(z.string().check(z.maxLength(2048)));

export const passwordLoginSchema = z.object({
  email: emailField,
  password: currentPasswordField,
  redirectTo: redirectToField,
});

export const sendCodeSchema = z.object({
  email: emailField,
  redirectTo: redirectToField,
});

export const codeLoginSchema = z.object({
  email: emailField,
  code: codeField,
  redirectTo: redirectToField,
});

export const registerSchema = z.object({
  email: emailField,
  code: codeField,
  password: newPasswordField,
  nickName: nickNameField,
  redirectTo: redirectToField,
});

export const resetPasswordSchema = z.object({
  email: emailField,
  code: codeField,
  password: newPasswordField,
  redirectTo: redirectToField,
});

/** The API's code request: which screen the code is for. */
export const codeRequestSchema = z.object({
  email: emailField,
  scene: z.enum(["login", "register", "reset"], { error: "validation.sceneInvalid" }),
});

/** A third-party ID token obtained by a native app (Sign in with Apple, Google Sign-In). */
export const thirdPartyTokenSchema = z.object({
  provider: z.enum(["google", "apple"], { error: "validation.providerInvalid" }),
  idToken: z.string().check(z.minLength(20), z.maxLength(8192)),
  /** The nonce the app put in the authorization request, when it used one. */
  nonce: z.optional(z.string().check(z.maxLength(256))),
  /** Apple sends the name only on the first authorization, outside the ID token. */
  firstName: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  lastName: z.optional(z.string().check(z.trim(), z.maxLength(64))),
});

/** SPEC §7 POST /user/v1/registry: the fields an embedded channel's app supplies. */
export const channelRegistrySchema = z
  .object({
    email: z.optional(emailField),
    phone: z.optional(
      z.pipe(
        z.string().check(z.trim(), z.regex(/^\+?[0-9][0-9 -]{5,19}$/, { error: "validation.phoneInvalid" })),
        z.transform((phone: string) => phone.replace(/[ -]/g, "")),
      ),
    ),
    nickName: nickNameField,
    channel: z.enum(EMBEDDED_CHANNELS, { error: "validation.channelInvalid" }),
    deviceId: z.optional(z.string().check(z.trim(), z.maxLength(128))),
    language: z.optional(z.string().check(z.maxLength(16))),
  })
  .check(
    z.refine((fields) => fields.email !== undefined || fields.phone !== undefined, {
      error: "validation.emailOrPhoneRequired",
      path: ["email"],
    }),
  );
