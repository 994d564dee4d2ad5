import { useEffect, useState } from "react";
import { Button, Flex, Spinner, Text } from "@radix-ui/themes";

/** How long a page may take to arrive before the placeholder says so and offers a way out. */
export const SLOW_PAGE_MS = 10_000;

/**
 * Shown while a page's code or the account loads. A request that never answers (a dropped mobile
 * connection) would otherwise leave a spinner forever: after SLOW_PAGE_MS it says so and offers to
 * reload, while still waiting.
 */
export function PageLoading() {
  const slow = useSlow(SLOW_PAGE_MS);
  return (
    <Flex direction="column" align="center" justify="center" gap="4" style={{ minHeight: "60vh" }} aria-busy="true" aria-label="Caricamento">
      <Spinner size="3" />
      {/* The live region is there from the start, so screen readers announce the message when it comes. */}
      <Flex direction="column" align="center" gap="3" role="status" px="4" style={{ textAlign: "center" }}>
        {slow ? <SlowPageMessage onRetry={() => window.location.reload()} /> : null}
      </Flex>
    </Flex>
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
