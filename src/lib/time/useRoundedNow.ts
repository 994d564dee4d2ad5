import { useEffect, useState } from "react";

const STEP_MS = 5 * 60_000;
/** The time in the 5-minute steps useRoundedNow moves by. */
const roundDown = (ms: number) => ms - (ms % STEP_MS);

/**
 * The time in 5-minute steps. Queries must not read the clock, so pages pass it; the steps keep
 * the query's arguments, and so its subscription, stable between them.
 */
export function useRoundedNow(): number {
  const [now, setNow] = useState(() => roundDown(Date.now()));
  useEffect(() => {
    const timer = setInterval(() => setNow(roundDown(Date.now())), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
