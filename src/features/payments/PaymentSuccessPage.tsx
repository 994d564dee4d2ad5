import { UnderConstruction } from "@/components/UnderConstruction";
import { paths } from "@/lib/paths";

export function PaymentSuccessPage() {
  return (
    <UnderConstruction
      title="Pagamento completato"
      lead="Qui trovi il riepilogo del consulto appena pagato e i prossimi passi."
      next={{ label: "Vai alla dashboard", to: paths.dashboard }}
    />
  );
}
