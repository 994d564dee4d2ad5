import { UnderConstruction } from "../../components/UnderConstruction";
import { paths } from "../../app/paths";

export function RegisterPage() {
  return (
    <UnderConstruction
      title="Crea il tuo account"
      lead="Registrati gratuitamente come cliente per prenotare consulti, o come cartomante per offrirli."
      next={{ label: "Hai già un account? Accedi", to: paths.login }}
    />
  );
}
