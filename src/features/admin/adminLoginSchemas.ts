import * as z from "zod/mini";

const adminEmailRequiredMessage = "Email richiesta";
export const adminEmailInvalidMessage = "Email non valida";

// The admin domain itself is checked by the server (it alone knows ADMIN_EMAIL_DOMAIN); here only the shape.
const adminEmail = z.pipe(
  z.string().check(
    z.trim(),
    z.minLength(1, adminEmailRequiredMessage),
    z.refine((value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), adminEmailInvalidMessage),
  ),
  z.transform((value: string) => value.toLowerCase()),
);

export const adminSignInSchema = z.object({
  email: adminEmail,
  password: z.string().check(z.minLength(1, "Password richiesta")),
});
export type AdminSignInValues = z.input<typeof adminSignInSchema>;

export const adminResetSchema = z.object({ email: adminEmail });
