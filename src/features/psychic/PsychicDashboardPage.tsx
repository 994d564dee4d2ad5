import { UnderConstruction } from "@/components/UnderConstruction";
import { paths } from "@/lib/paths";

export function PsychicDashboardPage() {
  return (
    <UnderConstruction
      title="Dashboard Cartomante"
      lead="I tuoi consulti di oggi, i prossimi appuntamenti e le statistiche mensili."
      next={{ label: "Modifica il profilo", to: paths.psychicProfile }}
    />
  );
}
