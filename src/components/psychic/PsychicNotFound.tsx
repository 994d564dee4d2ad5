import { Button, Card, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { Link as RouterLink } from "react-router-dom";
import { paths } from "@/lib/paths";
import { PageTitle } from "@/components/PageTitle";

/** A missing, hidden or unapproved profile: the same page for each, nothing leaks. The profile and booking pages show it. */
export function PsychicNotFound() {
  return (
    <Container size="2" px="4" py="9">
      <PageTitle title="Cartomante non trovato" />
      <Card size="4">
        <Flex direction="column" align="center" gap="3" style={{ textAlign: "center" }}>
          <Heading as="h1" size="6">
            Cartomante non trovato
          </Heading>
          <Text color="gray">Il profilo richiesto non è disponibile.</Text>
          <Button asChild mt="2">
            <RouterLink to={paths.psychics}>Torna alla lista</RouterLink>
          </Button>
        </Flex>
      </Card>
    </Container>
  );
}
