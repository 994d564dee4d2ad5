// What Stripe asks of a psychic's account, in Italian. Stripe names each requirement by the field it
// wants (`individual.verification.document`, `external_account`, …); the common ones read as what the
// psychic has to provide, several fields of one thing (the three parts of a birth date) as that thing once,
// and anything else as one generic line, so a field Stripe adds tomorrow still shows.

/** Exact field names. */
const fieldWords: Record<string, string> = {
  "individual.verification.document": "un documento d'identità",
  "individual.verification.additional_document": "un documento che confermi l'indirizzo (ad esempio una bolletta)",
  "individual.verification.proof_of_liveness": "una verifica dell'identità con un selfie",
  external_account: "l'IBAN del conto",
  "individual.first_name": "il nome",
  "individual.last_name": "il cognome",
  "individual.email": "l'indirizzo email",
  "individual.phone": "il numero di telefono",
  "individual.id_number": "il codice fiscale",
  "individual.political_exposure": "la dichiarazione sull'esposizione politica",
  "business_profile.url": "il sito o il profilo dell'attività",
  "business_profile.product_description": "la descrizione dell'attività",
  "business_profile.mcc": "il settore dell'attività",
};

/** Fields that are parts of one thing, by their prefix. */
const prefixWords: Array<[prefix: string, words: string]> = [
  ["individual.dob.", "la data di nascita"],
  ["individual.address.", "l'indirizzo di residenza"],
  ["tos_acceptance.", "l'accettazione dei termini di servizio di Stripe"],
];

const otherRequirements = "altre informazioni richieste da Stripe";

/** Stripe's requirement names as the list the card shows: Italian, each thing once, in Stripe's order. */
export function requirementsInItalian(requirements: readonly string[]): string[] {
  const words = requirements.map(
    (requirement) => fieldWords[requirement] ?? prefixWords.find(([prefix]) => requirement.startsWith(prefix))?.[1] ?? otherRequirements,
  );
  const known = [...new Set(words.filter((word) => word !== otherRequirements))];
  return words.includes(otherRequirements) ? [...known, otherRequirements] : known;
}
