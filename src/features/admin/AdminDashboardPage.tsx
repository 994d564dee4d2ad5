import { UnderConstruction } from "@/components/UnderConstruction";
import { paths } from "@/lib/paths";

export function AdminDashboardPage() {
  return (
    <UnderConstruction
      title="Pannello di amministrazione"
      lead="Statistiche della piattaforma, utenti, cartomanti, clienti, messaggi e impostazioni."
      next={{ label: "Messaggi di contatto", to: paths.adminMessages }}
    />
  );
}
