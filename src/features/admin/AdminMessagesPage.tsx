import { UnderConstruction } from "@/components/UnderConstruction";
import { paths } from "@/lib/paths";

export function AdminMessagesPage() {
  return (
    <UnderConstruction
      title="Messaggi di contatto"
      lead="I messaggi inviati dal modulo di contatto, dal più recente."
      next={{ label: "Torna al pannello", to: paths.adminDashboard }}
    />
  );
}
