import { useCallback, useState } from "react";
import { Text } from "@radix-ui/themes";
import { connectionWords, useIsOffline } from "@/lib/browser/connection";

/**
 * Counts the writes of a control still waiting for the server's answer. `track` passes the write's
 * promise through; the count drops when it settles either way (a refusal rolls back and says why itself).
 */
export function usePendingWrites(): { pending: boolean; track: <T>(write: Promise<T>) => Promise<T> } {
  const [count, setCount] = useState(0);
  const track = useCallback(<T,>(write: Promise<T>): Promise<T> => {
    setCount((n) => n + 1);
    return write.finally(() => setCount((n) => n - 1));
  }, []);
  return { pending: count > 0, track };
}

/**
 * The small mark beside a control whose write is in flight: 'Salvataggio…' while connected, 'In attesa
 * di connessione' while offline (the Convex client sends it once the socket is back). Nothing otherwise.
 */
export function PendingWriteMark({ pending, id }: { pending: boolean; id?: string }) {
  const offline = useIsOffline();
  return (
    <Text as="span" size="1" color="gray" role="status" id={id} data-testid="pending-write">
      {pending ? (offline ? connectionWords.waiting : connectionWords.saving) : ""}
    </Text>
  );
}
