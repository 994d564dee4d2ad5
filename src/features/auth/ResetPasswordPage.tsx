import { UnderConstruction } from "../../components/UnderConstruction";
import { paths } from "../../app/paths";

export function ResetPasswordPage() {
  return (
    <UnderConstruction
      title="Reimposta la password"
      lead="Ricevi un codice via email e scegli una nuova password per il tuo account."
      next={{ label: "Torna all'accesso", to: paths.login }}
    />
  );
}
