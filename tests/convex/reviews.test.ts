// Reviews and the psychic's monthly figures: only the booking's client reviews, once, a completed
// consultation; ratings are the real average; the month's figures follow Rome's calendar.
import { describe, expect, it, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { callBooking } from "./fixtures/callWorld";
import { buildWorld, type World } from "./fixtures/world";
import { errorCodeOf, setupTest } from "./setup";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TEXT = "Lettura chiara, puntuale e gentile.";

const completed = (w: World, daysAgo = 1, fields: Parameters<typeof callBooking>[1] = {}) =>
  callBooking(w, { startsInMs: -daysAgo * DAY, status: "completed", ...fields });
const profileOf = (w: World, id: Id<"psychicProfiles">) => w.t.run((ctx) => ctx.db.get("psychicProfiles", id));

describe("writing a review", () => {
  it("only the booking's client may review it; the psychic, another client and a visitor are refused", async () => {
    const w = await buildWorld(setupTest());
    const bookingId = await completed(w);
    const args = { bookingId, rating: 5, comment: TEXT };
    expect(await errorCodeOf(w.as.clientB.mutation(api.reviews.createMine, args))).toBe("FORBIDDEN");
    expect(await errorCodeOf(w.as.psychicA.mutation(api.reviews.createMine, args))).toBe("CLIENT_ONLY");
    expect(await errorCodeOf(w.as.visitor.mutation(api.reviews.createMine, args))).toBe("NOT_AUTHENTICATED");
    expect(await w.t.run((ctx) => ctx.db.query("reviews").collect())).toEqual([]);
  });

  it("only a completed consultation, with 1–5 whole stars and 10–1 000 characters", async () => {
    const w = await buildWorld(setupTest());
    expect(await errorCodeOf(w.as.clientA.mutation(api.reviews.createMine, { bookingId: w.bookingA, rating: 5, comment: TEXT }))).toBe(
      "REVIEW_NOT_ALLOWED",
    );
    const noShow = await completed(w, 2, { status: "no_show" });
    expect(await errorCodeOf(w.as.clientA.mutation(api.reviews.createMine, { bookingId: noShow, rating: 5, comment: TEXT }))).toBe(
      "REVIEW_NOT_ALLOWED",
    );
    const bookingId = await completed(w);
    for (const [rating, comment, field] of [
      [0, TEXT, "rating"],
      [6, TEXT, "rating"],
      [4.5, TEXT, "rating"],
      [4, "  corto   ", "comment"],
      [4, "x".repeat(1001), "comment"],
    ] as const) {
      const refused = w.as.clientA.mutation(api.reviews.createMine, { bookingId, rating, comment });
      await expect(refused).rejects.toMatchObject({ data: { code: "INVALID_INPUT", field } });
    }
  });

  it("a second review of the same booking is refused", async () => {
    const w = await buildWorld(setupTest());
    const bookingId = await completed(w);
    await w.as.clientA.mutation(api.reviews.createMine, { bookingId, rating: 4, comment: TEXT });
    expect(await errorCodeOf(w.as.clientA.mutation(api.reviews.createMine, { bookingId, rating: 1, comment: TEXT }))).toBe("ALREADY_REVIEWED");
    expect(await w.t.run((ctx) => ctx.db.query("reviews").collect())).toHaveLength(1);
  });

  it("the profile's rating and count are the real average and count of its reviews, shown with first name and initial", async () => {
    const w = await buildWorld(setupTest());
    await w.t.run((ctx) => ctx.db.patch("users", w.userIds.clientA, { name: "Maria Rossi" }));
    expect((await profileOf(w, w.profileA))?.rating).toBeUndefined();
    const stars = [5, 4, 2];
    for (const [index, rating] of stars.entries()) {
      const bookingId = await completed(w, index + 1);
      await w.as.clientA.mutation(api.reviews.createMine, { bookingId, rating, comment: `${TEXT} (${index})` });
      vi.advanceTimersByTime(1000);
    }
    const profile = await profileOf(w, w.profileA);
    expect(profile).toMatchObject({ reviewCount: 3, ratingSum: 11 });
    expect(profile?.rating).toBeCloseTo(11 / 3, 10);
    expect((await w.t.query(api.psychics.getPublicProfile, { id: w.profileA }))?.reviewCount).toBe(3);

    const first = await w.t.query(api.reviews.listPageForProfile, { psychicProfileId: w.profileA, paginationOpts: { numItems: 2, cursor: null } });
    expect(first.page.map((review) => [review.rating, review.clientName])).toEqual([
      [2, "Maria R."],
      [4, "Maria R."],
    ]);
    const second = await w.t.query(api.reviews.listPageForProfile, {
      psychicProfileId: w.profileA,
      paginationOpts: { numItems: 2, cursor: first.continueCursor },
    });
    expect(second.page.map((review) => review.rating)).toEqual([5]);
    expect(second.isDone).toBe(true);
    expect(await errorCodeOf(w.t.query(api.reviews.listPageForProfile, { psychicProfileId: w.profilePending, paginationOpts: { numItems: 5, cursor: null } }))).toBe(
      "NOT_FOUND",
    );
  });
});

describe("the name a review shows", () => {
  it("is the client's first name and initial by default, or the nickname they chose, on the profile and in their list", async () => {
    const w = await buildWorld(setupTest());
    await w.t.run((ctx) => ctx.db.patch("users", w.userIds.clientA, { name: "Maria Rossi" }));
    const byDefault = await completed(w, 2);
    const chosen = await completed(w, 1);
    await w.as.clientA.mutation(api.reviews.createMine, { bookingId: byDefault, rating: 4, comment: TEXT });
    vi.advanceTimersByTime(1000);
    const reviewId = await w.as.clientA.mutation(api.reviews.createMine, { bookingId: chosen, rating: 5, comment: TEXT, nickname: "  Stella   del mattino " });
    const page = await w.t.query(api.reviews.listPageForProfile, { psychicProfileId: w.profileA, paginationOpts: { numItems: 5, cursor: null } });
    expect(page.page.map((review) => review.clientName)).toEqual(["Stella del mattino", "Maria R."]);
    const mine = await w.as.clientA.query(api.reviews.listMine, { now: Date.now() });
    expect(mine.map((row) => row.review?.nickname)).toEqual(["Stella del mattino", null]);
    // Editing without a nickname goes back to the first name and initial.
    await w.as.clientA.mutation(api.reviews.updateMine, { reviewId, rating: 5, comment: TEXT });
    expect((await w.t.run((ctx) => ctx.db.get("reviews", reviewId)))?.clientName).toBe("Maria R.");
  });

  it("a nickname too short, too long, or carrying an email, a phone number or a link is refused and nothing is written", async () => {
    const w = await buildWorld(setupTest());
    const bookingId = await completed(w);
    for (const nickname of ["x", " ", "x".repeat(31), "maria@posta.it", "333 123 4567", "www.maria.it", "maria.com"]) {
      const refused = w.as.clientA.mutation(api.reviews.createMine, { bookingId, rating: 5, comment: TEXT, nickname });
      await expect(refused, nickname).rejects.toMatchObject({ data: { code: "INVALID_INPUT", field: "nickname" } });
    }
    expect(await w.t.run((ctx) => ctx.db.query("reviews").collect())).toEqual([]);
    const reviewId = await w.as.clientA.mutation(api.reviews.createMine, { bookingId, rating: 5, comment: TEXT, nickname: "Luna" });
    const refused = w.as.clientA.mutation(api.reviews.updateMine, { reviewId, rating: 5, comment: TEXT, nickname: "scrivimi a luna@posta.it" });
    await expect(refused).rejects.toMatchObject({ data: { code: "INVALID_INPUT", field: "nickname" } });
    expect((await w.t.run((ctx) => ctx.db.get("reviews", reviewId)))?.clientName).toBe("Luna");
  });
});

describe("editing a review", () => {
  it("within 7 days of writing it, the average follows; afterwards it is refused; nobody else may edit it", async () => {
    const w = await buildWorld(setupTest());
    const bookingId = await completed(w);
    const reviewId = await w.as.clientA.mutation(api.reviews.createMine, { bookingId, rating: 2, comment: TEXT });
    expect(await errorCodeOf(w.as.clientB.mutation(api.reviews.updateMine, { reviewId, rating: 1, comment: TEXT }))).toBe("FORBIDDEN");
    vi.advanceTimersByTime(6 * DAY);
    await w.as.clientA.mutation(api.reviews.updateMine, { reviewId, rating: 5, comment: "Ci ho ripensato: ottima lettura." });
    expect(await profileOf(w, w.profileA)).toMatchObject({ rating: 5, reviewCount: 1, ratingSum: 5 });
    const [row] = await w.as.clientA.query(api.reviews.listMine, { now: Date.now() });
    expect(row).toMatchObject({ bookingId, review: { rating: 5, comment: "Ci ho ripensato: ottima lettura.", editable: true } });
    vi.advanceTimersByTime(DAY + 1000);
    expect(await errorCodeOf(w.as.clientA.mutation(api.reviews.updateMine, { reviewId, rating: 1, comment: TEXT }))).toBe("REVIEW_EDIT_EXPIRED");
    expect((await w.as.clientA.query(api.reviews.listMine, { now: Date.now() }))[0].review?.editable).toBe(false);
    expect((await profileOf(w, w.profileA))?.rating).toBe(5);
  });

  it("the client's list shows completed consultations still to review", async () => {
    const w = await buildWorld(setupTest());
    const reviewed = await completed(w, 2);
    const toReview = await completed(w, 1);
    await w.as.clientA.mutation(api.reviews.createMine, { bookingId: reviewed, rating: 4, comment: TEXT });
    const rows = await w.as.clientA.query(api.reviews.listMine, { now: Date.now() });
    expect(rows.map((row) => [row.bookingId, row.review === null])).toEqual([
      [toReview, true],
      [reviewed, false],
    ]);
    expect(await w.as.clientB.query(api.reviews.listMine, { now: Date.now() })).toEqual([]);
  });
});
