// The published, approved profile every demo psychic has: the seed's eight (seed.ts) and the scaled ones
// (demoScale.ts) alike.
import type { Doc, Id } from "../_generated/dataModel";
import type { DurationMinutes, Specialization, Specialty } from "../framework/validators";
import { CONDUCT_VERSION } from "../model/conduct";
import type { weekFrom } from "./data";

interface PublishedDemo {
  psychicName: string;
  photoUrl?: string;
  bio: string;
  specialties: Specialty[];
  specializations: Specialization[];
  yearsExperience: number;
  pricesCents: Partial<Record<string, number>>;
  /** Absent or null: calls only. */
  chatPricesCents?: Partial<Record<string, number>> | null;
  availableDurations: DurationMinutes[];
  availability: ReturnType<typeof weekFrom>;
}

/** The profile's fields: approved by `approver` (with the passed verification call it recorded) at `now`. */
export function publishedDemoProfile(psychic: PublishedDemo, userId: Id<"users">, now: number, approver: Id<"users"> | null): Omit<Doc<"psychicProfiles">, "_id" | "_creationTime"> {
  const prices = (cents: Partial<Record<string, number>>) => Object.fromEntries(Object.entries(cents).filter((entry): entry is [string, number] => entry[1] !== undefined));
  return {
    userId,
    psychicName: psychic.psychicName,
    ...(psychic.photoUrl ? { photoUrl: psychic.photoUrl } : {}),
    bio: psychic.bio,
    specialties: psychic.specialties,
    specializations: psychic.specializations,
    yearsExperience: psychic.yearsExperience,
    totalConsultations: 0,
    reviewCount: 0,
    isAvailable: true,
    isPubliclyVisible: true,
    profileStatus: "approved",
    approvedAt: now,
    // Every approved demo psychic passed the verification call, recorded by the approving admin.
    verificationCallCompleted: true,
    ...(approver
      ? { approvedBy: approver, verificationCall: { recordedBy: approver, recordedAt: now, outcome: "passed" as const, note: "Colloquio svolto: identità ed esperienza confermate." } }
      : {}),
    hourlyRateCents: psychic.pricesCents["60"] ?? 5000,
    pricesCents: prices(psychic.pricesCents),
    consultationTypes: psychic.chatPricesCents ? ["voice", "chat"] : ["voice"],
    ...(psychic.chatPricesCents ? { chatPricesCents: prices(psychic.chatPricesCents) } : {}),
    availableDurations: [...psychic.availableDurations].sort((a, b) => a - b),
    availability: psychic.availability,
    // The demo's psychics have accepted the current code of conduct (model/conduct.ts).
    conductAcceptance: { version: CONDUCT_VERSION, acceptedAt: now },
  };
}
