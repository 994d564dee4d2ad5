import { Card, Flex, Heading, Link, Text } from "@radix-ui/themes";
import { Link as RouterLink } from "react-router-dom";
import { paths } from "../../app/paths";

/**
 * Up to three top-rated readers. Readers cannot publish yet, so the list is empty and the
 * section shows its empty state; the readers feature fills it from the public list query.
 */
export function FeaturedReaders() {
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
      <Card size="3">
        <Text as="p" align="center" color="gray">
          Non ci sono ancora cartomanti disponibili.
        </Text>
      </Card>
    </section>
  );
}
