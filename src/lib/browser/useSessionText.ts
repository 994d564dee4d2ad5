// A text kept in this browser tab's session storage under `key`: it survives the round trip through
// signing in or up (the booking page's notes), and goes with the tab. Storage that refuses (a private
// window's quota, a blocked cookie setting) leaves it in memory only.
import { useCallback, useState } from "react";

function read(key: string): string {
  try {
    return window.sessionStorage.getItem(key) ?? "";
  } catch {
    return "";
  }
}

export function useSessionText(key: string): [string, (value: string) => void] {
  const [value, setValue] = useState(() => read(key));
  const update = useCallback(
    (next: string) => {
      setValue(next);
      try {
        if (next === "") window.sessionStorage.removeItem(key);
        else window.sessionStorage.setItem(key, next);
      } catch {
        // Kept in memory only.
      }
    },
    [key],
  );
  return [value, update];
}

/** Where the booking page keeps the notes written for one psychic (the retry after a cancelled checkout restores them there). */
export const notesKey = (psychicProfileId: string) => `arcano:notes:${psychicProfileId}`;
