import type { z } from "zod";
import { newPasswordFields } from "@/lib/accountSchemas";

// The reader settings' wording has no final full stop (spec §5), unlike the reset page's.
export const changePasswordSchema = newPasswordFields({
  tooShort: "La password deve essere di almeno 6 caratteri",
  mismatch: "Le password non coincidono",
});
export type ChangePasswordValues = z.input<typeof changePasswordSchema>;
