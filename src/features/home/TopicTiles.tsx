import { Card, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import { Link as RouterLink } from "react-router-dom";
import { specializations, type Specialization } from "@convex/framework/validators";
import { paths } from "@/lib/paths";

/** A line under each topic: what people bring to it, in their words (the search knows these words too). */
const HINTS: Record<Specialization, string> = {
  "Amore e Relazioni": "Coppia, ex, sentimenti",
  "Carriera e Lavoro": "Lavoro, colloqui, scelte di carriera",
  "Famiglia e Figli": "Genitori, figli, legami",
  "Salute e Benessere": "Serenità ed equilibrio",
  "Denaro e Finanze": "Soldi, debiti, investimenti",
  "Crescita Spirituale": "Anima, meditazione, karma",
  "Decisioni Importanti": "Scelte, dubbi, bivi",
  "Futuro e Destino": "Cosa ti aspetta",
};

/**
 * The 'Ambiti di consulto' as tiles on the home page, each opening the list filtered by its topic: a person
 * starts from what worries them, not from a technique's name. Static, so the home page asks nothing more.
 */
export function TopicTiles() {
  return (
    <section aria-labelledby="topic-tiles-title">
      <Heading as="h2" size={{ initial: "5", sm: "6" }} id="topic-tiles-title" mb={{ initial: "3", sm: "5" }}>
        Di cosa vuoi parlare?
      </Heading>
      <Grid asChild columns={{ initial: "2", md: "4" }} gap="3">
        <ul style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {specializations.map((topic) => (
            <li key={topic}>
              <Card asChild size="2" style={{ height: "100%", minHeight: 44 }}>
                <RouterLink to={paths.psychicsFound({ topic })}>
                  <Flex direction="column" gap="1">
                    <Text weight="bold" size={{ initial: "2", sm: "3" }}>
                      {topic}
                    </Text>
                    <Text size={{ initial: "1", sm: "2" }} color="gray">
                      {HINTS[topic]}
                    </Text>
                  </Flex>
                </RouterLink>
              </Card>
            </li>
          ))}
        </ul>
      </Grid>
    </section>
  );
}
