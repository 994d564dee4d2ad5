import { Flex, Spinner } from "@radix-ui/themes";

/** Shown while the first page's code loads. */
export function PageLoading() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: "60vh" }} aria-busy="true" aria-label="Caricamento">
      <Spinner size="3" />
    </Flex>
  );
}
