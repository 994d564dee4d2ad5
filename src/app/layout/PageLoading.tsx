import { useEffect, useState } from "react";
import { Box, Button, Container, Flex, Grid, Skeleton, Text } from "@radix-ui/themes";

/** How long a page may take to arrive before the placeholder says so and offers a way out. */
export const SLOW_PAGE_MS = 10_000;

/**
 * Shown while a page's code or the account loads: the shape of a page (a title, a few lines, cards) in
 * skeletons, tall enough to keep the footer below the fold, so nothing jumps when the page arrives. A
 * request that never answers (a dropped mobile connection) would otherwise leave it forever: after
 * SLOW_PAGE_MS it says so and offers to reload, while still waiting.
 */
export function PageLoading() {
  const slow = useSlow(SLOW_PAGE_MS);
  return (
    <Box className="page-loading" role="group" aria-busy="true" aria-label="Caricamento">
      <Container size="4" px={{ initial: "4", sm: "5" }} py={{ initial: "4", sm: "7" }}>
        <Flex direction="column" gap="4">
          {/* The live region is there from the start, so screen readers announce the message when it comes. */}
          <Flex direction="column" align="center" gap="3" role="status" style={{ textAlign: "center" }}>
            {slow ? <SlowPageMessage onRetry={() => window.location.reload()} /> : null}
          </Flex>
          <Skeleton height="36px" width="60%" />
          <Flex direction="column" gap="2">
            <Skeleton height="16px" width="100%" />
            <Skeleton height="16px" width="80%" />
          </Flex>
          <Grid columns={{ initial: "1", sm: "2", md: "3" }} gap="4">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} height={{ initial: "180px", sm: "260px" }} />
            ))}
          </Grid>
        </Flex>
      </Container>
    </Box>
  );
}

/**
 * The first page's placeholder (the router's HydrateFallback), drawn before the layout exists: the
 * header's bar keeps its place above the page's skeleton.
 */
export function FirstPageLoading() {
  return (
    <>
      <div className="site-header page-loading-header" aria-hidden="true" />
      <PageLoading />
    </>
  );
}

/** The words and the way out once a page is taking long; `onRetry` loads it afresh. */
export function SlowPageMessage({ onRetry }: { onRetry: () => void }) {
  return (
    <>
      <Text color="gray">La pagina sta impiegando più del previsto a caricarsi. Controlla la connessione.</Text>
      <Button variant="soft" onClick={onRetry}>
        Riprova
      </Button>
    </>
  );
}

/** True once `ms` have passed since the component appeared. */
export function useSlow(ms: number): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return slow;
}
