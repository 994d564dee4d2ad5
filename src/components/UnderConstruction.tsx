import { Button, Card, Flex, Text } from "@radix-ui/themes";
import { Link as RouterLink } from "react-router-dom";
import { StaticPage } from "./StaticPage";

/**
 * The page of a route whose feature is not open yet: its real heading, an honest line and a way on.
 * Each feature replaces its page as it lands.
 */
export function UnderConstruction({ title, lead, next }: { title: string; lead: string; next: { label: string; to: string } }) {
  return (
    <StaticPage title={title}>
      <Card size="3">
        <Flex direction="column" gap="3" align="start">
          <Text as="p" size="3">
            {lead}
          </Text>
          <Text as="p" size="2" color="gray">
            Questa sezione sarà disponibile a breve.
          </Text>
          <Button asChild variant="soft">
            <RouterLink to={next.to}>{next.label}</RouterLink>
          </Button>
        </Flex>
      </Card>
    </StaticPage>
  );
}
