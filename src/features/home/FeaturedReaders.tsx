import { Card, Flex, Grid, Heading, Link, Skeleton, Text } from "@radix-ui/themes";
import { useQuery } from "convex/react";
import { Link as RouterLink } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { paths } from "@/lib/paths";
import { ReaderCard, type ReaderCardData } from "@/components/ReaderCard";

/** Up to three top-rated public readers, live: a reader who publishes or hides appears or goes. */
export function FeaturedReaders() {
  const readers = useQuery(api.psychics.listFeatured);
  return <FeaturedReadersView readers={readers} />;
}

/** `undefined` while loading. */
export function FeaturedReadersView({ readers }: { readers: ReaderCardData[] | undefined }) {
  return (
    <section aria-labelledby="featured-readers-title">
      <Flex justify="between" align="baseline" wrap="wrap" gap="3" mb="5">
        <Heading as="h2" size="6" id="featured-readers-title">
          I cartomanti più apprezzati
        </Heading>
        <Link asChild weight="medium">
          <RouterLink to={paths.psychics}>Vedi tutti i cartomanti</RouterLink>
        </Link>
      </Flex>
      {readers === undefined ? (
        <Grid columns={{ initial: "1", sm: "2", md: "3" }} gap="4" aria-busy="true" aria-label="Caricamento dei cartomanti">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height="260px" />
          ))}
        </Grid>
      ) : readers.length === 0 ? (
        <Card size="3">
          <Text as="p" align="center" color="gray">
            Non ci sono ancora cartomanti disponibili.
          </Text>
        </Card>
      ) : (
        <>
          <Grid columns={{ initial: "1", sm: "2", md: "3" }} gap="4">
            {readers.map((reader) => (
              <ReaderCard key={reader.id} reader={reader} />
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
