import { z } from "zod";

export const adminEmailRequiredMessage = "Email richiesta";
export const adminEmailInvalidMessage = "Email non valida";

// The admin domain itself is checked by the server (it alone knows ADMIN_EMAIL_DOMAIN); here only the shape.
const adminEmail = z
  .string()
  .trim()
  .min(1, adminEmailRequiredMessage)
  .refine((value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), adminEmailInvalidMessage)
  .transform((value) => value.toLowerCase());

export const adminSignInSchema = z.object({
  email: adminEmail,
  password: z.string().min(1, "Password richiesta"),
});
export type AdminSignInValues = z.input<typeof adminSignInSchema>;

export const adminResetSchema = z.object({ email: adminEmail });
