import { Badge } from "@radix-ui/themes";
import type { ProfileStatus } from "@convex/lib/validators";
import { adminProfileState, profileStates } from "@/lib/states";

/** A psychic profile's review state as the admin reads it ("N/A" for a draft or an account without a profile). */
export function StatusBadge({ status }: { status: ProfileStatus | null }) {
  const { label, color } = profileStates[adminProfileState(status)];
  return (
    <Badge variant="soft" highContrast color={color}>
      {label}
    </Badge>
  );
}
