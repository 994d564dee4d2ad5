import { useSyncExternalStore } from "react";
import { useServerRender } from "@/lib/render/serverRender";

const STEP_MS = 5 * 60_000;
/** The time in the 5-minute steps useRoundedNow moves by. */
const roundDown = (ms: number) => ms - (ms % STEP_MS);

/** How often a page checks whether the next step has begun. */
const CHECK_EVERY_MS = 30_000;

const subscribeToSteps = (onChange: () => void) => {
  const timer = setInterval(onChange, CHECK_EVERY_MS);
  return () => clearInterval(timer);
};

/**
 * The time in 5-minute steps. Queries must not read the clock, so pages pass it; the steps keep
 * the query's arguments, and so its subscription, stable between them. A page rendered on the server
 * renders at the server's time, and so does the browser's first render over that markup, so both agree.
 */
export function useRoundedNow(): number {
  const serverNow = useServerRender()?.now;
  return useSyncExternalStore(
    subscribeToSteps,
    () => roundDown(Date.now()),
    () => roundDown(serverNow ?? Date.now()),
  );
}
