import { useId, type ReactNode } from "react";
import { Text } from "@radix-ui/themes";
import { NEEDS_CONNECTION, useIsOffline } from "@/lib/browser/connection";

/**
 * For actions that must not be queued while offline (paying, cancelling, moving a booking, joining a
 * call): whether to disable them, the id their control points at with `aria-describedby`, and the note
 * that says why, shown only while offline.
 */
export type Connection = { offline: boolean; describedBy: string | undefined; note: ReactNode };

export function useNeedsConnection(): Connection {
  const offline = useIsOffline();
  const id = useId();
  return {
    offline,
    describedBy: offline ? id : undefined,
    note: offline ? (
      <Text as="p" size="1" color="gray" id={id} data-testid="needs-connection">
        {NEEDS_CONNECTION}
      </Text>
    ) : null,
  };
}
