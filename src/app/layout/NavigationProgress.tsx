import { Box, Flex, Progress } from "@radix-ui/themes";
import { useHref, useNavigation, type Location } from "react-router-dom";
import { SLOW_PAGE_MS, SlowPageMessage, useSlow } from "./PageLoading";

/** Quick navigations show nothing: the bar would only flicker. */
const SHOW_AFTER_MS = 400;

/**
 * A link to a page whose code has not arrived yet keeps the previous page on screen while it loads.
 * A slim bar at the top shows that the click was heard; after SLOW_PAGE_MS the same message as the
 * first load's placeholder offers to open the page afresh.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  // A new navigation starts its waits from zero.
  return <PendingNavigation key={navigation.location.key} to={navigation.location} />;
}

function PendingNavigation({ to }: { to: Location }) {
  const shown = useSlow(SHOW_AFTER_MS);
  const slow = useSlow(SLOW_PAGE_MS);
  const href = useHref(to);
  if (!shown) return null;
  return (
    // Above the sticky header (z-index 10 in theme.css); clicks pass through, except on the message.
    <Box position="fixed" top="0" left="0" right="0" style={{ zIndex: 11, pointerEvents: "none" }}>
      <Progress size="1" radius="none" duration={`${SLOW_PAGE_MS / 1000}s`} aria-label="Apertura della pagina in corso" />
      <Flex justify="center" px="4" pt="3">
        <Flex
          direction="column"
          align="center"
          gap="3"
          role="status"
          p={slow ? "4" : "0"}
          style={{
            textAlign: "center",
            background: slow ? "var(--color-panel-solid)" : undefined,
            borderRadius: "var(--radius-3)",
            boxShadow: slow ? "var(--shadow-4)" : undefined,
            pointerEvents: "auto",
          }}
        >
          {slow ? <SlowPageMessage onRetry={() => window.location.assign(href)} /> : null}
        </Flex>
      </Flex>
    </Box>
  );
}
