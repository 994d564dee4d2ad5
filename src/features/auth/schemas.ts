// The auth forms' rules with the spec's messages (§5), checked before anything is sent.
import * as z from "zod/mini";
import {
  MAX_FULL_NAME_LENGTH,
  emailField,
  fullNameTooLongMessage,
  newPasswordField,
  passwordField,
  passwordTooShortMessage,
} from "@/lib/account/accountSchemas";
import { errorMessages } from "@/lib/text/errors";

export const signInSchema = z.object({
  email: emailField(),
  password: passwordField,
});
export type SignInValues = z.input<typeof signInSchema>;

const signUpMismatchMessage = "Le password inserite non coincidono.";
const nameRequiredMessage = "Inserisci il tuo nome e cognome.";

export const signUpSchema = z
  .object({
    name: z.string().check(z.trim(), z.minLength(1, nameRequiredMessage), z.maxLength(MAX_FULL_NAME_LENGTH, fullNameTooLongMessage)),
    email: emailField(),
    password: newPasswordField(passwordTooShortMessage),
    confirmPassword: z.string(),
    accountType: z.enum(["client", "psychic"]),
    consent: z.boolean().check(z.refine((value) => value, errorMessages.CONSENT_REQUIRED)),
  })
  .check(
    z.refine((values) => values.password === values.confirmPassword, {
      message: signUpMismatchMessage,
      path: ["confirmPassword"],
    }),
  );
export type SignUpValues = z.input<typeof signUpSchema>;

export const resetRequestSchema = z.object({ email: emailField() });

/** The six-digit code sent by email, as the reset and the sign-up confirmation ask it. */
function sixDigitCode() {
  return z.string().check(z.trim(), z.minLength(1, "Inserisci il codice ricevuto via email."), z.regex(/^\d{6}$/, "Il codice è formato da 6 cifre."));
}

const resetMismatchMessage = "Le password non coincidono.";

export const resetVerifySchema = z
  .object({
    code: sixDigitCode(),
    password: newPasswordField(passwordTooShortMessage),
    confirmPassword: z.string(),
  })
  .check(
    z.refine((values) => values.password === values.confirmPassword, {
      message: resetMismatchMessage,
      path: ["confirmPassword"],
    }),
  );
export type ResetVerifyValues = z.input<typeof resetVerifySchema>;

/** The six-digit code that activates a new account. */
export const signUpCodeSchema = z.object({
  code: sixDigitCode(),
});
export type SignUpCodeValues = z.input<typeof signUpCodeSchema>;
