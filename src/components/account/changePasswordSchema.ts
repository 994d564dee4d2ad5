import * as z from "zod/mini";
import { MIN_PASSWORD_LENGTH, newPasswordFields } from "@/lib/account/accountSchemas";

const currentPasswordRequiredMessage = "Inserisci la password attuale";

// The settings' wording (the spec's, for the psychic; the client's settings share it) has no final
// full stop, unlike the reset page's. The current password is asked first, so a session left open
// elsewhere cannot change it.
export const changePasswordSchema = z.intersection(
  z.object({ currentPassword: z.string().check(z.minLength(1, currentPasswordRequiredMessage)) }),
  newPasswordFields({
    tooShort: `La password deve essere di almeno ${MIN_PASSWORD_LENGTH} caratteri`,
    mismatch: "Le password non coincidono",
  }),
);
export type ChangePasswordValues = z.input<typeof changePasswordSchema>;
