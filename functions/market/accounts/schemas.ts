/**
 * What a sign-in, registration or password form may carry. Shared by the web forms (conform,
 * in the browser and in actions) and the JSON API, so a rule is written once. This module
 * imports zod only: the browser bundles it.
 *
 * Error messages are keys in the `account` namespace; each door translates them.
 */
import { z } from "zod";
import { EMBEDDED_CHANNELS } from "./channels";

/** SPEC §5: at least 8 characters. The upper bound keeps hashing cheap for hostile input. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const CODE_LENGTH = 6;

export { EMBEDDED_CHANNELS, type EmbeddedChannel } from "./channels";

export const emailField = z
  .string({ error: "validation.emailRequired" })
  .trim()
  .toLowerCase()
  .max(254, { error: "validation.emailInvalid" })
  .pipe(z.email({ error: "validation.emailInvalid" }));

/** SPEC §5: at least 8 characters with letters, numbers and symbols. */
export const newPasswordField = z
  .string({ error: "validation.passwordRequired" })
  .min(PASSWORD_MIN_LENGTH, { error: "validation.passwordRule" })
  .max(PASSWORD_MAX_LENGTH, { error: "validation.passwordTooLong" })
  .regex(/\p{L}/u, { error: "validation.passwordRule" })
  .regex(/\p{N}/u, { error: "validation.passwordRule" })
  .regex(/[^\p{L}\p{N}\s]/u, { error: "validation.passwordRule" });

/** A password being checked, not chosen: any length the rule ever allowed. */
export const currentPasswordField = z
  .string({ error: "validation.passwordRequired" })
  .min(1, { error: "validation.passwordRequired" })
  .max(PASSWORD_MAX_LENGTH, { error: "validation.passwordTooLong" });

export const codeField = z
  .string({ error: "validation.codeRequired" })
  .trim()
  .regex(/^\d{6}$/, { error: "validation.codeFormat" });

const nickNameField = z.string().trim().max(32, { error: "validation.nickNameTooLong" }).optional();

/** Where to go after signing in; anything that is not a same-site path is dropped by the web door. */
const redirectToField = z.string().max(2048).optional();

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
  idToken: z.string().min(20).max(8192),
  /** The nonce the app put in the authorization request, when it used one. */
  nonce: z.string().max(256).optional(),
  /** Apple sends the name only on the first authorization, outside the ID token. */
  firstName: z.string().trim().max(64).optional(),
  lastName: z.string().trim().max(64).optional(),
});

/** SPEC §7 POST /user/v1/registry: the fields an embedded channel's app supplies. */
export const channelRegistrySchema = z
  .object({
    email: emailField.optional(),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9][0-9 -]{5,19}$/, { error: "validation.phoneInvalid" })
      .transform((phone) => phone.replace(/[ -]/g, ""))
      .optional(),
    nickName: nickNameField,
    channel: z.enum(EMBEDDED_CHANNELS, { error: "validation.channelInvalid" }),
    deviceId: z.string().trim().max(128).optional(),
    language: z.string().max(16).optional(),
  })
  .refine((fields) => fields.email !== undefined || fields.phone !== undefined, {
    error: "validation.emailOrPhoneRequired",
    path: ["email"],
  });
