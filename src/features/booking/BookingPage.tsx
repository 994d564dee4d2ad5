import { UnderConstruction } from "@/components/UnderConstruction";
import { paths } from "@/lib/paths";

export function BookingPage() {
  return (
    <UnderConstruction
      title="Prenota un consulto"
      lead="Scegli la durata, il giorno e l'orario del consulto, aggiungi eventuali note e paga in anticipo in modo sicuro."
      next={{ label: "Torna ai cartomanti", to: paths.psychics }}
    />
  );
}
