import { UnderConstruction } from "../../components/UnderConstruction";
import { paths } from "../../app/paths";

export function PsychicProfileEditorPage() {
  return (
    <UnderConstruction
      title="Il tuo profilo"
      lead="Nome, biografia, specialità, durate, prezzi, disponibilità settimanale e foto: tutto ciò che i clienti vedono di te."
      next={{ label: "Torna alla dashboard", to: paths.psychicDashboard }}
    />
  );
}
