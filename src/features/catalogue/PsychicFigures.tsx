import { Box, Flex, Link, Skeleton, Text } from "@radix-ui/themes";
import { Link as RouterLink } from "react-router-dom";
import type { FunctionReturnType } from "convex/server";
import type { api } from "@convex/_generated/api";
import { paths } from "@/lib/paths";

export type PsychicFiguresData = NonNullable<FunctionReturnType<typeof api.psychicFigures.getForProfile>>;

/**
 * The psychic's figures beside the rating on the profile (docs/product-rules.md, "Psychic figures and the
 * list's order"): consultations given, punctuality ('Nuovo' below the minimum) and the psychic's own
 * cancellations in the last 90 days, with the page that explains them. `undefined` while loading.
 */
export function PsychicFigures({ figures }: { figures: PsychicFiguresData | undefined }) {
  if (figures === undefined) {
    return (
      <Box role="status" aria-busy="true" aria-label="Caricamento dei dati di affidabilità">
        <Skeleton height="44px" width="320px" />
      </Box>
    );
  }
  return (
    <Flex direction="column" gap="1" asChild>
      <section aria-label="Affidabilità del cartomante">
        <Flex gap="4" wrap="wrap" asChild>
          <dl className="psychic-figures">
            <Figure label="Consulti tenuti" value={String(figures.consultationsGiven)} />
            <Figure
              label="Puntualità"
              value={figures.onTimePercent === null ? "Nuovo" : `${figures.onTimePercent}% in orario`}
              hint={figures.onTimePercent === null ? `meno di ${figures.minimumGiven} consulti` : undefined}
            />
            <Figure label={`Cancellazioni del cartomante, ultimi ${figures.windowDays} giorni`} value={String(figures.psychicCancellations90Days)} />
          </dl>
        </Flex>
        <Text size="1">
          <Link asChild>
            <RouterLink to={paths.reviewsAndRanking}>Come calcoliamo questi dati e verifichiamo le recensioni</RouterLink>
          </Link>
        </Text>
      </section>
    </Flex>
  );
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Flex direction="column">
      <Text as="div" size="1" color="gray" asChild>
        <dt>{label}</dt>
      </Text>
      <Text as="div" size="2" weight="medium" asChild>
        <dd style={{ margin: 0 }}>
          {value}
          {hint ? (
            <Text size="1" color="gray" weight="regular">
              {" "}
              ({hint})
            </Text>
          ) : null}
        </dd>
      </Text>
    </Flex>
  );
}
