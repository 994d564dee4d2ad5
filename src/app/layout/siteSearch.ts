import { matchesEveryWord } from "@convex/model/textSearch";
import { topicsNamedBy } from "@convex/model/topicSearch";
import { paths } from "@/lib/paths";
import type { ConsultationType } from "@convex/framework/validators";
import { consultationTypeWords } from "@convex/model/bookings";
import { offeredTypesOf } from "@convex/model/psychics";

type SiteSearchItem = { title: string; description: string; path: string };

/** The pages the header search can find, in the order the spec lists them. */
export const siteSearchItems: readonly SiteSearchItem[] = [
  { title: "Chi siamo", description: "La nostra missione e i nostri valori", path: paths.about },
  { title: "Privacy", description: "Protezione dei dati personali", path: paths.privacy },
  { title: "Termini di servizio", description: "Condizioni di utilizzo del servizio", path: paths.terms },
  { title: "Come funziona", description: "Guida all'utilizzo della piattaforma", path: paths.howItWorks },
  { title: "Domande frequenti", description: "Le risposte alle domande dei clienti (FAQ)", path: paths.faq },
  { title: "Contatti", description: "Scrivi al nostro team di supporto", path: paths.contact },
  { title: "Cartomanti", description: "Sfoglia i profili, le recensioni e i prezzi dei cartomanti", path: paths.psychics },
  { title: "Diventa cartomante", description: "Unisciti ad Arcano come cartomante", path: paths.registerAs("psychic") },
  { title: "Accedi", description: "Entra nel tuo account", path: paths.login },
  { title: "Crea un account gratuito", description: "Registrati gratis in pochi secondi", path: paths.register },
];

/** Pages whose title or description has a word beginning with each word typed (accents and case aside); blank keeps all. */
export function filterSiteSearch(query: string, items: readonly SiteSearchItem[] = siteSearchItems): SiteSearchItem[] {
  return items.filter((item) => matchesEveryWord([item.title, item.description], query));
}

/** A psychic as the header search shows it: the catalogue's card (catalogue:listPage). */
type FoundPsychic = {
  id: string;
  slug?: string | null;
  psychicName: string;
  photoUrl: string | null;
  specialties: readonly string[];
  specializations: readonly string[];
  /** Voice and/or chat; absent (an answer kept from before chat), voice. */
  consultationTypes?: ConsultationType[];
  /** The topic the words named ('soldi' → 'Denaro e Finanze'). */
  matchedTopic?: string | null;
};

/**
 * What the header search knows of the catalogue: the psychics the words typed found (the first of the catalogue's
 * pages for them; `whole` when that is all of them), and the topics and techniques offered with how many
 * psychics offer each (catalogue:listFacets). Listed psychics only.
 */
export type SiteSearchCatalogue = {
  found?: { psychics: readonly FoundPsychic[]; whole: boolean };
  specialties: readonly string[];
  specializations: readonly string[];
  psychicsByTopic: Readonly<Record<string, number>>;
  psychicsByTechnique: Readonly<Record<string, number>>;
};

export type SiteSearchResult = SiteSearchItem & { kind: "psychic" | "more" | "topic" | "technique" | "page"; photoUrl?: string | null };
type SiteSearchGroup = { key: "psychics" | "topics" | "techniques" | "pages"; label: string; results: SiteSearchResult[] };

/** How many psychics the dialog lists before offering the whole list for the words typed. */
export const PSYCHIC_RESULTS = 5;

/** 'Voce e chat', 'Voce', 'Chat': what a psychic offers, in the result's line. */
function typesInWords(psychic: { consultationTypes?: ConsultationType[] }): string {
  const words = offeredTypesOf(psychic).map((type) => consultationTypeWords[type].label);
  return words.length > 1 ? `${words[0]} e ${words.slice(1).join(", ").toLowerCase()}` : words[0]!;
}

const count = (psychics: number) => (psychics === 1 ? "1 cartomante" : `${psychics} cartomanti`);

/**
 * The header search's answer, in groups: psychics (as the list finds them: catalogue:listPage), topics (by their
 * words and synonyms, as the list), techniques, pages. A blank query offers the topics and the pages; psychics
 * and techniques come with words typed. `catalogue` is undefined while it loads, its `found` while the
 * psychics for the words come: the pages answer meanwhile.
 */
export function siteSearchResults(query: string, catalogue: SiteSearchCatalogue | undefined): SiteSearchGroup[] {
  const typed = query.trim().length > 0;
  const groups: SiteSearchGroup[] = [];
  if (catalogue?.found && typed) {
    const { psychics, whole } = catalogue.found;
    const results: SiteSearchResult[] = psychics.slice(0, PSYCHIC_RESULTS).map((psychic) => ({
      kind: "psychic",
      title: psychic.psychicName,
      description: `${psychic.matchedTopic ? `Per: ${psychic.matchedTopic}` : [...psychic.specializations, ...psychic.specialties].join(" · ")} · ${typesInWords(psychic)}`,
      path: paths.psychic(psychic.slug ?? psychic.id),
      photoUrl: psychic.photoUrl,
    }));
    if (psychics.length > PSYCHIC_RESULTS || !whole) {
      results.push({
        kind: "more",
        title: whole ? `Vedi tutti i ${psychics.length} cartomanti` : "Vedi tutti i cartomanti trovati",
        description: `Per «${query.trim()}»`,
        path: paths.psychicsFound({ q: query.trim() }),
      });
    }
    if (results.length > 0) groups.push({ key: "psychics", label: "Cartomanti", results });
  }
  if (catalogue) {
    groups.push({
      key: "topics",
      label: "Ambiti di consulto",
      // Blank: every topic; typed: the topics the words name ('soldi' → Denaro e Finanze).
      results: (typed ? topicsNamedBy(query, catalogue.specializations) : catalogue.specializations).map((topic) => ({
        kind: "topic",
        title: topic,
        description: count(catalogue.psychicsByTopic[topic] ?? 0),
        path: paths.psychicsFound({ topic }),
      })),
    });
    if (typed) {
      groups.push({
        key: "techniques",
        label: "Tecniche",
        results: catalogue.specialties
          .filter((technique) => matchesEveryWord([technique], query))
          .map((technique) => ({
            kind: "technique",
            title: technique,
            description: count(catalogue.psychicsByTechnique[technique] ?? 0),
            path: paths.psychicsFound({ specialty: technique }),
          })),
      });
    }
  }
  groups.push({ key: "pages", label: "Pagine", results: filterSiteSearch(query).map((item) => ({ ...item, kind: "page" })) });
  return groups.filter((group) => group.results.length > 0);
}
