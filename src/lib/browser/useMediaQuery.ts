// Whether a CSS media query matches, live (the window resized or a phone turned). For layouts that
// differ in what they render, not only in how it looks; CSS alone covers the rest.
import { useCallback, useSyncExternalStore } from "react";

/** Phones: below Radix Themes' `sm` breakpoint (768 px). */
export const PHONE_QUERY = "(max-width: 767px)";

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
