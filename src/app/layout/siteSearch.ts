import { paths } from "@/lib/paths";

export type SiteSearchItem = { title: string; description: string; path: string };

/** The pages the header search can find, in the order the spec lists them. */
export const siteSearchItems: readonly SiteSearchItem[] = [
  { title: "Chi siamo", description: "La nostra missione e i nostri valori", path: paths.about },
  { title: "Privacy", description: "Protezione dei dati personali", path: paths.privacy },
  { title: "Termini di servizio", description: "Condizioni di utilizzo del servizio", path: paths.terms },
  { title: "Come funziona", description: "Guida all'utilizzo della piattaforma", path: paths.howItWorks },
  { title: "Domande frequenti", description: "Le risposte alle domande dei clienti (FAQ)", path: paths.faq },
  { title: "Contatti", description: "Scrivi al nostro team di supporto", path: paths.contact },
  { title: "Cartomanti", description: "Sfoglia i profili dei cartomanti verificati", path: paths.psychics },
  { title: "Diventa cartomante", description: "Unisciti ad Arcano come cartomante", path: paths.registerAs("psychic") },
  { title: "Accedi", description: "Entra nel tuo account", path: paths.login },
  { title: "Crea un account gratuito", description: "Registrati gratis in pochi secondi", path: paths.register },
];

/** Case-insensitive substring match on title or description; an empty query keeps everything. */
export function filterSiteSearch(
  query: string,
  items: readonly SiteSearchItem[] = siteSearchItems,
): SiteSearchItem[] {
  const needle = query.trim().toLocaleLowerCase("it");
  if (!needle) return [...items];
  return items.filter(
    (item) =>
      item.title.toLocaleLowerCase("it").includes(needle) ||
      item.description.toLocaleLowerCase("it").includes(needle),
  );
}
