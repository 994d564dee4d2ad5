// How every search of the product reads words (the psychic list, the header's site search): case and
// accents do not matter, and each word typed may be the beginning of a word ("amore" finds
// "Amore e Relazioni", "citta" finds "Città").

/** Lower case without accents: "Città" → "citta". */
export function foldForSearch(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase("it");
}

/** The folded words of a text; apostrophes and punctuation separate them ("vent'anni" → vent, anni). */
export function searchWords(text: string): string[] {
  return foldForSearch(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** True when every word of `query` begins some word of `texts`, in any order; a blank query matches. */
export function matchesEveryWord(texts: readonly string[], query: string): boolean {
  const wanted = searchWords(query);
  if (wanted.length === 0) return true;
  const words = texts.flatMap(searchWords);
  return wanted.every((start) => words.some((word) => word.startsWith(start)));
}
