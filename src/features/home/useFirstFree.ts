import { useMemo } from "react";
import { useQueries } from "convex/react";
import { api } from "@convex/_generated/api";
import { MAX_FIRST_FREE_IDS, type FirstFree } from "@convex/model/nextAvailability";
import { useRoundedNow } from "@/lib/time/useRoundedNow";

/** Each card's first free time, by psychic id: undefined while loading, null when none is free soon. */
export type FirstFreeById = (id: string) => FirstFree | null | undefined;

/**
 * 'Prima disponibilità' for a list of cards, live: booked or freed times move it. The server answers
 * at most `MAX_FIRST_FREE_IDS` ids a call, so a long list asks in batches.
 */
export function useFirstFree(ids: readonly string[]): { firstFree: FirstFreeById; now: number } {
  const now = useRoundedNow();
  // useQueries resubscribes whenever its argument is a new object: one per list of ids and clock step.
  const key = ids.join(",");
  const batches = useMemo(() => {
    const list = key === "" ? [] : key.split(",");
    const byStart: Record<string, { query: typeof api.psychics.listFirstFree; args: { ids: string[]; now: number } }> = {};
    for (let start = 0; start < list.length; start += MAX_FIRST_FREE_IDS) {
      byStart[String(start)] = { query: api.psychics.listFirstFree, args: { ids: list.slice(start, start + MAX_FIRST_FREE_IDS), now } };
    }
    return byStart;
  }, [key, now]);
  const results = useQueries(batches);
  const byId = new Map<string, FirstFree | null>();
  const loaded = new Set<number>();
  for (const [start, result] of Object.entries(results)) {
    if (result === undefined || result instanceof Error) continue;
    loaded.add(Number(start));
    for (const answer of result as Array<{ id: string; first: FirstFree | null }>) byId.set(answer.id, answer.first);
  }
  const firstFree: FirstFreeById = (id) => {
    const found = byId.get(id);
    if (found !== undefined) return found;
    const index = ids.indexOf(id);
    // An answered batch leaves out psychics not taking consultations: nothing to show for them.
    return index >= 0 && loaded.has(index - (index % MAX_FIRST_FREE_IDS)) ? null : undefined;
  };
  return { firstFree, now };
}
