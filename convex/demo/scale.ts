// Many demo psychics, for benches and tests at a national launch's size: the n-th is always the same
// (its name, topics, techniques, prices, types and weekly hours follow from n), so a bench at 1 000 and one
// at 20 000 psychics share their first 1 000. convex/demoScale.ts writes them.
import { specializations, specialties, weekdays, type DurationMinutes, type Specialization, type Specialty, type Weekday } from "../framework/validators";
import { PRICE_MAX_CENTS, PRICE_MIN_CENTS, PRICE_STEP_CENTS } from "../model/profileRules";
import { weekFrom } from "./data";

const FIRST = ["Luna", "Stella", "Sole", "Vega", "Lyra", "Altair", "Sirio", "Nova", "Celeste", "Iside", "Morgana", "Elettra", "Astrea", "Cassandra", "Orsola", "Zaffira"];
const SECOND = ["d'Argento", "del Mattino", "della Sera", "Serena", "Antica", "del Nord", "del Mare", "dei Venti", "Chiara", "Lucente", "di Velluto", "Profonda"];
const WEEKDAYS: readonly Weekday[] = weekdays;
const HOURS = ["09:00", "09:30", "10:00", "10:30", "11:00", "14:00", "14:30", "15:00", "15:30", "16:00", "18:00", "18:30", "19:00", "19:30", "20:00", "21:00"];
const DURATIONS: DurationMinutes[] = [15, 30, 45, 60];

/** A small deterministic generator (mulberry32), seeded by n: the scaled psychics, and tests that replay their draws. */
export function seededRandom(n: number): () => number {
  let a = (n * 0x9e3779b1) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(next: () => number, from: readonly T[], count: number): T[] {
  const pool = [...from];
  const out: T[] = [];
  while (out.length < count && pool.length > 0) out.push(pool.splice(Math.floor(next() * pool.length), 1)[0]!);
  return out;
}

interface ScaledPsychic {
  email: string;
  psychicName: string;
  bio: string;
  specialties: Specialty[];
  specializations: Specialization[];
  yearsExperience: number;
  pricesCents: Record<string, number>;
  chatPricesCents: Record<string, number> | null;
  availability: ReturnType<typeof weekFrom>;
  availableDurations: DurationMinutes[];
}

/** The n-th scaled demo psychic (n from 1). Its name ends with n, so every name is its own. */
export function scaledPsychic(n: number): ScaledPsychic {
  const next = seededRandom(n);
  const name = `${FIRST[n % FIRST.length]} ${SECOND[Math.floor(n / FIRST.length) % SECOND.length]} ${n}`;
  const topics = pick(next, specializations, 1 + Math.floor(next() * 3));
  const techniques = pick(next, specialties, 1 + Math.floor(next() * 3));
  const durations = pick(next, DURATIONS, 2 + Math.floor(next() * 3)).sort((a, b) => a - b);
  // € 0.80 to € 2.50 a minute, each length's price a valid one (model/profileRules.ts: € 10 to € 200, by € 5).
  const perMinuteCents = 80 + Math.floor(next() * 171);
  const price = (minutes: number, share = 1) =>
    Math.min(PRICE_MAX_CENTS, Math.max(PRICE_MIN_CENTS, Math.round((perMinuteCents * minutes * share) / PRICE_STEP_CENTS) * PRICE_STEP_CENTS));
  const pricesCents = Object.fromEntries(durations.map((minutes) => [String(minutes), price(minutes)]));
  const offersChat = next() < 0.6;
  const days = pick(next, WEEKDAYS, 2 + Math.floor(next() * 5));
  const schedule = Object.fromEntries(days.map((day) => [day, pick(next, HOURS, 3 + Math.floor(next() * 8)).sort()])) as Partial<Record<Weekday, string[]>>;
  return {
    email: `cartomante-${n}@scala.arcano.it`,
    psychicName: name,
    bio: `${techniques.join(", ")} per chi cerca chiarezza su ${topics.map((topic) => topic.toLowerCase()).join(", ")}. Consulti sinceri, con rispetto e senza giri di parole.`,
    specialties: techniques,
    specializations: topics,
    yearsExperience: 1 + Math.floor(next() * 30),
    pricesCents,
    chatPricesCents: offersChat ? Object.fromEntries(durations.map((minutes) => [String(minutes), price(minutes, 0.85)])) : null,
    availability: weekFrom(schedule),
    availableDurations: durations,
  };
}
