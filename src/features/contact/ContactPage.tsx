import { UnderConstruction } from "@/components/UnderConstruction";
import { paths } from "@/lib/paths";

export function ContactPage() {
  return (
    <UnderConstruction
      title="Contattaci"
      lead="Scrivi al nostro team per domande su consulti, pagamenti o sul tuo account: ti risponderemo il prima possibile."
      next={{ label: "Leggi le domande frequenti", to: paths.clientFaq }}
    />
  );
}
