import { Badge } from "@radix-ui/themes";

type StatusLabel = "Approvato" | "In Attesa" | "Rifiutato" | "N/A";

const colors = { Approvato: "green", "In Attesa": "amber", Rifiutato: "red", "N/A": "gray" } as const;

/** A psychic profile's review state as the admin reads it. */
export function StatusBadge({ label }: { label: StatusLabel }) {
  return (
    <Badge variant="soft" highContrast color={colors[label]}>
      {label}
    </Badge>
  );
}
