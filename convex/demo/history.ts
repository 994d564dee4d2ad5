// The demo's past: consultations held over the last months with several psychics, most of them reviewed,
// so ratings, the Reviews tab and the psychic's monthly figures show real data on a fresh `npm start`.
// Pure: the seed (convex/seed.ts) writes what this plans through the same code real bookings use.
import type { DurationMinutes, WeeklyAvailability } from "../lib/validators";
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

export const demoReviewTexts: ReadonlyArray<{ rating: 1 | 2 | 3 | 4 | 5; comment: string }> = [
  { rating: 5, comment: "Consulto chiaro e rispettoso: mi ha aiutata a vedere la situazione con più calma." },
  { rating: 4, comment: "Lettura precisa su lavoro e progetti, qualche passaggio un po' veloce ma molto utile." },
  { rating: 5, comment: "Mi sono sentito ascoltato. Le carte hanno detto cose che avevo bisogno di sentire." },
  { rating: 5, comment: "Puntuale, gentile e diretta. Tornerò sicuramente per un secondo consulto." },
  { rating: 3, comment: "Esperienza discreta: alcune risposte generiche, ma l'atmosfera era piacevole." },
  { rating: 4, comment: "Ottima energia e spiegazioni semplici. Mi ha dato spunti concreti su cui riflettere." },
  { rating: 5, comment: "Molto empatica, senza giri di parole. Consulto che mi ha fatto bene." },
  { rating: 4, comment: "Interessante l'unione tra astrologia e carte, il tempo è volato." },
];

export type HistoryPsychic = { availability: WeeklyAvailability; availableDurations: DurationMinutes[] };

/** One past consultation: which psychic, when, with whom ("demo" is the demo client), and its review if any. */
export type PlannedConsultation = {
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
        review: serial % 4 === 3 ? null : demoReviewTexts[serial % demoReviewTexts.length],
      });
      serial++;
    }
  });
  const lastOfFirst = plan.filter((item) => item.psychic === 0).at(-1);
  if (lastOfFirst) Object.assign(lastOfFirst, { client: "demo", review: null });
  const olderOfSecond = plan.filter((item) => item.psychic === 1).at(-3);
  if (olderOfSecond) Object.assign(olderOfSecond, { client: "demo", review: demoReviewTexts[5] });
  return plan;
}
