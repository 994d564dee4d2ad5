import { Skeleton, Text } from "@radix-ui/themes";
import { StarFilledIcon } from "@radix-ui/react-icons";
import { api } from "@convex/_generated/api";
import { formatRating } from "@/lib/text/format";
import { useCachedQuery } from "@/lib/offline/useCachedQuery";

type TrustFiguresData = {
  verifiedPsychics: number;
  paidConsultations: number;
  averageRating: number | null;
  reviewCount: number;
};

/** The platform's real figures under the hero's title (psychics:getTrustFigures). */
export function TrustFigures() {
  return <TrustFiguresView figures={useCachedQuery(api.psychics.getTrustFigures, {}, { scope: "public" }).data} />;
}

const count = (value: number) => value.toLocaleString("it-IT");

/**
 * How many listed psychics passed the verification call, how many consultations were booked and the average review, each only
 * when there is something to say (no zero shown as a boast, no average before the first review).
 * `undefined` while loading: the strip keeps its height.
 */
export function TrustFiguresView({ figures }: { figures: TrustFiguresData | undefined }) {
  if (figures === undefined) {
    return (
      <div role="group" aria-busy="true" aria-label="Caricamento dei numeri di Arcano" className="trust-figures">
        <Skeleton height="48px" width="100%" />
      </div>
    );
  }
  const items = [
    figures.verifiedPsychics > 0 && {
      key: "psychics",
      value: count(figures.verifiedPsychics),
      label: figures.verifiedPsychics === 1 ? "cartomante verificato" : "cartomanti verificati",
    },
    figures.paidConsultations > 0 && {
      key: "consultations",
      value: count(figures.paidConsultations),
      label: figures.paidConsultations === 1 ? "consulto prenotato" : "consulti prenotati",
    },
    figures.averageRating !== null && {
      key: "rating",
      value: (
        <>
          {formatRating(figures.averageRating)}
          <StarFilledIcon aria-hidden color="var(--arcano-gold)" />
        </>
      ),
      label: `media di ${count(figures.reviewCount)} ${figures.reviewCount === 1 ? "recensione" : "recensioni"}`,
    },
  ].filter((item) => item !== false);
  if (items.length === 0) return null;
  return (
    <div role="group" aria-label="Arcano in numeri" className="trust-figures">
      {/* Label first for screen readers ('cartomanti verificati: 12'); the number shows on top. */}
      <dl>
        {items.map((item) => (
          <div key={item.key}>
            <dt>
              <Text size="1">{item.label}</Text>
            </dt>
            <dd>
              <Text size={{ initial: "5", sm: "6" }} weight="bold">
                {item.value}
              </Text>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
