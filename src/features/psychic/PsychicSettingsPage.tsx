import { UnderConstruction } from "../../components/UnderConstruction";
import { paths } from "../../app/paths";

export function PsychicSettingsPage() {
  return (
    <UnderConstruction
      title="Impostazioni cartomante"
      lead="Disponibilità per i consulti, visibilità del profilo, password ed eliminazione dell'account."
      next={{ label: "Torna alla dashboard", to: paths.psychicDashboard }}
    />
  );
}
