// Test data for the booking page's promises (bookingPromises*.spec.ts): Dante works Monday, Wednesday and
// Friday evenings, 18:00–22:00 (convex/demo/data.ts); four paid hours, booked by two clients of their own
// (two a day each, as the limits allow), fill one of those evenings for every length.
import { romeToUtcMs } from "../../convex/framework/time";
import { addDays } from "../../convex/model/nextAvailability";
import { refundTermsLines } from "../../convex/model/refundTerms";
import { bookAndPayThroughApi, listedPsychic, mondayAhead, signUpThroughApi } from "./api";

const PSYCHIC = "Dante";
/** Dante's prices (convex/demo/data.ts). */
export const PRICE_CENTS = { 30: 4500, 60: 8000 } as const;

export const danteId = async () => (await listedPsychic(PSYCHIC)).id;

/** The weekday `offset` days after the Monday `weeksAhead` weeks from now. */
export const dayOfWeekAhead = (weeksAhead: number, offset: number) => addDays(mondayAhead(weeksAhead), offset);

/** Fills Dante's evening of `date` with four one-hour consultations, paid, of two fresh clients. */
export async function fillEvening(date: string, who: string) {
  const [first, second] = await Promise.all([signUpThroughApi(`${who} Uno`), signUpThroughApi(`${who} Due`)]);
  const book = (session: typeof first.session, time: string) => bookAndPayThroughApi(session, { psychic: PSYCHIC, date, time, durationMinutes: 60 });
  await Promise.all([
    book(first.session, "18:00").then(() => book(first.session, "19:00")),
    book(second.session, "20:00").then(() => book(second.session, "21:00")),
  ]);
}

/** The terms the page must state for this start and price, as the server words them (model/refundTerms.ts). */
export function expectedTerms(date: string, time: string, priceCents: number): string[] {
  return refundTermsLines({ startsAt: romeToUtcMs(date, time), priceCents }, Date.now()).map((line) => line.replace(/\s/g, " "));
}
