import { Badge } from "@radix-ui/themes";
import type { ProfileStatus } from "@convex/framework/validators";
import { adminProfileState, profileStates } from "@/lib/text/states";
import { NotAvailable } from "./NotAvailable";

/** A psychic profile's review state as the admin reads it (a dash, 'non disponibile', for a draft or an account without a profile). */
export function StatusBadge({ status }: { status: ProfileStatus | null }) {
  const state = adminProfileState(status);
  if (state === "none") return <NotAvailable />;
  const { label, color } = profileStates[state];
  return (
    <Badge variant="soft" highContrast color={color}>
      {label}
    </Badge>
  );
}
