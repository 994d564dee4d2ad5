import { UnderConstruction } from "../../components/UnderConstruction";
import { paths } from "../../app/paths";

export function PsychicListPage() {
  return (
    <UnderConstruction
      title="I nostri cartomanti"
      lead="Sfoglia i profili dei cartomanti verificati, filtra per specialità e scegli con chi parlare."
      next={{ label: "Scopri come funziona", to: paths.howItWorks }}
    />
  );
}
