import { UnderConstruction } from "../../components/UnderConstruction";
import { paths } from "../../app/paths";

export function AdminLoginPage() {
  return (
    <UnderConstruction
      title="Accesso amministratori"
      lead="Area riservata agli amministratori di Arcano."
      next={{ label: "Torna alla home", to: paths.home }}
    />
  );
}
