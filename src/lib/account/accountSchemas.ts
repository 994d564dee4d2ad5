// Field rules shared by every account form (sign-in, sign-up, reset, admin, settings), with the
// Italian messages shown under the fields. The server checks the same rules again.
import * as z from "zod/mini";
// The server's own pattern, so both sides agree on what an email is.
import { EMAIL_PATTERN, MAX_FULL_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@convex/model/accounts";
import { errorMessages } from "@/lib/text/errors";

export { MAX_FULL_NAME_LENGTH, MIN_PASSWORD_LENGTH };

/** A new password: at least MIN_PASSWORD_LENGTH characters (with the screen's own wording), at most MAX_PASSWORD_LENGTH. */
export function newPasswordField(tooShort: string) {
  return z.string().check(z.minLength(MIN_PASSWORD_LENGTH, tooShort), z.maxLength(MAX_PASSWORD_LENGTH, errorMessages.PASSWORD_TOO_LONG));
}

const emailRequiredMessage = "Inserisci la tua email.";
const emailInvalidMessage = "Inserisci un indirizzo email valido.";
const passwordRequiredMessage = "Inserisci la password.";
export const passwordTooShortMessage = errorMessages.WEAK_PASSWORD;
/** Under a new password field. */
export const passwordHint = `Almeno ${MIN_PASSWORD_LENGTH} caratteri.`;
export const fullNameTooLongMessage = `Il nome può avere al massimo ${MAX_FULL_NAME_LENGTH} caratteri.`;

export function emailField(required = emailRequiredMessage, invalid = emailInvalidMessage) {
  return z.pipe(
    z.string().check(
      z.trim(),
      z.minLength(1, required),
      z.refine((value) => EMAIL_PATTERN.test(value), invalid),
    ),
    z.transform((value: string) => value.toLowerCase()),
  );
}

export const passwordField = z.string().check(z.minLength(1, passwordRequiredMessage));

/** A new password and its confirmation; the messages differ by screen in the spec, so they are passed in. */
export function newPasswordFields({ tooShort, mismatch }: { tooShort: string; mismatch: string }) {
  return z
    .object({
      password: newPasswordField(tooShort),
      confirmPassword: z.string(),
    })
    .check(z.refine((values) => values.password === values.confirmPassword, { message: mismatch, path: ["confirmPassword"] }));
}
