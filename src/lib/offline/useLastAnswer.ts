import { useState } from "react";

/**
 * `answer`, or while a new question's answer is on its way (undefined), the last answer there was: a list keeps
 * its cards while the next words are looked up. `stale` says the answer shown is the last one.
 */
export function useLastAnswer<T>(answer: T | undefined): { value: T | undefined; stale: boolean } {
  const [last, setLast] = useState(answer);
  // Kept during render (React's pattern for state derived from the previous render), so no frame shows nothing.
  if (answer !== undefined && answer !== last) setLast(answer);
  return { value: answer ?? last, stale: answer === undefined && last !== undefined };
}
