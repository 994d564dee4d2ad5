// The editor's form: its values, the zod schema that checks them with the spec's messages (§5),
// and the conversions to and from what the server stores. The server checks the same rules again.
import * as z from "zod/mini";
import type { FunctionReturnType } from "convex/server";
import type { api } from "@convex/_generated/api";
import {
  consultationTypes,
  specializations,
  specialties,
  type ConsultationType,
  type DurationMinutes,
  type PricesCents,
  type WeeklyAvailability,
} from "@convex/framework/validators";
import { priceCentsFor } from "@convex/model/bookings";
import { offeredTypesOf } from "@convex/model/psychics";
import {
  BIO_MAX,
  DEFAULT_PRICES_CENTS,
  NAME_MAX,
  OFFERED_DURATIONS,
  PRICE_MAX_CENTS,
  PRICE_MIN_CENTS,
  PRICE_STEP_CENTS,
  YEARS_MAX,
  YEARS_MIN,
} from "@convex/model/profileRules";
import { errorMessages } from "@/lib/text/errors";
import { WEEK, weekdayLabels } from "@/lib/text/weekdays";

export type OwnProfile = NonNullable<FunctionReturnType<typeof api.psychicProfiles.getMine>>;

/** The editor shows and takes whole euros; the server stores and checks cents. */
export const PRICE_MIN = PRICE_MIN_CENTS / 100;
export const PRICE_MAX = PRICE_MAX_CENTS / 100;
export const PRICE_STEP = PRICE_STEP_CENTS / 100;

export { OFFERED_DURATIONS, YEARS_MAX, YEARS_MIN };
export const CONSULTATION_TYPES = consultationTypes;
export const SPECIALTIES = specialties;
export const SPECIALIZATIONS = specializations;

/** One type's price of each length, as typed (whole euros, text while typed). */
type TypedPrices = Record<`${DurationMinutes}`, string>;

/**
 * What the inputs hold. Numbers stay text while typed; a price is kept for every duration and type, so
 * unticking a duration or a type and ticking it again brings back what the psychic had typed.
 */
export type ProfileFormValues = {
  psychicName: string;
  bio: string;
  specialties: (typeof specialties)[number][];
  specializations: (typeof specializations)[number][];
  yearsExperience: string;
  /** Voice and/or chat, voice first. */
  consultationTypes: ConsultationType[];
  availableDurations: DurationMinutes[];
  /** Voice prices (`pricesCents` on the server). */
  prices: TypedPrices;
  chatPrices: TypedPrices;
  availability: WeeklyAvailability;
};

/** Each type's prices in the form, and their field names in its errors ('prices.30', 'chatPrices.30'). */
export const priceField = { voice: "prices", chat: "chatPrices" } as const satisfies Record<ConsultationType, keyof ProfileFormValues>;

const INCOMPLETE_MESSAGE = errorMessages.PROFILE_INCOMPLETE;
const DURATION_MESSAGE = errorMessages.DURATION_REQUIRED;
const TYPE_MESSAGE = errorMessages.CONSULTATION_TYPE_REQUIRED;
const YEARS_MESSAGE = `Gli anni di esperienza vanno da ${YEARS_MIN} a ${YEARS_MAX}.`;
const PRICE_MESSAGE = `Il prezzo va da ${PRICE_MIN} € a ${PRICE_MAX} €, a multipli di ${PRICE_STEP} €.`;

const wholeNumber = (message: string, min: number, max: number, step = 1) =>
  z.pipe(
    z.pipe(z.string().check(z.trim(), z.regex(/^\d+$/, message)), z.transform(Number)),
    z.number().check(
      z.gte(min, message),
      z.lte(max, message),
      z.refine((value) => value % step === 0, message),
    ),
  );

const day = z.object({ enabled: z.boolean(), availableHours: z.array(z.string()) });

const profileFormSchema = z
  .object({
    psychicName: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, "Inserisci il nome con cui ti presenti."),
        z.maxLength(NAME_MAX, `Il nome può avere al massimo ${NAME_MAX} caratteri.`),
      ),
    bio: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, "Scrivi una breve biografia."),
        z.maxLength(BIO_MAX, `La biografia può avere al massimo ${BIO_MAX} caratteri.`),
      ),
    specialties: z.array(z.enum(specialties)).check(z.minLength(1, "Scegli almeno una specialità.")),
    specializations: z.array(z.enum(specializations)),
    yearsExperience: wholeNumber(YEARS_MESSAGE, YEARS_MIN, YEARS_MAX),
    consultationTypes: z.array(z.enum(consultationTypes)).check(z.minLength(1, TYPE_MESSAGE)),
    availableDurations: z.array(z.union([z.literal(15), z.literal(30), z.literal(45), z.literal(60)])).check(z.minLength(1, DURATION_MESSAGE)),
    prices: z.record(z.string(), z.string()),
    chatPrices: z.record(z.string(), z.string()),
    availability: z.object({
      monday: day,
      tuesday: day,
      wednesday: day,
      thursday: day,
      friday: day,
      saturday: day,
      sunday: day,
    }),
  })
  .check(
    z.superRefine((values, ctx) => {
      // Only the prices of offered durations in offered types count: the others are never charged.
      for (const type of values.consultationTypes) {
        for (const minutes of values.availableDurations) {
          if (!isValidPrice(values[priceField[type]][String(minutes)])) {
            ctx.addIssue({ code: "custom", path: [priceField[type], String(minutes)], message: PRICE_MESSAGE });
          }
        }
      }
      // A ticked day needs hours (model/profileRules.ts refuses it too, as DAY_WITHOUT_HOURS).
      for (const day of WEEK) {
        if (values.availability[day].enabled && values.availability[day].availableHours.length === 0) {
          ctx.addIssue({ code: "custom", path: ["availability", day], message: dayWithoutHoursMessage(weekdayLabels[day]) });
        }
      }
    }),
  );

/** A typed price on the grid: whole euros from PRICE_MIN to PRICE_MAX in steps of PRICE_STEP. */
function isValidPrice(typed: string | undefined): boolean {
  return wholeNumber(PRICE_MESSAGE, PRICE_MIN, PRICE_MAX, PRICE_STEP).safeParse(typed ?? "").success;
}

/** One type's prices in cents for the offered lengths; `validOnly` leaves out what is not on the grid. */
function pricesCentsOf(typed: TypedPrices, durations: DurationMinutes[], validOnly = false): PricesCents {
  const priced = validOnly ? durations.filter((minutes) => isValidPrice(typed[`${minutes}`])) : durations;
  return Object.fromEntries(priced.map((minutes) => [String(minutes), priceCentsFor(Number(typed[`${minutes}`]))]));
}

/** "Mercoledì è segnato come disponibile ma non ha orari: …" */
function dayWithoutHoursMessage(dayLabel: string): string {
  return `${dayLabel} è segnato come disponibile ma non ha orari: aggiungi una fascia oraria o togli la spunta.`;
}

/** saveMine's and publishMine's arguments. */
export type ProfileArgs = {
  psychicName: string;
  bio: string;
  specialties: ProfileFormValues["specialties"];
  specializations: ProfileFormValues["specializations"];
  yearsExperience: number;
  availableDurations: DurationMinutes[];
  pricesCents: PricesCents;
  consultationTypes: ConsultationType[];
  /** Absent while chat is not offered: the server keeps the chat prices it has, for when it is offered again. */
  chatPricesCents?: PricesCents;
  availability: WeeklyAvailability;
};

export type FieldErrors = Partial<Record<string, string>>;

type ValidationResult = { ok: true; args: ProfileArgs } | { ok: false; summary: string; fieldErrors: FieldErrors };

/**
 * Checks the form. The summary is the spec's message for the first broken rule in its order:
 * name, bio and specialty first, then durations, then the consultation types, then the rest.
 */
export function validateProfileForm(values: ProfileFormValues): ValidationResult {
  const parsed = profileFormSchema.safeParse(values);
  if (parsed.success) {
    const data = parsed.data;
    const durations = [...data.availableDurations].sort((a, b) => a - b);
    const offers = (type: ConsultationType) => data.consultationTypes.includes(type);
    return {
      ok: true,
      args: {
        psychicName: data.psychicName,
        bio: data.bio,
        specialties: data.specialties,
        specializations: data.specializations,
        yearsExperience: data.yearsExperience,
        availableDurations: durations,
        // The server's arguments always take voice prices: without voice, those on the grid go along (kept, never charged).
        pricesCents: pricesCentsOf(values.prices, durations, !offers("voice")),
        consultationTypes: consultationTypes.filter(offers),
        ...(offers("chat") ? { chatPricesCents: pricesCentsOf(values.chatPrices, durations) } : {}),
        availability: data.availability,
      },
    };
  }
  const fieldErrors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join(".");
    fieldErrors[key] ??= issue.message;
  }
  const broken = (field: string) => Object.keys(fieldErrors).some((key) => key === field || key.startsWith(`${field}.`));
  const summary =
    broken("psychicName") || broken("bio") || broken("specialties")
      ? INCOMPLETE_MESSAGE
      : broken("availableDurations")
        ? DURATION_MESSAGE
        : broken("consultationTypes")
          ? TYPE_MESSAGE
          : Object.values(fieldErrors)[0]!;
  return { ok: false, summary, fieldErrors };
}

/** The form as the saved profile fills it. */
export function formFromProfile(profile: OwnProfile): ProfileFormValues {
  // A length without a stored price (never offered, or a type never offered) starts from its default.
  const typed = (stored: PricesCents): TypedPrices => {
    const text = (minutes: DurationMinutes) => String((stored[String(minutes)] ?? DEFAULT_PRICES_CENTS[minutes]) / 100);
    return { "15": text(15), "30": text(30), "45": text(45), "60": text(60) };
  };
  return {
    psychicName: profile.psychicName,
    bio: profile.bio,
    specialties: [...profile.specialties],
    specializations: [...profile.specializations],
    yearsExperience: String(profile.yearsExperience),
    // Through offeredTypesOf: a profile kept on the device from before chat has no types (voice only) and no chat prices.
    consultationTypes: offeredTypesOf(profile),
    availableDurations: [...profile.availableDurations],
    prices: typed(profile.pricesCents),
    chatPrices: typed(profile.chatPricesCents ?? {}),
    availability: structuredClone(profile.availability),
  };
}
