// A coarse clock for queries. Convex queries must not read the clock, so pages pass `now`; rounding
// it keeps the query's arguments, and so its subscription, stable between steps.
import { useCallback, useState, useSyncExternalStore } from "react";
import { useQuery, type OptionalRestArgsOrSkip } from "convex/react";
import type { FunctionArgs, FunctionReference, FunctionReturnType } from "convex/server";
import { useServerRender } from "@/lib/render/serverRender";

const roundDown = (ms: number, stepMs: number) => ms - (ms % stepMs);

/**
 * Date.now() rounded down to `stepMs` (a minute by default); re-renders once per step. A page rendered on
 * the server renders at the server's time, and so does the browser's first render over that markup.
 */
export function useNow(stepMs = 60_000): number {
  const serverNow = useServerRender()?.now;
  const subscribe = useCallback(
    (onStep: () => void) => {
      // Wake at the next step boundary, then every step, so the value is never a whole step late.
      let timer: ReturnType<typeof setTimeout>;
      const schedule = () => {
        timer = setTimeout(
          () => {
            onStep();
            schedule();
          },
          stepMs - (Date.now() % stepMs) + 5,
        );
      };
      schedule();
      return () => clearTimeout(timer);
    },
    [stepMs],
  );
  return useSyncExternalStore(
    subscribe,
    () => roundDown(Date.now(), stepMs),
    () => roundDown(serverNow ?? Date.now(), stepMs),
  );
}

/**
 * `useQuery` for a query that takes `now`: when only `now` moved, the previous answer stays on screen
 * while the new one loads, so a page does not flash its loading state every minute (and a form under
 * it is not rebuilt, losing what was typed). When any other argument changed (another date, another
 * duration) nothing stale is shown.
 */
export function useQueryWithNow<Query extends FunctionReference<"query">>(
  query: Query,
  args: FunctionArgs<Query> | "skip",
): FunctionReturnType<Query> | undefined {
  const result = useQuery(query, ...([args] as unknown as OptionalRestArgsOrSkip<Query>));
  return useKeptAcrossNow(result, args);
}

/** The last answer for these arguments but `now`, while the answer for the new `now` loads. */
export function useKeptAcrossNow<Args extends Record<string, unknown>, Value>(result: Value | undefined, args: Args | "skip"): Value | undefined {
  const key = args === "skip" ? "skip" : JSON.stringify({ ...args, now: null });
  const [kept, setKept] = useState<{ key: string; value: Value } | null>(null);
  // Adjusting state while rendering (React's pattern for "remember the last value"): stops once stored.
  if (result !== undefined && (kept === null || kept.key !== key || kept.value !== result)) {
    setKept({ key, value: result });
  }
  if (result !== undefined) return result;
  return kept !== null && kept.key === key ? kept.value : undefined;
}
