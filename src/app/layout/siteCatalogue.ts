// What the header's site search knows of the catalogue: the topics and techniques offered with their counts
// (catalogue:listFacets), and the psychics the words typed find (the catalogue's first page for them).
import { useMemo } from "react";
import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import type { SiteSearchCatalogue } from "./siteSearch";
import { useLastAnswer } from "@/lib/offline/useLastAnswer";
import { useRoundedNow } from "@/lib/time/useRoundedNow";
import { useSettled } from "@/lib/time/useSettled";

/** How long the words typed rest before the catalogue is asked for them. */
const SEARCH_SETTLE_MS = 200;

/**
 * The catalogue as the header search reads it for `query`; undefined while the facets load, `found` undefined
 * until the first psychics for the words come (then the last words' stay while the next ones are asked).
 */
export function useSiteCatalogue(query: string, shown: number): SiteSearchCatalogue | undefined {
  const facets = useQuery(api.catalogue.listFacets, {});
  const now = useRoundedNow();
  const words = useSettled(query.trim(), SEARCH_SETTLE_MS);
  // One more than shown, to know whether to offer the whole list.
  const page = useQuery(api.catalogue.listPage, words ? { search: words, now, paginationOpts: { numItems: shown + 1, cursor: null } } : "skip");
  const answer = useMemo(() => (page === undefined ? undefined : { psychics: page.page, whole: page.isDone }), [page]);
  const found = useLastAnswer(answer).value;
  if (facets === undefined) return undefined;
  return { ...facets, found: words ? found : undefined };
}
