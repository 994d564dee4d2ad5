import { UnderConstruction } from "../../components/UnderConstruction";
import { paths } from "../../app/paths";

export function LoginPage() {
  return (
    <UnderConstruction
      title="Accedi ad Arcano"
      lead="Entra nel tuo account per prenotare e seguire i tuoi consulti, oppure creane uno gratuito."
      next={{ label: "Area amministratori", to: paths.adminLogin }}
    />
  );
}
