// How the catalogue is searched (docs/product-rules.md, "Catalogue and search"): a person types what worries
// them ('soldi', 'il mio ex', 'lavoro'), not the product's names for topics. A search matches a psychic's name,
// their techniques and their topics, each topic by the words of its name and by the words people use for it
// (the table below); a biography is not searched, so a word written in passing finds nobody by chance.
// Case and accents do not matter and each word typed may be the beginning of a word (model/textSearch.ts).
import { specializations, type Specialization } from "../framework/validators";
import { foldForSearch, searchWords } from "./textSearch";

/** The words people type for each topic, besides the words of its name. Folded when compared. */
export const TOPIC_SYNONYMS: Record<Specialization, readonly string[]> = {
  "Amore e Relazioni": [
    "amore", "amori", "coppia", "ex", "partner", "fidanzato", "fidanzata", "marito", "moglie", "relazione",
    "sentimenti", "cuore", "matrimonio", "tradimento", "innamorato", "innamorata", "anima gemella", "ritorno", "separazione",
  ],
  "Carriera e Lavoro": [
    "lavoro", "lavori", "carriera", "impiego", "colloquio", "capo", "ufficio", "concorso", "promozione",
    "licenziamento", "azienda", "professione", "colleghi", "disoccupato", "posto",
  ],
  "Famiglia e Figli": [
    "famiglia", "figlio", "figlia", "genitori", "madre", "padre", "mamma", "papà", "gravidanza", "bambini",
    "fratello", "sorella", "parenti", "suocera",
  ],
  "Salute e Benessere": ["salute", "benessere", "malattia", "stress", "ansia", "sonno", "corpo", "serenità"],
  "Denaro e Finanze": [
    "soldi", "denaro", "finanza", "economia", "debiti", "debito", "investimenti", "investimento", "guadagni",
    "eredità", "mutuo", "prestito", "affari", "patrimonio", "stipendio", "lotteria",
  ],
  "Crescita Spirituale": ["spiritualità", "spirito", "anima", "meditazione", "karma", "chakra", "angeli", "energia"],
  "Decisioni Importanti": ["decisione", "scelta", "scelte", "dubbio", "dubbi", "bivio", "trasloco", "cambiamento", "cambiare"],
  "Futuro e Destino": ["futuro", "destino", "previsioni", "sorte", "fato", "domani", "anno"],
};

/** Words that say nothing about what is sought ('il mio ex', 'problemi di soldi' keeps 'ex', 'soldi'…). */
const FILLER = new Set(
  "e ed o di del della dello dei degli delle il lo la i gli le un uno una per con su in a al alla ai da dal mio mia miei mie mi ho che".split(" "),
);

/** The words of a query that carry meaning: folded, fillers left out. */
export function meaningfulWords(query: string): string[] {
  return searchWords(query).filter((word) => !FILLER.has(word));
}

/** Folded words a topic answers to: its name's and its synonyms'. */
const topicTerms: Record<string, string[]> = Object.fromEntries(
  specializations.map((topic) => [topic, [...new Set([...searchWords(topic), ...TOPIC_SYNONYMS[topic].flatMap(searchWords)])]]),
);

const begins = (word: string, terms: readonly string[]) => terms.some((term) => term.startsWith(word));

/** True when `word` (folded) names `topic`: it begins a word of the topic's name or of a synonym. */
function wordNamesTopic(word: string, topic: string): boolean {
  return begins(foldForSearch(word), topicTerms[topic] ?? searchWords(topic));
}

/** The topics the query names, in the product's order ('soldi' → Denaro e Finanze); blank names none. */
export function topicsNamedBy(query: string, topics: readonly string[] = specializations): string[] {
  const words = meaningfulWords(query);
  if (words.length === 0) return [];
  return topics.filter((topic) => words.every((word) => wordNamesTopic(word, topic)));
}

export type SearchableCard = { psychicName: string; specialties: readonly string[]; specializations: readonly string[] };

/** What a search finds in one card: whether it matches, and the card's first topic a word of it named. */
type CardMatch = { matches: boolean; matchedTopic: string | null };

/**
 * Every meaningful word typed begins a word of the psychic's name or of a technique, or names one of their
 * topics (by its words or synonyms); a blank search matches every card, naming no topic.
 */
export function matchCard(card: SearchableCard, query: string): CardMatch {
  const words = meaningfulWords(query);
  if (words.length === 0) return { matches: true, matchedTopic: null };
  const own = [card.psychicName, ...card.specialties].flatMap(searchWords);
  let matchedTopic: string | null = null;
  for (const word of words) {
    const topic = card.specializations.find((name) => wordNamesTopic(word, name)) ?? null;
    matchedTopic ??= topic;
    if (topic === null && !begins(word, own)) return { matches: false, matchedTopic: null };
  }
  return { matches: true, matchedTopic };
}

/** Edit distance between two short words: insertions, deletions, substitutions and swapped neighbours ('sodli'). */
function editDistance(a: string, b: string): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, index) => index)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j], rows[i - 2][j - 2] + 1);
    }
    rows.push(row);
  }
  return rows[a.length][b.length];
}

/** How far a typed word is from a topic's nearest term (0: it names the topic); null when not near at all. */
function distanceToTopic(word: string, topic: string): number | null {
  if (wordNamesTopic(word, topic)) return 0;
  if (word.length < 3) return null;
  // A slip of one letter in a short word, two in a longer one ('sodli', 'finanziamento' → 'finanze' by prefix).
  const allowed = word.length >= 6 ? 2 : 1;
  let best: number | null = null;
  for (const term of topicTerms[topic] ?? []) {
    let shared = 0;
    while (shared < Math.min(word.length, term.length) && word[shared] === term[shared]) shared++;
    const distance = shared >= 5 ? 1 : editDistance(word, term);
    if (distance <= allowed && (best === null || distance < best)) best = distance;
  }
  return best;
}

/** How many topics an empty result suggests. */
const SUGGESTED_TOPICS = 3;

/**
 * The topics an empty result suggests, among `offered` (those some listed psychic covers): the ones the words
 * typed name or nearly name (a typo, a longer form), nearest first; when none is near, the first offered.
 */
export function nearestTopics(query: string, offered: readonly string[], limit = SUGGESTED_TOPICS): string[] {
  const words = meaningfulWords(query);
  const scored = offered
    .map((topic, index) => {
      const distances = words.map((word) => distanceToTopic(word, topic)).filter((distance) => distance !== null);
      return { topic, index, distance: distances.length > 0 ? Math.min(...distances) : null };
    })
    .filter((entry): entry is { topic: string; index: number; distance: number } => entry.distance !== null)
    .sort((a, b) => a.distance - b.distance || a.index - b.index);
  const near = scored.map((entry) => entry.topic);
  return (near.length > 0 ? near : offered).slice(0, limit);
}
