import { UnderConstruction } from "@/components/UnderConstruction";
import { paths } from "@/lib/paths";

export function CallPage() {
  return (
    <UnderConstruction
      title="Conferenza Audio"
      lead="Da qui ti colleghi al consulto all'orario prenotato, direttamente dal browser."
      next={{ label: "Vai alla dashboard", to: paths.dashboard }}
    />
  );
}
