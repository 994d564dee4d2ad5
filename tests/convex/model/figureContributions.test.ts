// What each document adds to the derived figures, what a write changes, and the recount as their sum.
import { describe, expect, it } from "vitest";
import { romeToUtcMs } from "../../../convex/framework/time";
import {
  accountContributions,
  bookingContributions,
  figureChanges,
  latestAfterChange,
  messageContributions,
  monthFields,
  monthSumsOf,
  profileFields,
  profileSumsOf,
  recount,
  reviewContributions,
  type BookingFigures,
  type Contribution,
} from "../../../convex/model/figureContributions";

const MARCH = romeToUtcMs("2026-03-10", "12:00");
const APRIL = romeToUtcMs("2026-04-02", "12:00");

const paid: BookingFigures = {
  clientId: "client",
  psychicUserId: "psychic",
  psychicProfileId: "profile",
  status: "confirmed",
  startsAt: romeToUtcMs("2026-03-20", "10:00"),
  durationMinutes: 30,
  priceCents: 3333,
  paidAt: MARCH,
};

/** The contributions as "store|row: sums", sorted, to read them at a glance. */
const rows = (contributions: Array<Pick<Contribution, "store" | "add"> & object>) =>
  contributions
    .map((c) => {
      const { store, add, startsAt: _startsAt, ...where } = c as Contribution & { startsAt?: unknown };
      return `${store}|${Object.values(where).join("|")}: ${JSON.stringify(add)}`;
    })
    .sort();

describe("an account", () => {
  it("counts by its type in the Rome month it was created; a staff account counts nothing", () => {
    // 23:30 on 31 March in Rome is still March, though it is 21:30 UTC.
    const lateMarch = romeToUtcMs("2026-03-31", "23:30");
    expect(rows(accountContributions({ accountType: "psychic", _creationTime: lateMarch }))).toEqual([
      'platformFigures|psychics|2026-03: {"value":1}',
      'platformFigures|psychics|all: {"value":1}',
    ]);
    expect(accountContributions({ _creationTime: lateMarch })).toEqual([]);
    expect(accountContributions(null)).toEqual([]);
  });

  it("given its type after creation, counts as new", () => {
    const before = { _creationTime: MARCH };
    const changes = figureChanges(accountContributions(before), accountContributions({ ...before, accountType: "client" }));
    expect(rows(changes)).toEqual(['platformFigures|clients|2026-03: {"value":1}', 'platformFigures|clients|all: {"value":1}']);
  });
});

describe("a contact message", () => {
  it("counts under its status, all time only; a move takes it from one to the other", () => {
    expect(rows(messageContributions({ status: "unread" }))).toEqual(['platformFigures|unreadMessages|all: {"value":1}']);
    expect(rows(figureChanges(messageContributions({ status: "unread" }), messageContributions({ status: "replied" })))).toEqual([
      'platformFigures|repliedMessages|all: {"value":1}',
      'platformFigures|unreadMessages|all: {"value":-1}',
    ]);
  });
});

describe("a booking", () => {
  it("unpaid adds nothing", () => {
    expect(bookingContributions({ ...paid, status: "pending_payment", paidAt: undefined })).toEqual([]);
    expect(bookingContributions(null)).toEqual([]);
  });

  it("paid: its money and a consultation in the month of payment, the commission rounded per payment, both parties' totals", () => {
    expect(rows(bookingContributions(paid))).toEqual([
      'personFigures|client: {"bookings":1,"amountCents":3333}',
      'personFigures|psychic: {"bookings":1,"amountCents":3333}',
      'platformFigures|commissionCents|2026-03: {"value":500}',
      'platformFigures|commissionCents|all: {"value":500}',
      'platformFigures|consultations|2026-03: {"value":1}',
      'platformFigures|consultations|all: {"value":1}',
      'platformFigures|revenueCents|2026-03: {"value":3333}',
      'platformFigures|revenueCents|all: {"value":3333}',
    ]);
    const totals = bookingContributions(paid).filter((c) => c.store === "personFigures");
    expect(totals.map((c) => c.startsAt)).toEqual([paid.startsAt, paid.startsAt]);
  });

  it("cancelled with a half refund: the refund leaves revenue, commission and totals in the month it succeeded, not before", () => {
    const cancelled = { ...paid, status: "cancelled" as const, cancelReason: "client_cancelled", refundCents: 1667, refundStatus: "pending" };
    expect(figureChanges(bookingContributions(paid), bookingContributions(cancelled))).toEqual([]);
    const refunded = { ...cancelled, refundStatus: "succeeded", refundedAt: APRIL };
    expect(rows(figureChanges(bookingContributions(cancelled), bookingContributions(refunded)))).toEqual([
      'personFigures|client: {"bookings":0,"amountCents":-1667}',
      'personFigures|psychic: {"bookings":0,"amountCents":-1667}',
      'platformFigures|commissionCents|2026-04: {"value":-250}',
      'platformFigures|commissionCents|all: {"value":-250}',
      'platformFigures|revenueCents|2026-04: {"value":-1667}',
      'platformFigures|revenueCents|all: {"value":-1667}',
    ]);
  });

  it("paid too late: the amount counts until its refund succeeds, never as a consultation or a booking", () => {
    const late = { ...paid, status: "cancelled" as const, cancelReason: "late_payment", refundCents: 3000, refundStatus: "pending" };
    expect(rows(bookingContributions(late))).toEqual([
      'personFigures|client: {"bookings":0,"amountCents":3000}',
      'personFigures|psychic: {"bookings":0,"amountCents":3000}',
      'platformFigures|commissionCents|2026-03: {"value":450}',
      'platformFigures|commissionCents|all: {"value":450}',
      'platformFigures|revenueCents|2026-03: {"value":3000}',
      'platformFigures|revenueCents|all: {"value":3000}',
    ]);
    expect(bookingContributions(late).some((c) => c.store === "personFigures" && c.startsAt !== undefined)).toBe(false);
    const refunded = recount({
      users: [],
      bookings: [{ ...late, _id: "b", refundStatus: "succeeded", refundedAt: MARCH }],
      contactMessages: [],
      reviews: [],
      psychicProfiles: [],
    });
    expect(refunded.platform).toEqual(new Map());
  });

  it("held: in the psychic's Rome month of its start; only a completed one in the profile's total", () => {
    const firstOfFebruary = romeToUtcMs("2026-02-01", "00:30");
    const noShow = { ...paid, startsAt: firstOfFebruary, status: "no_show" as const };
    const held = bookingContributions(noShow).filter((c) => c.store === "psychicMonthFigures" || c.store === "psychicProfiles");
    expect(rows(held)).toEqual(['psychicMonthFigures|profile|2026-02: {"totalConsultations":1,"totalMinutes":30,"totalRevenueCents":2833}']);
    // The psychic corrects it to completed: the month keeps it once, the profile's total gains it.
    expect(rows(figureChanges(bookingContributions(noShow), bookingContributions({ ...noShow, status: "completed" })))).toEqual([
      'psychicProfiles|profile: {"totalConsultations":1}',
    ]);
    // A month recorded on the booking wins over its start.
    const recorded = bookingContributions({ ...noShow, statsMonth: "2026-01" }).find((c) => c.store === "psychicMonthFigures");
    expect(recorded).toMatchObject({ monthYear: "2026-01" });
  });

  it("moved: the totals' latest start follows it; other fields unchanged", () => {
    const moved = { ...paid, startsAt: paid.startsAt + 86_400_000 };
    const changes = figureChanges(bookingContributions(paid), bookingContributions(moved));
    expect(changes).toEqual([
      { store: "personFigures", userId: "client", add: { bookings: 0, amountCents: 0 }, startsAt: { before: paid.startsAt, after: moved.startsAt } },
      { store: "personFigures", userId: "psychic", add: { bookings: 0, amountCents: 0 }, startsAt: { before: paid.startsAt, after: moved.startsAt } },
    ]);
    expect(figureChanges(bookingContributions(paid), bookingContributions({ ...paid, psychicName: "Account eliminato" } as BookingFigures))).toEqual(
      [],
    );
  });
});

describe("a review", () => {
  it("counts in the profile's rating and in its consultation's month; an edit moves only the stars", () => {
    const booking = { startsAt: paid.startsAt };
    const review = { psychicProfileId: "profile", rating: 4 };
    expect(rows(reviewContributions(review, booking))).toEqual([
      'psychicMonthFigures|profile|2026-03: {"ratingCount":1,"ratingSum":4}',
      'psychicProfiles|profile: {"reviewCount":1,"ratingSum":4}',
    ]);
    expect(rows(figureChanges(reviewContributions(review, booking), reviewContributions({ ...review, rating: 1 }, booking)))).toEqual([
      'psychicMonthFigures|profile|2026-03: {"ratingCount":0,"ratingSum":-3}',
      'psychicProfiles|profile: {"reviewCount":0,"ratingSum":-3}',
    ]);
    expect(rows(reviewContributions(review, null))).toEqual(['psychicProfiles|profile: {"reviewCount":1,"ratingSum":4}']);
  });
});

describe("the person's latest booking", () => {
  it("grows with a later start; is looked up again (null) only when the latest one moves earlier or stops counting", () => {
    expect(latestAfterChange(undefined, { after: 10 })).toBe(10);
    expect(latestAfterChange(20, { after: 10 })).toBe(20);
    expect(latestAfterChange(20, { before: 20, after: 30 })).toBe(30);
    expect(latestAfterChange(20, { before: 5, after: 8 })).toBe(20);
    expect(latestAfterChange(20, { before: 5 })).toBe(20);
    expect(latestAfterChange(20, { before: 20, after: 15 })).toBeNull();
    expect(latestAfterChange(20, { before: 20 })).toBeNull();
  });
});

describe("stored rows", () => {
  it("a month keeps its sums and their average; a month with nothing left is no row", () => {
    expect(monthFields({ totalConsultations: 2, totalMinutes: 75, totalRevenueCents: 7083, ratingCount: 2, ratingSum: 7 })).toMatchObject({
      averageRating: 3.5,
    });
    expect(monthFields(monthSumsOf(null))).toBeNull();
    // A row from before the sum was stored gives it from the average.
    expect(monthSumsOf({ totalConsultations: 1, totalMinutes: 30, totalRevenueCents: 4250, ratingCount: 2, averageRating: 4.5 }).ratingSum).toBe(9);
  });

  it("a profile without reviews has no rating ('Nuovo'); an old profile's sum comes from its average", () => {
    expect(profileFields({ totalConsultations: 3, reviewCount: 0, ratingSum: 0 })).toEqual({
      totalConsultations: 3,
      reviewCount: 0,
      ratingSum: undefined,
      rating: undefined,
    });
    expect(profileSumsOf({ totalConsultations: 0, reviewCount: 4, rating: 4.25 })).toEqual({ totalConsultations: 0, reviewCount: 4, ratingSum: 17 });
  });
});

describe("the recount", () => {
  it("adds up every document; a deleted account keeps no totals and a deleted profile no figures", () => {
    const completed = { ...paid, _id: "b1", status: "completed" as const };
    const other = { ...paid, _id: "b2", clientId: "gone", psychicUserId: "psychic2", psychicProfileId: "goneProfile", status: "completed" as const };
    const figures = recount({
      users: [
        { _id: "client", accountType: "client", _creationTime: MARCH },
        { _id: "psychic", accountType: "psychic", _creationTime: MARCH },
        { _id: "psychic2", accountType: "psychic", _creationTime: APRIL },
      ],
      bookings: [completed, other],
      contactMessages: [{ status: "unread" }, { status: "read" }, { status: "unread" }],
      reviews: [{ bookingId: "b1", psychicProfileId: "profile", rating: 5 }],
      psychicProfiles: [
        { _id: "profile", isPubliclyVisible: true, profileStatus: "approved", reviewCount: 0, verificationCallCompleted: true },
        { _id: "unverified", isPubliclyVisible: true, profileStatus: "approved", reviewCount: 0, verificationCallCompleted: false },
        { _id: "idle", isPubliclyVisible: false, profileStatus: "approved", reviewCount: 0, verificationCallCompleted: true },
      ],
    });
    // The listed profiles count with their recounted reviews, whatever their stored sums say; the hidden one not at all;
    // only the listed one whose verification call passed counts as verified.
    expect(Object.fromEntries(figures.platform)).toMatchObject({
      "listedPsychics|all": 2,
      "verifiedPsychics|all": 1,
      "listedReviews|all": 1,
      "listedStars|all": 5,
    });
    expect(Object.fromEntries(figures.platform)).toMatchObject({
      "clients|all": 1,
      "psychics|all": 2,
      "psychics|2026-04": 1,
      "consultations|all": 2,
      "revenueCents|2026-03": 6666,
      "unreadMessages|all": 2,
      "readMessages|all": 1,
    });
    expect([...figures.people.keys()].sort()).toEqual(["client", "psychic", "psychic2"]);
    expect(figures.people.get("client")).toEqual({ bookings: 1, amountCents: 3333, lastBookingStartsAt: paid.startsAt });
    expect([...figures.months.keys()]).toEqual(["profile|2026-03"]);
    expect(figures.months.get("profile|2026-03")).toEqual({
      totalConsultations: 1,
      totalMinutes: 30,
      totalRevenueCents: 2833,
      ratingCount: 1,
      ratingSum: 5,
      averageRating: 5,
    });
    expect(figures.profiles.get("profile")).toEqual({ totalConsultations: 1, reviewCount: 1, ratingSum: 5, rating: 5 });
    expect(figures.profiles.get("idle")).toEqual({ totalConsultations: 0, reviewCount: 0, ratingSum: undefined, rating: undefined });
    expect(figures.profiles.has("goneProfile")).toBe(false);
  });
});
