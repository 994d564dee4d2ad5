import { UnderConstruction } from "@/components/UnderConstruction";
import { paths } from "@/lib/paths";

export function ClientDashboardPage() {
  return (
    <UnderConstruction
      title="La tua dashboard"
      lead="I tuoi consulti di oggi, i prossimi appuntamenti e lo storico in un'unica pagina."
      next={{ label: "Trova un cartomante", to: paths.psychics }}
    />
  );
}
