import { useEffect, useState } from "react";
import { Callout, Container } from "@radix-ui/themes";
import { CheckCircledIcon, LightningBoltIcon } from "@radix-ui/react-icons";
import { connectionWords, useIsOffline } from "@/lib/browser/connection";

/** How long 'Di nuovo online' stays after the connection returns. */
export const BACK_ONLINE_SHOWN_MS = 4_000;

/**
 * Says on every page when the backend cannot be reached, and for a moment when it can again. The live
 * region is always in the page, so screen readers hear each change of its words.
 */
export function ConnectionBanner() {
  const offline = useIsOffline();
  // 'Di nuovo online' follows a change from offline, set while rendering that change (React's way of
  // adjusting state to a prop), and goes after a moment.
  const [shownFor, setShownFor] = useState(offline);
  const [backOnline, setBackOnline] = useState(false);
  if (shownFor !== offline) {
    setShownFor(offline);
    setBackOnline(!offline);
  }
  useEffect(() => {
    if (!backOnline) return;
    const timer = setTimeout(() => setBackOnline(false), BACK_ONLINE_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [backOnline]);

  const words = offline ? connectionWords.offline : backOnline ? connectionWords.backOnline : null;
  return (
    <div role="status" aria-live="polite" data-testid="connection-banner">
      {words !== null && (
        <Container size="4" px={{ initial: "3", sm: "5" }} pt="3">
          <Callout.Root color={offline ? "gray" : "green"} size="1" variant="surface" highContrast>
            <Callout.Icon>{offline ? <LightningBoltIcon /> : <CheckCircledIcon />}</Callout.Icon>
            <Callout.Text>{words}</Callout.Text>
          </Callout.Root>
        </Container>
      )}
    </div>
  );
}
