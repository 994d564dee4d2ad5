// The auth forms' rules with the spec's messages (§5), checked before anything is sent.
import { z } from "zod";
import {
  MAX_FULL_NAME_LENGTH,
  emailField,
  fullNameTooLongMessage,
  newPasswordField,
  passwordField,
  passwordTooShortMessage,
} from "@/lib/accountSchemas";
import { errorMessages } from "@/lib/errors";

export const signInSchema = z.object({
  email: emailField(),
  password: passwordField,
});
export type SignInValues = z.input<typeof signInSchema>;

export const signUpMismatchMessage = "Le password inserite non coincidono.";
export const nameRequiredMessage = "Inserisci il tuo nome e cognome.";

export const signUpSchema = z
  .object({
    name: z.string().trim().min(1, nameRequiredMessage).max(MAX_FULL_NAME_LENGTH, fullNameTooLongMessage),
    email: emailField(),
    password: newPasswordField(passwordTooShortMessage),
    confirmPassword: z.string(),
    accountType: z.enum(["client", "psychic"]),
    consent: z.boolean().refine((value) => value, errorMessages.CONSENT_REQUIRED),
  })
  .refine((values) => values.password === values.confirmPassword, {
    message: signUpMismatchMessage,
    path: ["confirmPassword"],
  });
export type SignUpValues = z.input<typeof signUpSchema>;

export const resetRequestSchema = z.object({ email: emailField() });
export type ResetRequestValues = z.input<typeof resetRequestSchema>;

export const resetMismatchMessage = "Le password non coincidono.";

export const resetVerifySchema = z
  .object({
    code: z
      .string()
      .trim()
      .min(1, "Inserisci il codice ricevuto via email.")
      .regex(/^\d{6}$/, "Il codice è formato da 6 cifre."),
    password: newPasswordField(passwordTooShortMessage),
    confirmPassword: z.string(),
  })
  .refine((values) => values.password === values.confirmPassword, {
    message: resetMismatchMessage,
    path: ["confirmPassword"],
  });
export type ResetVerifyValues = z.input<typeof resetVerifySchema>;

/** The six-digit code that activates a new account. */
export const signUpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, "Inserisci il codice ricevuto via email.")
    .regex(/^\d{6}$/, "Il codice è formato da 6 cifre."),
});
export type SignUpCodeValues = z.input<typeof signUpCodeSchema>;
