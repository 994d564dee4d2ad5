import { useEffect } from "react";
import { Button, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { Link as RouterLink, useLocation } from "react-router-dom";
import { paths } from "@/lib/paths";

export function NotFoundPage() {
  const { pathname } = useLocation();

  // Unknown paths are logged so broken links can be found and fixed.
  useEffect(() => {
    console.warn(`404: nessuna pagina per il percorso ${pathname}`);
  }, [pathname]);

  return (
    <Container size="2" px="4" py="9">
      <Flex direction="column" align="center" gap="4" style={{ textAlign: "center" }}>
        <Text size="9" weight="bold" color="violet" aria-hidden>
          404
        </Text>
        <Heading as="h1" size="7">
          Oops! Pagina non trovata
        </Heading>
        <Text color="gray">La pagina che cerchi non esiste o è stata spostata.</Text>
        <Button asChild size="3">
          <RouterLink to={paths.home}>Torna alla home</RouterLink>
        </Button>
      </Flex>
    </Container>
  );
}
