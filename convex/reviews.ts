// Reviews (docs/product-rules.md, "Reviews"): real ones, one per completed booking, by its client only,
// 1–5 stars and 10–1 000 characters, editable for 7 days, shown newest first with the name the client
// chose: their first name and initial by default, or a nickname (kept as the review's `clientName`). The profile's rating and count and the month's figures follow each review in the
// same transaction (lib/platform/triggers.ts), from sums, never by reading every review again.
import { paginationOptsValidator, paginationResultValidator, type PaginationOptions } from "convex/server";
import { v } from "convex/values";
import type { Doc } from "./_generated/dataModel";
import { bookingAsClientX, listedProfile } from "./lib/platform/access";
import { fail } from "./framework/errors";
import { clientMutation, clientQuery, query } from "./lib/platform/functions";
import { requireInstant } from "./framework/time";
import { durationMinutes, reviewRating } from "./framework/validators";
import { REVIEW_EDIT_WINDOW_MS, reviewDisplayName, reviewerName, validComment, validRating } from "./model/reviews";

/** The most reviews one page holds. */
const MAX_PAGE_SIZE = 50;

const publicReview = v.object({
  id: v.id("reviews"),
  clientName: v.string(),
  rating: reviewRating,
  comment: v.string(),
  createdAt: v.number(),
  updatedAt: v.union(v.number(), v.null()),
});

/** When the review was written: its own date for one written before it was stored, else its creation. */
function writtenAtOf(review: Doc<"reviews">): number {
  return review.writtenAt ?? review._creationTime;
}

function toPublicReview(review: Doc<"reviews">) {
  return {
    id: review._id,
    clientName: review.clientName,
    rating: review.rating,
    comment: review.comment,
    createdAt: writtenAtOf(review),
    updatedAt: review.updatedAt ?? null,
  };
}

function boundedPage(opts: PaginationOptions): PaginationOptions {
  if (!Number.isInteger(opts.numItems) || opts.numItems < 1) return fail("INVALID_INPUT", { field: "paginationOpts" });
  return { ...opts, numItems: Math.min(opts.numItems, MAX_PAGE_SIZE) };
}

/**
 * The Reviews tab: a listed profile's reviews newest first, a page at a time (`usePaginatedQuery`);
 * NOT_FOUND for a profile the public cannot see.
 */
export const listPageForProfile = query({
  args: { psychicProfileId: v.string(), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(publicReview),
  handler: async (ctx, { psychicProfileId, paginationOpts }) => {
    const page = boundedPage(paginationOpts);
    const profile = await listedProfile(ctx, psychicProfileId);
    // Missing, hidden and unapproved profiles look alike (the profile page says "not found").
    if (profile === null) return fail("NOT_FOUND");
    const result = await ctx.db
      .query("reviews")
      .withIndex("by_psychicProfile", (q) => q.eq("psychicProfileId", profile._id))
      .order("desc")
      .paginate(page);
    return { page: result.page.map(toPublicReview), isDone: result.isDone, continueCursor: result.continueCursor };
  },
});

/** The review as stored, with the name it shows (`nickname` absent: first name and initial). */
function checkedReview(rating: number, comment: string, fullName: string | undefined, nickname: string | undefined) {
  const stars = validRating(rating);
  if (stars === null) return fail("INVALID_INPUT", { field: "rating" });
  const text = validComment(comment);
  if (text === null) return fail("INVALID_INPUT", { field: "comment" });
  const clientName = reviewDisplayName(fullName, nickname);
  if (clientName === null) return fail("INVALID_INPUT", { field: "nickname" });
  return { rating: stars, comment: text, clientName };
}

/**
 * The client reviews one of their completed consultations, once. Anyone else's booking is refused
 * (FORBIDDEN), a consultation not completed too (REVIEW_NOT_ALLOWED), a second review of it as well
 * (ALREADY_REVIEWED).
 */
export const createMine = clientMutation({
  args: { bookingId: v.string(), rating: v.number(), comment: v.string(), nickname: v.optional(v.string()) },
  returns: v.id("reviews"),
  handler: async (ctx, { bookingId, rating, comment, nickname }) => {
    const booking = await bookingAsClientX(ctx, ctx.viewerId, bookingId);
    const review = checkedReview(rating, comment, ctx.viewer.name, nickname);
    if (booking.status !== "completed") return fail("REVIEW_NOT_ALLOWED");
    if ((await ctx.db.get("psychicProfiles", booking.psychicProfileId)) === null) return fail("REVIEW_NOT_ALLOWED");
    const existing = await ctx.db
      .query("reviews")
      .withIndex("by_booking", (q) => q.eq("bookingId", booking._id))
      .first();
    if (existing !== null) return fail("ALREADY_REVIEWED");
    return ctx.db.insert("reviews", {
      bookingId: booking._id,
      psychicProfileId: booking.psychicProfileId,
      clientId: ctx.viewerId,
      ...review,
    });
  },
});

/** The client edits their own review within 7 days of writing it, the name it shows too. */
export const updateMine = clientMutation({
  args: { reviewId: v.string(), rating: v.number(), comment: v.string(), nickname: v.optional(v.string()) },
  returns: v.null(),
  handler: async (ctx, { reviewId, rating, comment, nickname }) => {
    const id = ctx.db.normalizeId("reviews", reviewId);
    const review = id === null ? null : await ctx.db.get("reviews", id);
    if (review === null) return fail("NOT_FOUND");
    if (review.clientId !== ctx.viewerId) return fail("FORBIDDEN");
    const changed = checkedReview(rating, comment, ctx.viewer.name, nickname);
    const now = Date.now();
    if (now > writtenAtOf(review) + REVIEW_EDIT_WINDOW_MS) return fail("REVIEW_EDIT_EXPIRED");
    await ctx.db.patch("reviews", review._id, { ...changed, updatedAt: now });
    return null;
  },
});

/** The most consultations the client's review list shows; older ones stay in the records. */
export const MAX_REVIEWABLE = 200;

/**
 * The client dashboard's completed consultations, newest first, each with its review if written and
 * until when it can still be edited (`editableUntil`, compared with the page's clock); `review` null
 * means one can be written.
 */
export const listMine = clientQuery({
  args: { now: v.number() },
  returns: v.array(
    v.object({
      bookingId: v.id("bookings"),
      psychicProfileId: v.id("psychicProfiles"),
      psychicName: v.string(),
      scheduledDate: v.string(),
      scheduledTime: v.string(),
      startsAt: v.number(),
      durationMinutes,
      review: v.union(
        v.null(),
        v.object({
          id: v.id("reviews"),
          rating: reviewRating,
          comment: v.string(),
          createdAt: v.number(),
          updatedAt: v.union(v.number(), v.null()),
          editableUntil: v.number(),
          editable: v.boolean(),
          /** The nickname it shows, or null for the default first name and initial. */
          nickname: v.union(v.string(), v.null()),
        }),
      ),
    }),
  ),
  handler: async (ctx, { now }) => {
    requireInstant(now);
    const completed = await ctx.db
      .query("bookings")
      .withIndex("by_client_status_startsAt", (q) => q.eq("clientId", ctx.viewerId).eq("status", "completed"))
      .order("desc")
      .take(MAX_REVIEWABLE);
    return Promise.all(
      completed.map(async (booking) => {
        const review = await ctx.db
          .query("reviews")
          .withIndex("by_booking", (q) => q.eq("bookingId", booking._id))
          .first();
        const editableUntil = review === null ? 0 : writtenAtOf(review) + REVIEW_EDIT_WINDOW_MS;
        return {
          bookingId: booking._id,
          psychicProfileId: booking.psychicProfileId,
          psychicName: booking.psychicName,
          scheduledDate: booking.scheduledDate,
          scheduledTime: booking.scheduledTime,
          startsAt: booking.startsAt,
          durationMinutes: booking.durationMinutes,
          review:
            review === null
              ? null
              : {
                  id: review._id,
                  rating: review.rating,
                  comment: review.comment,
                  createdAt: writtenAtOf(review),
                  updatedAt: review.updatedAt ?? null,
                  editableUntil,
                  editable: now <= editableUntil,
                  nickname: review.clientName === reviewerName(ctx.viewer.name) ? null : review.clientName,
                },
        };
      }),
    );
  },
});
