import { Card, Flex, Grid, Heading, Link, Skeleton, Text } from "@radix-ui/themes";
import { Link as RouterLink } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { paths } from "@/lib/paths";
import { PsychicCard, type PsychicCardData } from "@/components/psychic/PsychicCard";
import { CachedAt } from "@/lib/offline/CachedAt";
import { useCachedQuery } from "@/lib/offline/useCachedQuery";
import { useFirstFree, type FirstFreeById } from "@/features/home/useFirstFree";

/** Up to three top-rated public psychics, live: a psychic who publishes or hides appears or goes, and so do their free times. */
export function FeaturedPsychics() {
  const { data: psychics, savedAt } = useCachedQuery(api.psychics.listFeatured, {}, { scope: "public" });
  const availability = useFirstFree(psychics?.map((psychic) => psychic.id) ?? []);
  return <FeaturedPsychicsView psychics={psychics} availability={availability} savedAt={savedAt} />;
}

/** `undefined` while loading; `availability` gives each card its 'Prima disponibilità'. */
export function FeaturedPsychicsView({
  psychics,
  availability,
  savedAt,
}: {
  psychics: PsychicCardData[] | undefined;
  availability?: { firstFree: FirstFreeById; now: number };
  /** When the list shown was kept on this device, while it is not the live one. */
  savedAt?: number | null;
}) {
  return (
    <section aria-labelledby="featured-psychics-title">
      <Flex justify="between" align="baseline" wrap="wrap" gap={{ initial: "1", sm: "3" }} mb={{ initial: "3", sm: "5" }}>
        <Heading as="h2" size={{ initial: "5", sm: "6" }} id="featured-psychics-title">
          I cartomanti più apprezzati
        </Heading>
        <Link asChild weight="medium">
          <RouterLink to={paths.psychics}>Vedi tutti i cartomanti</RouterLink>
        </Link>
      </Flex>
      <CachedAt savedAt={savedAt} />
      {psychics === undefined ? (
        <Grid columns={{ initial: "1", sm: "2", md: "3" }} gap="4" role="group" aria-busy="true" aria-label="Caricamento dei cartomanti">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height={{ initial: "180px", sm: "260px" }} />
          ))}
        </Grid>
      ) : psychics.length === 0 ? (
        <Card size="3">
          <Text as="p" align="center" color="gray">
            Non ci sono ancora cartomanti disponibili.
          </Text>
        </Card>
      ) : (
        <>
          <Grid columns={{ initial: "1", sm: "2", md: "3" }} gap="4">
            {psychics.map((psychic) => (
              <PsychicCard
                key={psychic.id}
                psychic={psychic}
                availability={availability && { firstFree: availability.firstFree(psychic.id), now: availability.now }}
              />
            ))}
          </Grid>
          <Text as="p" size="1" color="gray" mt="3">
            Prezzi finali in euro, IVA inclusa.
          </Text>
        </>
      )}
    </section>
  );
}
