// The code of conduct psychics accept before publishing (docs/product-rules.md, "Psychics"). The text
// is versioned: a new version is a new number here, and each psychic accepts it before the next
// publish. A profile already published stays published.

/** The current version. Raise it whenever the rules below change in substance. */
export const CONDUCT_VERSION = 1;

export const CONDUCT_TITLE = "Codice di condotta dei cartomanti";

export const CONDUCT_INTRO =
  "Arcano offre consulti di cartomanzia a scopo di intrattenimento. Per proteggere chi si rivolge a te, accetti queste regole prima di pubblicare il profilo. Chi non le rispetta può essere sospeso.";

/** The rules, in order: each a short heading and what it means in practice. */
export const CONDUCT_RULES: ReadonlyArray<{ title: string; text: string }> = [
  {
    title: "Niente rituali né «rimozioni» a pagamento",
    text: "Non proponi rituali, talismani, «tagli» o «rimozioni» di malocchio, fatture o maledizioni, né altri servizi a pagamento oltre al consulto prenotato.",
  },
  {
    title: "Niente previsioni o consigli medici, legali o finanziari",
    text: "Non fai previsioni né dai consigli sulla salute, su cause o questioni legali, su investimenti o denaro: inviti a rivolgersi a un medico, a un avvocato o a un consulente.",
  },
  {
    title: "Nessuna lettura su minori",
    text: "Non accetti domande su persone minorenni e non fai letture per loro o su di loro.",
  },
  {
    title: "I consulti restano su Arcano",
    text: "Non condividi numeri di telefono, email, profili social o altri recapiti e non inviti il cliente a pagarti o a sentirti fuori dalla piattaforma.",
  },
  {
    title: "Rispetto e riservatezza",
    text: "Tratti ogni cliente con rispetto, senza pressioni né giudizi, e non riveli a nessuno ciò che ti racconta.",
  },
];

/** Whether an acceptance, if any, is of the current version: only then may the psychic publish. */
export function acceptsCurrentConduct(acceptance: { version: number } | undefined | null): boolean {
  return acceptance?.version === CONDUCT_VERSION;
}
