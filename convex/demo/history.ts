// The demo's past: consultations given over the last months with several psychics, most of them reviewed,
// so ratings, the Reviews tab and the psychic's monthly figures show real data on a fresh `npm start`.
// Pure: the seed (convex/seed.ts) writes what this plans through the same code real bookings use.
import type { DurationMinutes, WeeklyAvailability } from "../framework/validators";
import { addDays } from "../model/nextAvailability";
import { offeredStarts } from "../model/slots";

/** Past clients who left reviews: demo accounts without a password (nobody signs in as them). */
export const demoPastClients = [
  { name: "Maria Rossi", email: "maria.rossi@esempio.it" },
  { name: "Luca Ferrari", email: "luca.ferrari@esempio.it" },
  { name: "Chiara Esposito", email: "chiara.esposito@esempio.it" },
  { name: "Marco Romano", email: "marco.romano@esempio.it" },
  { name: "Francesca Ricci", email: "francesca.ricci@esempio.it" },
  { name: "Davide Greco", email: "davide.greco@esempio.it" },
] as const;

/** How reviews open, with the rating they go with: three in four are warm, some lukewarm, as real ones are. */
const reviewOpenings: ReadonlyArray<{ rating: 1 | 2 | 3 | 4 | 5; text: string }> = [
  { rating: 5, text: "Consulto chiaro e rispettoso." },
  { rating: 4, text: "Lettura precisa, qualche passaggio un po' veloce." },
  { rating: 5, text: "Ascolto attento dall'inizio alla fine." },
  { rating: 5, text: "Puntuale, gentile e diretta." },
  { rating: 3, text: "Esperienza discreta, alcune risposte un po' generiche." },
  { rating: 4, text: "Ottima energia e spiegazioni semplici." },
  { rating: 5, text: "Molto empatica, senza giri di parole." },
  { rating: 4, text: "Consulto sereno, con il tempo giusto per le domande." },
  { rating: 5, text: "Nessun giudizio, solo tanta attenzione." },
  { rating: 2, text: "Non ha risposto a tutte le mie domande." },
];

/** What the review goes on to say; eleven of them, so with ten openings no two reviews of the demo read alike. */
const reviewDetails = [
  "Ora vedo la situazione sul lavoro con più calma.",
  "Le carte hanno detto cose che avevo bisogno di sentire sulla mia relazione.",
  "Tornerò per un secondo consulto tra qualche mese.",
  "Interessante l'unione tra astrologia e tarocchi, il tempo è volato.",
  "Mi ha dato spunti concreti su cui riflettere per il trasloco.",
  "Consigliata a chi cerca una lettura onesta, senza promesse.",
  "Ha spiegato ogni carta con pazienza, anche quelle difficili.",
  "La chiamata era nitida e il consulto è iniziato all'ora giusta.",
  "Ho apprezzato che non abbia cercato di allungare i tempi.",
  "Ne esco con più fiducia nelle mie scelte di famiglia.",
  "Avrei voluto più dettagli sul futuro, ma è stata sincera.",
];

/** The demo's `serial`-th review: an opening and a detail, distinct for the first 110. */
function demoReview(serial: number): { rating: 1 | 2 | 3 | 4 | 5; comment: string } {
  const opening = reviewOpenings[serial % reviewOpenings.length];
  return { rating: opening.rating, comment: `${opening.text} ${reviewDetails[serial % reviewDetails.length]}` };
}

type HistoryPsychic = { availability: WeeklyAvailability; availableDurations: DurationMinutes[] };

/** One past consultation: which psychic, when, with whom ("demo" is the demo client), and its review if any. */
type PlannedConsultation = {
  psychic: number;
  date: string;
  time: string;
  durationMinutes: DurationMinutes;
  client: number | "demo";
  review: { rating: 1 | 2 | 3 | 4 | 5; comment: string } | null;
};

/** How often (every n-th day with open hours) each psychic held a consultation; absent: never (still "Nuovo"). */
const CADENCE: Record<number, number> = { 0: 3, 1: 6, 2: 8, 3: 10, 4: 7 };
/** How far back the history goes: about six months. */
const HISTORY_DAYS = 175;

/**
 * Past consultations of the psychics at `CADENCE`, from about six months ago to three days ago, on their
 * own schedule. Three in four are reviewed. The most recent one with the first psychic (the demo psychic)
 * is the demo client's, held and not yet reviewed; an older one with the second psychic is the demo
 * client's, reviewed.
 */
export function demoHistoryPlan(today: string, psychics: readonly HistoryPsychic[]): PlannedConsultation[] {
  const plan: PlannedConsultation[] = [];
  let serial = 0;
  psychics.forEach((psychic, index) => {
    const every = CADENCE[index];
    if (every === undefined) return;
    const minutes = psychic.availableDurations.includes(30) ? 30 : psychic.availableDurations[0];
    if (minutes === undefined) return;
    let open = 0;
    for (let back = HISTORY_DAYS; back >= 3; back--) {
      const date = addDays(today, -back);
      const starts = offeredStarts(psychic.availability, date, minutes);
      if (starts.length === 0) continue;
      if (open++ % every !== 0) continue;
      const time = starts[serial % starts.length];
      plan.push({
        psychic: index,
        date,
        time,
        durationMinutes: minutes,
        client: serial % demoPastClients.length,
        review: serial % 4 === 3 ? null : demoReview(serial),
      });
      serial++;
    }
  });
  const lastOfFirst = plan.filter((item) => item.psychic === 0).at(-1);
  if (lastOfFirst) Object.assign(lastOfFirst, { client: "demo", review: null });
  const olderOfSecond = plan.filter((item) => item.psychic === 1).at(-3);
  if (olderOfSecond) {
    const review = { rating: 5, comment: "Secondo consulto: ancora più chiaro del primo. Consigliato a chi cerca sincerità." } as const;
    Object.assign(olderOfSecond, { client: "demo", review });
  }
  return plan;
}
