import * as z from "zod/mini";
import { MAX_FULL_NAME_LENGTH, fullNameTooLongMessage } from "@/lib/account/accountSchemas";
import { ROME_TIME_ZONE } from "@convex/framework/time";

export const fullNameSchema = z.object({
  fullName: z.pipe(
    z.string().check(z.trim(), z.minLength(1, "Inserisci il tuo nome e cognome."), z.maxLength(MAX_FULL_NAME_LENGTH, fullNameTooLongMessage)),
    z.transform((value: string) => value.replace(/\s+/g, " ")),
  ),
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
