import { z } from "zod";
import { MAX_FULL_NAME_LENGTH, fullNameTooLongMessage } from "@/lib/accountSchemas";
import { ROME_TIME_ZONE } from "@convex/lib/time";

export const fullNameSchema = z.object({
  fullName: z
    .string()
    .trim()
    .min(1, "Inserisci il tuo nome e cognome.")
    .max(MAX_FULL_NAME_LENGTH, fullNameTooLongMessage)
    .transform((value) => value.replace(/\s+/g, " ")),
});
export type FullNameValues = z.input<typeof fullNameSchema>;

const memberSinceFormat = new Intl.DateTimeFormat("it-IT", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: ROME_TIME_ZONE,
});

/** "23 novembre 2026": the day as it was in Italy when the account was created. */
export function formatMemberSince(timestamp: number): string {
  return memberSinceFormat.format(new Date(timestamp));
}
