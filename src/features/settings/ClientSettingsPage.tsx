import { UnderConstruction } from "../../components/UnderConstruction";
import { paths } from "../../app/paths";

export function ClientSettingsPage() {
  return (
    <UnderConstruction
      title="Impostazioni account"
      lead="Gestisci il tuo nome, consulta i dati del tuo account ed eliminalo quando vuoi."
      next={{ label: "Torna alla dashboard", to: paths.dashboard }}
    />
  );
}
