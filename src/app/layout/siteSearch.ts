import { matchesEveryWord } from "@convex/model/textSearch";
import { matchCard, topicsNamedBy } from "@convex/model/topicSearch";
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

/** What the header search knows of the public list (psychics:listPublic): listed psychics only. */
export type SiteSearchCatalogue = {
  psychics: ReadonlyArray<{
    id: string;
    slug?: string | null;
    psychicName: string;
    photoUrl: string | null;
    bio: string;
    specialties: readonly string[];
    specializations: readonly string[];
    /** Voice and/or chat; absent (an answer kept from before chat), voice. */
    consultationTypes?: ConsultationType[];
  }>;
  specialties: readonly string[];
  specializations: readonly string[];
};

export type SiteSearchResult = SiteSearchItem & { kind: "psychic" | "more" | "topic" | "technique" | "page"; photoUrl?: string | null };
type SiteSearchGroup = { key: "psychics" | "topics" | "techniques" | "pages"; label: string; results: SiteSearchResult[] };

/** How many psychics the dialog lists before offering the whole list for the words typed. */
const PSYCHIC_RESULTS = 5;

/** 'Voce e chat', 'Voce', 'Chat': what a psychic offers, in the result's line. */
function typesInWords(psychic: { consultationTypes?: ConsultationType[] }): string {
  const words = offeredTypesOf(psychic).map((type) => consultationTypeWords[type].label);
  return words.length > 1 ? `${words[0]} e ${words.slice(1).join(", ").toLowerCase()}` : words[0]!;
}

const count = (psychics: number) => (psychics === 1 ? "1 cartomante" : `${psychics} cartomanti`);

/**
 * The header search's answer, in groups: psychics (as the list searches them), topics (by their words and
 * synonyms, as the list), techniques, pages.
 * A blank query offers the topics and the pages; psychics and techniques come with words typed.
 * `catalogue` is undefined while the list loads: the pages answer meanwhile.
 */
export function siteSearchResults(query: string, catalogue: SiteSearchCatalogue | undefined): SiteSearchGroup[] {
  const typed = query.trim().length > 0;
  const groups: SiteSearchGroup[] = [];
  if (catalogue && typed) {
    // As the list searches (model/topicSearch.ts): name, techniques, topics by their words and synonyms.
    const found = catalogue.psychics.flatMap((psychic) => {
      const { matches, matchedTopic } = matchCard(psychic, query);
      return matches ? [{ psychic, matchedTopic }] : [];
    });
    const results: SiteSearchResult[] = found.slice(0, PSYCHIC_RESULTS).map(({ psychic, matchedTopic }) => ({
      kind: "psychic",
      title: psychic.psychicName,
      description: `${matchedTopic ? `Per: ${matchedTopic}` : [...psychic.specializations, ...psychic.specialties].join(" · ")} · ${typesInWords(psychic)}`,
      path: paths.psychic(psychic.slug ?? psychic.id),
      photoUrl: psychic.photoUrl,
    }));
    if (found.length > PSYCHIC_RESULTS) {
      results.push({
        kind: "more",
        title: `Vedi tutti i ${found.length} cartomanti`,
        description: `Per «${query.trim()}»`,
        path: paths.psychicsFound({ q: query.trim() }),
      });
    }
    groups.push({ key: "psychics", label: "Cartomanti", results });
  }
  if (catalogue) {
    const offering = (has: (psychic: SiteSearchCatalogue["psychics"][number]) => boolean) => count(catalogue.psychics.filter(has).length);
    groups.push({
      key: "topics",
      label: "Ambiti di consulto",
      // Blank: every topic; typed: the topics the words name ('soldi' → Denaro e Finanze).
      results: (typed ? topicsNamedBy(query, catalogue.specializations) : catalogue.specializations)
        .map((topic) => ({
          kind: "topic",
          title: topic,
          description: offering((psychic) => psychic.specializations.includes(topic)),
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
            description: offering((psychic) => psychic.specialties.includes(technique)),
            path: paths.psychicsFound({ specialty: technique }),
          })),
      });
    }
  }
  groups.push({ key: "pages", label: "Pagine", results: filterSiteSearch(query).map((item) => ({ ...item, kind: "page" })) });
  return groups.filter((group) => group.results.length > 0);
}
