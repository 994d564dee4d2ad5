// The contact form's rules (docs/product-rules.md, "Contact and admin"); the server checks them again.
import * as z from "zod/mini";
import { CATEGORY_LABELS, CONTACT_LIMITS, FORM_CATEGORIES } from "@convex/model/contact";
import { emailField } from "@/lib/account/accountSchemas";

export const contactCategories = FORM_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }));

const required = (message: string, max: number, tooLong: string) => z.string().check(z.trim(), z.minLength(1, message), z.maxLength(max, tooLong));

export const contactSchema = z.object({
  name: required("Inserisci il tuo nome.", CONTACT_LIMITS.name, `Il nome può avere al massimo ${CONTACT_LIMITS.name} caratteri.`),
  email: emailField(),
  userType: z.enum(["client", "psychic"]),
  // No default: left empty, the server stores it as `general`.
  category: z.union([z.literal(""), z.enum(FORM_CATEGORIES as [(typeof FORM_CATEGORIES)[number]])]),
  subject: required(
    "Inserisci l'oggetto del messaggio.",
    CONTACT_LIMITS.subject,
    `L'oggetto può avere al massimo ${CONTACT_LIMITS.subject} caratteri.`,
  ),
  message: required(
    "Scrivi il tuo messaggio.",
    CONTACT_LIMITS.message,
    `Il messaggio può avere al massimo ${CONTACT_LIMITS.message} caratteri.`,
  ),
});
export type ContactValues = z.input<typeof contactSchema>;
