// The demo world `npm start` seeds on a fresh local backend: accounts people can sign in with,
// and psychics with photos, prices and weekly availability. Never seeded on a real deployment
// unless someone runs `seed:run` there on purpose.
import type {
  DurationMinutes,
  Specialization,
  Specialty,
  Weekday,
  WeeklyAvailability,
} from "../framework/validators";

/** One password for every demo account, printed by `npm start` and listed in the README. */
export const DEMO_PASSWORD = "arcano-demo";

export const demoAccounts = {
  client: { email: "cliente@esempio.it", name: "Giulia Bianchi" },
  psychic: { email: "cartomante@esempio.it", name: "Selene Moretti" },
  admin: { email: "admin@arcano.it", name: "Amministrazione Arcano" },
} as const;

type DemoPsychic = {
  email: string;
  psychicName: string;
  photo: string;
  bio: string;
  specialties: Specialty[];
  specializations: Specialization[];
  yearsExperience: number;
  /** Cents for each length offered, for a call. */
  pricesCents: Partial<Record<`${DurationMinutes}`, number>>;
  /** Cents for each length offered, for a chat; absent, the psychic offers calls only (Orione). */
  chatPricesCents?: Partial<Record<`${DurationMinutes}`, number>>;
  schedule: Partial<Record<Weekday, string[]>>;
};

/** Every half hour from `from` up to and including `to` ("HH:MM"). */
export function halfHours(from: string, to: string): string[] {
  const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
  const slots: string[] = [];
  for (let m = toMinutes(from); m <= toMinutes(to); m += 30) {
    slots.push(`${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`);
  }
  return slots;
}

export function weekFrom(schedule: Partial<Record<Weekday, string[]>>): WeeklyAvailability {
  const day = (name: Weekday) => ({
    enabled: (schedule[name]?.length ?? 0) > 0,
    availableHours: schedule[name] ?? [],
  });
  return {
    monday: day("monday"),
    tuesday: day("tuesday"),
    wednesday: day("wednesday"),
    thursday: day("thursday"),
    friday: day("friday"),
    saturday: day("saturday"),
    sunday: day("sunday"),
  };
}

const mornings = halfHours("09:00", "11:30");
const afternoons = halfHours("14:00", "17:30");
const evenings = halfHours("18:00", "21:30");

export const demoPsychics: DemoPsychic[] = [
  {
    email: demoAccounts.psychic.email,
    psychicName: "Selene",
    photo: "/readers/selene.svg",
    bio: "Leggo i Tarocchi di Marsiglia da oltre quindici anni. Nei miei consulti cerco di darti uno sguardo chiaro sulla situazione che vivi, senza giri di parole e con molto rispetto.",
    specialties: ["Tarocchi", "Cartomanzia"],
    specializations: ["Amore e Relazioni", "Decisioni Importanti"],
    yearsExperience: 16,
    pricesCents: { "15": 2000, "30": 3500, "60": 6500 },
    chatPricesCents: { "15": 1500, "30": 3000, "60": 5500 },
    schedule: { monday: [...mornings, ...afternoons], wednesday: afternoons, friday: [...afternoons, ...evenings] },
  },
  {
    email: "orione@esempio.it",
    psychicName: "Orione",
    photo: "/readers/orione.svg",
    bio: "Astrologo e studioso di simbologia. Unisco il tema natale alla lettura delle carte per aiutarti a capire i cicli che stai attraversando nel lavoro e nei progetti.",
    specialties: ["Astrologia", "Numerologia"],
    specializations: ["Carriera e Lavoro", "Futuro e Destino"],
    yearsExperience: 11,
    pricesCents: { "30": 4000, "45": 5500, "60": 7000 },
    schedule: { tuesday: [...mornings, ...afternoons], thursday: [...mornings, ...afternoons], saturday: mornings },
  },
  {
    email: "aurora@esempio.it",
    psychicName: "Aurora",
    photo: "/readers/aurora.svg",
    bio: "Cartomante con le Sibille della tradizione napoletana. Il mio stile è caldo e diretto: ti ascolto, leggo le carte e ti restituisco ciò che vedo, con delicatezza.",
    specialties: ["Carte Sibille", "Cartomanzia", "Tarocchi"],
    specializations: ["Amore e Relazioni", "Famiglia e Figli"],
    yearsExperience: 9,
    pricesCents: { "15": 1500, "30": 2800, "45": 4000 },
    chatPricesCents: { "15": 1500, "30": 2500, "45": 3500 },
    schedule: { monday: evenings, tuesday: evenings, wednesday: evenings, thursday: evenings, friday: evenings },
  },
  {
    email: "elia@esempio.it",
    psychicName: "Elia",
    photo: "/readers/elia.svg",
    bio: "Lavoro con le rune nordiche e con i cristalli. Ogni consulto è un momento di calma in cui mettere ordine tra pensieri e scelte, passo dopo passo.",
    specialties: ["Rune", "Cristallomanzia"],
    specializations: ["Crescita Spirituale", "Salute e Benessere"],
    yearsExperience: 6,
    pricesCents: { "30": 3000, "60": 5500 },
    chatPricesCents: { "30": 2500, "60": 4500 },
    schedule: { wednesday: [...mornings, ...afternoons], saturday: [...mornings, ...afternoons], sunday: afternoons },
  },
  {
    email: "morgana@esempio.it",
    psychicName: "Morgana",
    photo: "/readers/morgana.svg",
    bio: "Lettrice del palmo e dei Tarocchi. Mi piace partire dalle domande concrete: cosa desideri capire oggi? Da lì costruiamo insieme la lettura.",
    specialties: ["Lettura Palmo", "Tarocchi"],
    specializations: ["Decisioni Importanti", "Denaro e Finanze"],
    yearsExperience: 21,
    pricesCents: { "15": 2500, "30": 4500, "45": 6500, "60": 8500 },
    chatPricesCents: { "15": 2000, "30": 4000, "45": 5500, "60": 7000 },
    schedule: { monday: afternoons, tuesday: afternoons, thursday: [...afternoons, ...evenings] },
  },
  {
    email: "stella@esempio.it",
    psychicName: "Stella",
    photo: "/readers/stella.svg",
    bio: "Numerologa e cartomante. Attraverso i numeri della tua data di nascita e le carte cerco di illuminare i passaggi importanti dell'anno che stai vivendo.",
    specialties: ["Numerologia", "Cartomanzia"],
    specializations: ["Futuro e Destino", "Carriera e Lavoro"],
    yearsExperience: 4,
    pricesCents: { "15": 1000, "30": 2000 },
    chatPricesCents: { "15": 1000, "30": 1500 },
    schedule: { friday: [...mornings, ...afternoons], saturday: [...afternoons, ...evenings], sunday: mornings },
  },
  {
    email: "dante@esempio.it",
    psychicName: "Dante",
    photo: "/readers/dante.svg",
    bio: "Tarocchi e astrologia evolutiva. Ti aiuto a leggere i momenti di cambiamento come occasioni, con un linguaggio semplice e senza fatalismi.",
    specialties: ["Tarocchi", "Astrologia"],
    specializations: ["Crescita Spirituale", "Amore e Relazioni"],
    yearsExperience: 13,
    pricesCents: { "30": 4500, "45": 6000, "60": 8000 },
    chatPricesCents: { "30": 4000, "45": 5000, "60": 7000 },
    schedule: { monday: evenings, wednesday: evenings, friday: evenings, sunday: [...afternoons, ...evenings] },
  },
  {
    email: "iside@esempio.it",
    psychicName: "Iside",
    photo: "/readers/iside.svg",
    bio: "Cristalli, rune e carte oracolari. Nei miei consulti il ritmo è lento e accogliente: c'è spazio per le tue domande e per quelle che non hai ancora formulato.",
    specialties: ["Cristallomanzia", "Rune", "Carte Sibille"],
    specializations: ["Salute e Benessere", "Famiglia e Figli"],
    yearsExperience: 8,
    pricesCents: { "15": 1800, "30": 3200, "45": 4500, "60": 5800 },
    chatPricesCents: { "15": 1500, "30": 2500, "45": 4000, "60": 5000 },
    schedule: { tuesday: [...mornings, ...afternoons], thursday: [...mornings, ...afternoons], saturday: mornings },
  },
];
