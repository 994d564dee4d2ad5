// What one document adds to the derived figures (docs/product-rules.md, "Psychics", "Calls", "Reviews",
// "Contact and admin"): the platform's counters, each person's booking totals, a psychic's monthly
// figures and their profile's totals and rating. A write changes the figures by what the document adds
// now minus what it added before (lib/platform/triggers.ts); a recount is the sum over every document. Both
// follow these functions, so they agree by construction. Plain functions over values: no ctx.
import type { AccountType, BookingStatus, ContactStatus } from "../framework/validators";
import { romeMonthOf } from "../framework/time";
import { averageOf } from "./reviews";
import { netEarningsCents } from "./bookings";
import {
  accountMetric,
  ALL_TIME,
  commissionOf,
  counterKey,
  isPaidConsultation,
  messageMetric,
  paidAmount,
  type BookingMoney,
  type CounterMetric,
} from "./counters";
import { psychicFigureContributions, storedPsychicFigureSums, noPsychicFigureSums, type PsychicFigureContribution, type PsychicFigureSums } from "./psychicFigures";

type PersonSums = { bookings: number; amountCents: number };
type MonthSums = { totalConsultations: number; totalMinutes: number; totalRevenueCents: number; ratingCount: number; ratingSum: number };
type ProfileSums = { totalConsultations: number; reviewCount: number; ratingSum: number };

/** The row of a derived store a document adds to, with the sums it adds there. */
export type Contribution =
  | { store: "platformFigures"; metric: CounterMetric; period: string; add: { value: number } }
  // A paid consultation also offers its start as the person's latest booking (a maximum, not a sum).
  | { store: "personFigures"; userId: string; add: Partial<PersonSums>; startsAt?: number }
  | { store: "psychicMonthFigures"; psychicProfileId: string; monthYear: string; add: Partial<MonthSums> }
  | { store: "psychicProfiles"; psychicProfileId: string; add: Partial<ProfileSums> }
  | PsychicFigureContribution;

/** One row's change after a write: sums to add, and the latest-booking start it took away and gave. */
export type FigureChange = WithoutStart<Contribution> & { startsAt?: { before?: number; after?: number } };
type WithoutStart<C> = C extends unknown ? Omit<C, "startsAt"> : never;

function rowKey(row: Contribution | FigureChange): string {
  switch (row.store) {
    case "platformFigures":
      return `${row.store}|${counterKey(row.metric, row.period)}`;
    case "personFigures":
      return `${row.store}|${row.userId}`;
    case "psychicMonthFigures":
      return `${row.store}|${row.psychicProfileId}|${row.monthYear}`;
    case "psychicProfiles":
    case "psychicFigures":
      return `${row.store}|${row.psychicProfileId}`;
    case "psychicCancellationDays":
      return `${row.store}|${row.psychicProfileId}|${row.day}`;
  }
}

// ─── Each kind of document ─────────────────────────────────────────────────────────────────────────

const counter = (metric: CounterMetric, value: number, at?: number): Contribution[] =>
  (at === undefined ? [ALL_TIME] : [ALL_TIME, romeMonthOf(at)]).map((period) => ({ store: "platformFigures", metric, period, add: { value } }));

/** A client or psychic account counts in the month it was created; staff accounts have no type. */
export function accountContributions(user: { accountType?: AccountType; _creationTime: number } | null): Contribution[] {
  return user?.accountType === undefined ? [] : counter(accountMetric[user.accountType], 1, user._creationTime);
}

/** What the public list shows of a profile: listed (public, approved, not suspended), with its reviews and their stars. */
type ListedProfile = {
  isPubliclyVisible: boolean;
  profileStatus: string;
  suspendedAt?: number;
  reviewCount: number;
  ratingSum?: number;
  rating?: number;
  verificationCallCompleted: boolean;
};

/**
 * A listed profile counts once among the listed psychics (and among the verified ones when its verification
 * call passed: 'verificati' is said of those only), and its reviews and stars in the listed ones' average.
 */
export function listedProfileContributions(profile: ListedProfile | null): Contribution[] {
  if (profile === null || !profile.isPubliclyVisible || profile.profileStatus !== "approved" || profile.suspendedAt !== undefined) return [];
  const rated = profile.reviewCount > 0 && profile.rating !== undefined;
  return [
    ...counter("listedPsychics", 1),
    ...(profile.verificationCallCompleted ? counter("verifiedPsychics", 1) : []),
    ...(rated ? [...counter("listedReviews", profile.reviewCount), ...counter("listedStars", profile.ratingSum ?? profile.rating! * profile.reviewCount)] : []),
  ];
}

/** A contact message counts under its status, all time only. */
export function messageContributions(message: { status: ContactStatus } | null): Contribution[] {
  return message === null ? [] : counter(messageMetric[message.status], 1);
}

export type BookingFigures = BookingMoney & {
  status: BookingStatus;
  psychicProfileId: string;
  durationMinutes: number;
  statsMonth?: string;
  psychicJoinedAt?: number;
  cancelledAt?: number;
};

/** The Rome month whose psychic's figures count a consultation given (and its review): that of its start. */
function statsMonthOf(booking: { statsMonth?: string; startsAt: number }): string {
  return booking.statsMonth ?? romeMonthOf(booking.startsAt);
}

/**
 * A paid booking: its money in the month it was paid (a late payment until its refund), its commission
 * rounded per payment, a consultation if the payment confirmed it, the same money in both parties'
 * totals; a refund that succeeded takes its amount away in the month it went back. A consultation held
 * (completed or client absent) counts in the psychic's month of its start; only a completed one in the
 * profile's total.
 */
export function bookingContributions(booking: BookingFigures | null): Contribution[] {
  if (booking === null) return [];
  const contributions: Contribution[] = [];
  const parties = [booking.clientId, booking.psychicUserId];
  if (booking.paidAt !== undefined) {
    const amount = paidAmount(booking);
    const consultation = isPaidConsultation(booking);
    contributions.push(...counter("revenueCents", amount, booking.paidAt), ...counter("commissionCents", commissionOf(amount), booking.paidAt));
    if (consultation) contributions.push(...counter("consultations", 1, booking.paidAt));
    for (const userId of parties) {
      contributions.push({
        store: "personFigures",
        userId,
        add: { bookings: consultation ? 1 : 0, amountCents: amount },
        ...(consultation ? { startsAt: booking.startsAt } : {}),
      });
    }
    const refund = booking.refundCents ?? 0;
    if (booking.refundStatus === "succeeded" && refund > 0 && booking.refundedAt !== undefined) {
      contributions.push(
        ...counter("revenueCents", -refund, booking.refundedAt),
        ...counter("commissionCents", -commissionOf(refund), booking.refundedAt),
      );
      for (const userId of parties) contributions.push({ store: "personFigures", userId, add: { amountCents: -refund } });
    }
  }
  if (booking.status === "completed" || booking.status === "no_show") {
    contributions.push({
      store: "psychicMonthFigures",
      psychicProfileId: booking.psychicProfileId,
      monthYear: statsMonthOf(booking),
      add: { totalConsultations: 1, totalMinutes: booking.durationMinutes, totalRevenueCents: netEarningsCents(booking.priceCents) },
    });
    if (booking.status === "completed") {
      contributions.push({ store: "psychicProfiles", psychicProfileId: booking.psychicProfileId, add: { totalConsultations: 1 } });
    }
  }
  contributions.push(...psychicFigureContributions(booking));
  return contributions;
}

/** A review's stars count in the profile's rating and in the month of its consultation (when the booking is known). */
export function reviewContributions(
  review: { psychicProfileId: string; rating: number } | null,
  booking: { statsMonth?: string; startsAt: number } | null,
): Contribution[] {
  if (review === null) return [];
  const profile: Contribution = {
    store: "psychicProfiles",
    psychicProfileId: review.psychicProfileId,
    add: { reviewCount: 1, ratingSum: review.rating },
  };
  if (booking === null) return [profile];
  return [
    profile,
    {
      store: "psychicMonthFigures",
      psychicProfileId: review.psychicProfileId,
      monthYear: statsMonthOf(booking),
      add: { ratingCount: 1, ratingSum: review.rating },
    },
  ];
}

// ─── Adding them up ───────────────────────────────────────────────────────────────────────────────

function addInto(sums: Record<string, number>, add: Record<string, number | undefined>, sign: 1 | -1) {
  for (const [field, value] of Object.entries(add)) sums[field] = (sums[field] ?? 0) + sign * (value ?? 0);
}

/** What a write changes: the contributions after it minus those before, row by row; rows left unchanged are left out. */
export function figureChanges(before: Contribution[], after: Contribution[]): FigureChange[] {
  const rows = new Map<string, FigureChange & { add: Record<string, number> }>();
  const rowOf = (contribution: Contribution) => {
    const key = rowKey(contribution);
    let row = rows.get(key);
    if (row === undefined) {
      const { startsAt: _startsAt, add: _add, ...where } = contribution as Contribution & { startsAt?: number };
      row = { ...where, add: {} } as FigureChange & { add: Record<string, number> };
      rows.set(key, row);
    }
    return row;
  };
  for (const [contributions, sign, side] of [
    [before, -1, "before"],
    [after, 1, "after"],
  ] as const) {
    for (const contribution of contributions) {
      const row = rowOf(contribution);
      addInto(row.add, contribution.add, sign);
      if (contribution.store === "personFigures" && contribution.startsAt !== undefined) {
        row.startsAt = { ...row.startsAt, [side]: contribution.startsAt };
      }
    }
  }
  return [...rows.values()].filter(
    (row) => Object.values(row.add).some((value) => value !== 0) || (row.startsAt !== undefined && row.startsAt.before !== row.startsAt.after),
  );
}

/**
 * The latest start of a person's paid consultations after one of them went from `before` to `after`
 * (either undefined when it is not one): null when the one that went was the latest, so it must be
 * looked up among the others.
 */
export function latestAfterChange(current: number | undefined, { before, after }: { before?: number; after?: number }): number | undefined | null {
  const wasLatest = before !== undefined && (current === undefined || before >= current);
  if (wasLatest && (after === undefined || after < before)) return null;
  if (after === undefined) return current;
  return current === undefined ? after : Math.max(current, after);
}

// ─── Stored rows ──────────────────────────────────────────────────────────────────────────────────

/** A month's sums as stored; rows written before `ratingSum` existed give it from the average. */
export function monthSumsOf(row: (Omit<MonthSums, "ratingSum"> & { ratingSum?: number; averageRating?: number }) | null): MonthSums {
  if (row === null) return { totalConsultations: 0, totalMinutes: 0, totalRevenueCents: 0, ratingCount: 0, ratingSum: 0 };
  const { totalConsultations, totalMinutes, totalRevenueCents, ratingCount } = row;
  return { totalConsultations, totalMinutes, totalRevenueCents, ratingCount, ratingSum: row.ratingSum ?? (row.averageRating ?? 0) * ratingCount };
}

/** A month's row to store: its sums and their average; null when nothing is left in it (no row). */
export function monthFields(sums: MonthSums) {
  if (Object.values(sums).every((value) => value === 0)) return null;
  return { ...sums, averageRating: averageOf(sums.ratingSum, sums.ratingCount) };
}

/** A profile's sums as stored; profiles written before `ratingSum` existed give it from the average. */
export function profileSumsOf(profile: { totalConsultations: number; reviewCount: number; ratingSum?: number; rating?: number }): ProfileSums {
  const { totalConsultations, reviewCount } = profile;
  return { totalConsultations, reviewCount, ratingSum: profile.ratingSum ?? (profile.rating ?? 0) * reviewCount };
}

/** A profile's figures to store: the rating is the average of real reviews, absent without any ("Nuovo"). */
export function profileFields(sums: ProfileSums) {
  return {
    totalConsultations: sums.totalConsultations,
    reviewCount: sums.reviewCount,
    ratingSum: sums.reviewCount === 0 && sums.ratingSum === 0 ? undefined : sums.ratingSum,
    rating: averageOf(sums.ratingSum, sums.reviewCount),
  };
}

/** A person's totals to store; null when there is nothing to keep (no row). */
export function personFields(sums: PersonSums, lastBookingStartsAt: number | undefined) {
  if (sums.bookings === 0 && sums.amountCents === 0 && lastBookingStartsAt === undefined) return null;
  return { ...sums, lastBookingStartsAt };
}

// ─── The recount ──────────────────────────────────────────────────────────────────────────────────

type Recount = {
  /** "metric|period" → value; zero values left out. */
  platform: Map<string, number>;
  /** userId → totals, for existing accounts with something to keep. */
  people: Map<string, NonNullable<ReturnType<typeof personFields>>>;
  /** "psychicProfileId|month" → the month's row, for existing profiles. */
  months: Map<string, NonNullable<ReturnType<typeof monthFields>>>;
  /** psychicProfileId → the profile's figures, for every existing profile. */
  profiles: Map<string, ReturnType<typeof profileFields>>;
  /** psychicProfileId → the psychic's all-time sums, for existing profiles with any. */
  psychicFigureSums: Map<string, PsychicFigureSums>;
  /** "psychicProfileId|day" → the psychic's cancellations that Rome day, for existing profiles. */
  cancellationDays: Map<string, number>;
};

/**
 * Every derived figure, as the sum of what every document adds. A deleted account keeps no totals and a
 * deleted profile no figures: what its documents add is left out, as the live rows never get it.
 */
export function recount(records: {
  users: ReadonlyArray<{ _id: string; accountType?: AccountType; _creationTime: number }>;
  bookings: ReadonlyArray<BookingFigures & { _id: string }>;
  contactMessages: ReadonlyArray<{ status: ContactStatus }>;
  reviews: ReadonlyArray<{ bookingId: string; psychicProfileId: string; rating: number }>;
  psychicProfiles: ReadonlyArray<{ _id: string } & ListedProfile>;
}): Recount {
  const bookingsById = new Map(records.bookings.map((booking) => [booking._id, booking]));
  const contributions = [
    ...records.users.flatMap((user) => accountContributions(user)),
    ...records.contactMessages.flatMap((message) => messageContributions(message)),
    ...records.bookings.flatMap((booking) => bookingContributions(booking)),
    ...records.reviews.flatMap((review) => reviewContributions(review, bookingsById.get(review.bookingId) ?? null)),
  ];
  const rows = new Map<string, { contribution: Contribution; sums: Record<string, number>; latest?: number }>();
  for (const contribution of contributions) {
    const key = rowKey(contribution);
    const row = rows.get(key) ?? { contribution, sums: {} };
    rows.set(key, row);
    addInto(row.sums, contribution.add, 1);
    if (contribution.store === "personFigures" && contribution.startsAt !== undefined) row.latest = Math.max(row.latest ?? 0, contribution.startsAt);
  }

  const users = new Set(records.users.map((user) => user._id));
  const result: Recount = {
    platform: new Map(),
    people: new Map(),
    months: new Map(),
    profiles: new Map(),
    psychicFigureSums: new Map(),
    cancellationDays: new Map(),
  };
  for (const profile of records.psychicProfiles)
    result.profiles.set(profile._id, profileFields({ totalConsultations: 0, reviewCount: 0, ratingSum: 0 }));
  for (const { contribution: row, sums, latest } of rows.values()) {
    switch (row.store) {
      case "platformFigures":
        if (sums.value !== 0) result.platform.set(counterKey(row.metric, row.period), sums.value);
        break;
      case "personFigures": {
        const fields = personFields({ bookings: sums.bookings ?? 0, amountCents: sums.amountCents ?? 0 }, latest);
        if (users.has(row.userId) && fields !== null) result.people.set(row.userId, fields);
        break;
      }
      case "psychicMonthFigures": {
        const fields = monthFields({ ...monthSumsOf(null), ...sums });
        if (result.profiles.has(row.psychicProfileId) && fields !== null) result.months.set(`${row.psychicProfileId}|${row.monthYear}`, fields);
        break;
      }
      case "psychicProfiles":
        if (result.profiles.has(row.psychicProfileId)) {
          result.profiles.set(row.psychicProfileId, profileFields({ totalConsultations: 0, reviewCount: 0, ratingSum: 0, ...sums }));
        }
        break;
      case "psychicFigures": {
        const fields = storedPsychicFigureSums({ ...noPsychicFigureSums, ...sums });
        if (result.profiles.has(row.psychicProfileId) && fields !== null) result.psychicFigureSums.set(row.psychicProfileId, fields);
        break;
      }
      case "psychicCancellationDays":
        if (result.profiles.has(row.psychicProfileId) && (sums.cancellations ?? 0) !== 0) {
          result.cancellationDays.set(`${row.psychicProfileId}|${row.day}`, sums.cancellations);
        }
        break;
    }
  }
  // The listed profiles' counters follow the profiles' recounted reviews, so they come after them.
  for (const profile of records.psychicProfiles) {
    for (const row of listedProfileContributions({ ...profile, ...result.profiles.get(profile._id)! })) {
      if (row.store !== "platformFigures") continue;
      const key = counterKey(row.metric, row.period);
      const value = (result.platform.get(key) ?? 0) + row.add.value;
      if (value === 0) result.platform.delete(key);
      else result.platform.set(key, value);
    }
  }
  return result;
}
