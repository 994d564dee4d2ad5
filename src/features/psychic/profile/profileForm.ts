// The editor's form: its values, the zod schema that checks them with the spec's messages (§5),
// and the conversions to and from what the server stores. The server checks the same rules again.
import * as z from "zod/mini";
import type { FunctionReturnType } from "convex/server";
import type { api } from "@convex/_generated/api";
import { specializations, specialties, type DurationMinutes, type PricesCents, type WeeklyAvailability } from "@convex/framework/validators";
import { priceCentsFor } from "@convex/model/bookings";
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
export const SPECIALTIES = specialties;
export const SPECIALIZATIONS = specializations;

/**
 * What the inputs hold. Numbers stay text while typed; a price is kept for every duration, so
 * unticking a duration and ticking it again brings back what the psychic had typed.
 */
export type ProfileFormValues = {
  psychicName: string;
  bio: string;
  specialties: (typeof specialties)[number][];
  specializations: (typeof specializations)[number][];
  yearsExperience: string;
  availableDurations: DurationMinutes[];
  prices: Record<`${DurationMinutes}`, string>;
  availability: WeeklyAvailability;
};

const INCOMPLETE_MESSAGE = errorMessages.PROFILE_INCOMPLETE;
const DURATION_MESSAGE = errorMessages.DURATION_REQUIRED;
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
    availableDurations: z.array(z.union([z.literal(15), z.literal(30), z.literal(45), z.literal(60)])).check(z.minLength(1, DURATION_MESSAGE)),
    prices: z.record(z.string(), z.string()),
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
      // Only the prices of offered durations count: the others are never charged or saved.
      for (const minutes of values.availableDurations) {
        if (!wholeNumber(PRICE_MESSAGE, PRICE_MIN, PRICE_MAX, PRICE_STEP).safeParse(values.prices[String(minutes)] ?? "").success) {
          ctx.addIssue({ code: "custom", path: ["prices", String(minutes)], message: PRICE_MESSAGE });
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
  availability: WeeklyAvailability;
};

export type FieldErrors = Partial<Record<string, string>>;

type ValidationResult = { ok: true; args: ProfileArgs } | { ok: false; summary: string; fieldErrors: FieldErrors };

/**
 * Checks the form. The summary is the spec's message for the first broken rule in its order:
 * name, bio and specialty first, then durations, then the rest.
 */
export function validateProfileForm(values: ProfileFormValues): ValidationResult {
  const parsed = profileFormSchema.safeParse(values);
  if (parsed.success) {
    const data = parsed.data;
    const durations = [...data.availableDurations].sort((a, b) => a - b);
    return {
      ok: true,
      args: {
        psychicName: data.psychicName,
        bio: data.bio,
        specialties: data.specialties,
        specializations: data.specializations,
        yearsExperience: data.yearsExperience,
        availableDurations: durations,
        pricesCents: Object.fromEntries(durations.map((minutes) => [String(minutes), priceCentsFor(Number(values.prices[`${minutes}`]))])),
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
        : Object.values(fieldErrors)[0]!;
  return { ok: false, summary, fieldErrors };
}

/** The form as the saved profile fills it. */
export function formFromProfile(profile: OwnProfile): ProfileFormValues {
  const priceText = (minutes: DurationMinutes) => String((profile.pricesCents[String(minutes)] ?? DEFAULT_PRICES_CENTS[minutes]) / 100);
  return {
    psychicName: profile.psychicName,
    bio: profile.bio,
    specialties: [...profile.specialties],
    specializations: [...profile.specializations],
    yearsExperience: String(profile.yearsExperience),
    availableDurations: [...profile.availableDurations],
    prices: { "15": priceText(15), "30": priceText(30), "45": priceText(45), "60": priceText(60) },
    availability: structuredClone(profile.availability),
  };
}
