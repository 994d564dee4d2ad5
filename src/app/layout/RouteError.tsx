import { useEffect } from "react";
import { Button, Container, Flex, Heading, Link, Text } from "@radix-ui/themes";
import { Link as RouterLink, useRouteError } from "react-router-dom";
import { paths } from "@/lib/paths";

/**
 * What a visitor sees when a page cannot be shown: its code did not arrive (a dropped connection, or
 * a new release replaced it) or it failed to start. In Italian, with a way to try again and a way
 * home, instead of the router's English developer error.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    // Handled: a warning for whoever reads the console, not an error report.
    console.warn("Pagina non caricata:", error);
  }, [error]);
  return (
    <Container size="2" px="4" py="9">
      <Flex direction="column" align="center" gap="4" style={{ textAlign: "center" }}>
        <Heading as="h1" size="7">
          Impossibile caricare la pagina
        </Heading>
        <Text color="gray">Controlla la connessione e riprova. Se il problema continua, torna più tardi.</Text>
        <Flex gap="3" align="center" wrap="wrap" justify="center">
          <Button size="3" onClick={() => window.location.reload()}>
            Riprova
          </Button>
          <Link asChild size="3">
            <RouterLink to={paths.home} reloadDocument>
              Torna alla home
            </RouterLink>
          </Link>
        </Flex>
      </Flex>
    </Container>
  );
}
