// What the admin area shows on a fresh local run: a psychic waiting for review and contact messages
// in every status. Seeded with the rest of the demo world (convex/seed.ts).
import type { Doc, Id } from "../_generated/dataModel";
import { CONDUCT_VERSION } from "../model/conduct";
import type { ContactFacts } from "../model/contact";
import { halfHours, weekFrom } from "./data";

export const demoPendingPsychic = {
  email: "vega@esempio.it",
  name: "Vega Marini",
  psychicName: "Vega",
  bio: "Leggo le Sibille e le rune da dieci anni, con un approccio pratico e diretto. Aspetto la verifica del profilo.",
  yearsExperience: 10,
  pricesCents: { "30": 4000, "60": 7000 },
  availability: weekFrom({ tuesday: halfHours("15:00", "18:30"), thursday: halfHours("15:00", "18:30") }),
};

/** A complete profile waiting for the admin's review, with Vega's facts under `psychicName`. */
export function pendingPsychicProfile(userId: Id<"users">, psychicName: string): Omit<Doc<"psychicProfiles">, "_id" | "_creationTime"> {
  const { email: _email, name: _name, psychicName: _vega, ...facts } = demoPendingPsychic;
  return {
    ...facts,
    psychicName,
    userId,
    specialties: ["Carte Sibille", "Rune"],
    specializations: ["Decisioni Importanti"],
    totalConsultations: 0,
    reviewCount: 0,
    isAvailable: true,
    isPubliclyVisible: true,
    profileStatus: "pending",
    verificationCallCompleted: false,
    hourlyRateCents: facts.pricesCents["60"],
    availableDurations: [30, 60],
    // Sent for review, so the code of conduct was accepted first (model/conduct.ts).
    conductAcceptance: { version: CONDUCT_VERSION, acceptedAt: 0 },
  };
}

export const demoMessages: Array<ContactFacts & { status: "unread" | "read" | "replied" }> = [
  {
    name: "Francesca Galli",
    email: "francesca.galli@esempio.it",
    userType: "client",
    category: "payment",
    subject: "Addebito doppio?",
    message: "Nell'estratto conto vedo due addebiti per lo stesso consulto. Potete controllare?",
    status: "unread",
  },
  {
    name: "Paolo Conti",
    email: "paolo.conti@esempio.it",
    userType: "client",
    category: "general",
    subject: "Consulti in inglese",
    message: "Ci sono cartomanti che fanno consulti anche in inglese? Vorrei regalarne uno a un'amica.",
    status: "unread",
  },
  {
    name: "Rita Longo",
    email: "rita.longo@esempio.it",
    userType: "psychic",
    category: "psychic",
    subject: "Come funziona la verifica",
    message: "Mi sono appena registrata come cartomante: quanto dura la verifica del profilo?",
    status: "read",
  },
  {
    name: "Luca Ferri",
    email: "luca.ferri@esempio.it",
    userType: "client",
    category: "technical",
    subject: "Microfono non rilevato",
    message: "Durante la prova dei dispositivi il browser non trova il microfono. Uso Firefox su Windows.",
    status: "read",
  },
  {
    name: "Sara Riva",
    email: "sara.riva@esempio.it",
    userType: "client",
    category: "booking",
    subject: "Spostare un consulto",
    message: "Posso spostare il consulto di venerdì alla settimana prossima?",
    status: "replied",
  },
  {
    name: "Giorgio Sala",
    email: "giorgio.sala@esempio.it",
    userType: "client",
    category: "feedback",
    subject: "Complimenti",
    message: "Consulto molto utile e piattaforma semplice da usare. Grazie!",
    status: "replied",
  },
];
