import { UnderConstruction } from "@/components/UnderConstruction";
import { paths } from "@/lib/paths";

export function PaymentCanceledPage() {
  return (
    <UnderConstruction
      title="Pagamento annullato"
      lead="Il pagamento non è stato completato e non ti è stato addebitato nulla."
      next={{ label: "Torna ai cartomanti", to: paths.psychics }}
    />
  );
}
