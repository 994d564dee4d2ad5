// The admin area (docs/product-rules.md, "Roles", "Contact and admin"). Every function is built
// with the admin builders: admin email domain AND a stored grant, checked on every call. Figures
// come from counters that triggers keep in the same transactions as the changes they count
// (lib/platform/triggers.ts, lib/figures/figureRows.ts); every list is bounded or paginated.
import { literals } from "convex-helpers/validators";
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import type { Doc, Id } from "./_generated/dataModel";
import type { MutationCtx } from "./_generated/server";
import {
  adminBooking,
  adminPage,
  clientRow,
  messageRow,
  psychicRow,
  toAdminBooking,
  toClientRow,
  toMessageRow,
  toPsychicRow,
  toUserRow,
  userRow,
} from "./lib/admin/adminViews";
import { bookingX } from "./lib/platform/access";
import { changeBookingX } from "./lib/bookings/bookingLifecycle";
import { readCounter } from "./lib/figures/figureRows";
import { rebuildFigures } from "./lib/figures/figureRecount";
import { ALL_BOOKS, readMonthBooks } from "./lib/money/moneyFigures";
import { fail } from "./framework/errors";
import { adminMutation, adminQuery, internalMutation } from "./lib/platform/functions";
import {
  approvePendingChanges,
  discardPendingChanges,
  recordVerificationCall as recordCall,
  requireVerificationCall,
  reviewQueue,
  reviewedProfileX,
  withReviewVersion,
} from "./lib/psychics/profileReview";
import { requireInstant, romeMonthOf } from "./framework/time";
import { settingKey, settingKeys, verificationCallOutcome, type ContactStatus } from "./framework/validators";
import { ADMIN_LIMITS, afterPrefix, listedKeyFor, normaliseSearch, waitsForReview } from "./model/admin";
import { canMoveMessage, cleanText } from "./model/contact";
import type { CounterMetric } from "./model/counters";
import { keptCentsOf } from "./model/ledger";
import { SETTING_DEFAULTS, SETTING_DESCRIPTIONS } from "./model/settings";

const figure = v.object({ total: v.number(), thisMonth: v.number() });

/** Panoramica: the platform's figures, all time and this Rome month; `now` comes from the page. */
export const getOverview = adminQuery({
  args: { now: v.number() },
  returns: v.object({
    month: v.string(),
    psychics: figure,
    clients: figure,
    // Consultations confirmed by a payment, in the month they were paid (counterMetrics.ts).
    paidConsultations: figure,
    // Money from the one ledger (model/ledger.ts), the same rows as 'Pagamenti' reconciles: what the
    // platform keeps of the payments of the month, and its commission on it.
    revenueCents: figure,
    commissionCents: figure,
    unreadMessages: v.number(),
  }),
  handler: async (ctx, { now }) => {
    const month = romeMonthOf(requireInstant(now));
    const read = async (metric: CounterMetric) => ({
      total: await readCounter(ctx, metric),
      thisMonth: await readCounter(ctx, metric, month),
    });
    const [allTime, ofMonth] = [await readMonthBooks(ctx, ALL_BOOKS), await readMonthBooks(ctx, month)];
    return {
      month,
      psychics: await read("psychics"),
      clients: await read("clients"),
      paidConsultations: await read("consultations"),
      revenueCents: { total: keptCentsOf(allTime), thisMonth: keptCentsOf(ofMonth) },
      commissionCents: { total: allTime.commissionCents, thisMonth: ofMonth.commissionCents },
      unreadMessages: await readCounter(ctx, "unreadMessages"),
    };
  },
});

/**
 * Utenti, a page at a time: every account newest first, or those found by the search at any age, in the
 * order of the key they match: a prefix of the email, of the name, or of the name from a later word on
 * (the surname). Each person comes once (model/admin.ts, listedKeyFor).
 */
export const listUsers = adminQuery({
  args: { search: v.optional(v.string()), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(userRow),
  handler: async (ctx, { search, paginationOpts }) => {
    if (search !== undefined && search.length > ADMIN_LIMITS.searchLength) return fail("INVALID_INPUT", { field: "search" });
    const needle = normaliseSearch(search);
    const page = adminPage(paginationOpts);
    if (needle === null) {
      const result = await ctx.db.query("users").order("desc").paginate(page);
      return { ...result, page: await Promise.all(result.page.map((user) => toUserRow(ctx, user))) };
    }
    const result = await ctx.db
      .query("userSearchKeys")
      .withIndex("by_key", (q) => q.gte("key", needle).lt("key", afterPrefix(needle)))
      .paginate(page);
    const users: Doc<"users">[] = [];
    for (const { userId, key } of result.page) {
      const user = await ctx.db.get("users", userId);
      if (user !== null && listedKeyFor(user, needle) === key) users.push(user);
    }
    return { ...result, page: await Promise.all(users.map((user) => toUserRow(ctx, user))) };
  },
});

/**
 * Cartomanti, a page at a time: the first page opens with the whole review queue (oldest waiting first,
 * bounded), then every psychic not waiting for review, newest first.
 */
export const listPsychics = adminQuery({
  args: { paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(psychicRow),
  handler: async (ctx, { paginationOpts }) => {
    const page = adminPage(paginationOpts);
    const queue = page.cursor === null ? await reviewQueue(ctx, ADMIN_LIMITS.reviewQueue) : [];
    const result = await ctx.db.query("psychicProfiles").order("desc").paginate(page);
    // Who waits for review is in the queue above, on whichever page they would fall.
    const rest = result.page.filter((profile) => !waitsForReview(profile));
    return { ...result, page: await Promise.all([...queue, ...rest].map((profile) => toPsychicRow(ctx, profile))) };
  },
});

/** Clienti, newest first, a page at a time: bookings, total spent and last booking from their totals. */
export const listClients = adminQuery({
  args: { paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(clientRow),
  handler: async (ctx, { paginationOpts }) => {
    const result = await ctx.db
      .query("users")
      .withIndex("by_accountType", (q) => q.eq("accountType", "client"))
      .order("desc")
      .paginate(adminPage(paginationOpts));
    return { ...result, page: await Promise.all(result.page.map((user) => toClientRow(ctx, user))) };
  },
});

/** Prenotazioni: the newest bookings (lapsed holds left out) and those needing the admin (failed refunds, late payments, disputes). */
export const listBookings = adminQuery({
  args: {},
  returns: v.object({ recent: v.array(adminBooking), needingAttention: v.array(adminBooking) }),
  handler: async (ctx) => {
    const newest = await ctx.db
      .query("bookings")
      .order("desc")
      .take(ADMIN_LIMITS.recentBookings * 4);
    const recent = newest.filter((booking) => booking.status !== "expired").slice(0, ADMIN_LIMITS.recentBookings);
    const failed = await ctx.db
      .query("bookings")
      .withIndex("by_refundStatus", (q) => q.eq("refundStatus", "failed"))
      .order("desc")
      .take(ADMIN_LIMITS.attentionBookings);
    const late = await ctx.db
      .query("bookings")
      .withIndex("by_cancelReason", (q) => q.eq("cancelReason", "late_payment"))
      .order("desc")
      .take(ADMIN_LIMITS.attentionBookings);
    const disputed = await ctx.db
      .query("bookings")
      .withIndex("by_disputedAt", (q) => q.gt("disputedAt", 0))
      .order("desc")
      .take(ADMIN_LIMITS.attentionBookings);
    const attention = new Map([...failed, ...late, ...disputed].map((booking) => [booking._id, booking]));
    const needingAttention = [...attention.values()].sort((a, b) => b._creationTime - a._creationTime);
    return {
      recent: await Promise.all(recent.map((booking) => toAdminBooking(ctx, booking))),
      needingAttention: await Promise.all(needingAttention.map((booking) => toAdminBooking(ctx, booking))),
    };
  },
});

/**
 * Prenotazioni's "Riprova il rimborso": a refund left failed after its automatic attempts goes through
 * Stripe again (a new series of attempts, never a second refund). Anything else is refused.
 */
export const retryRefund = adminMutation({
  args: { bookingId: v.string() },
  returns: v.null(),
  handler: async (ctx, { bookingId }) => {
    const booking = await bookingX(ctx, bookingId);
    // "Rimborso in corso" again, and a new series of attempts (its provider job, convex/providerJobs.ts); refused unless failed.
    await changeBookingX(ctx, booking, { kind: "refund_retried" }, Date.now());
    return null;
  },
});

// ─── Psychic moderation ─────────────────────────────────────────────────────────────────────

async function profileX(ctx: MutationCtx, id: Id<"psychicProfiles">) {
  return (await ctx.db.get("psychicProfiles", id)) ?? fail("NOT_FOUND");
}

/**
 * Approves what waits for review, in the version the admin read: a new profile (then listed if the
 * psychic made it public) or changes to an approved one; refused until the verification call passed.
 */
export const approvePsychic = adminMutation({
  args: { profileId: v.id("psychicProfiles"), reviewVersion: v.number() },
  returns: v.object({ profileStatus: literals("approved") }),
  handler: async (ctx, { profileId, reviewVersion }) => {
    const profile = await reviewedProfileX(ctx, profileId, reviewVersion);
    const inReview = profile.profileStatus === "pending" || (profile.profileStatus === "approved" && profile.pendingChanges);
    if (!inReview) return fail("INVALID_STATE");
    requireVerificationCall(profile);
    await ctx.db.patch(
      "psychicProfiles",
      profile._id,
      withReviewVersion(profile, {
        ...(await approvePendingChanges(ctx, profile)),
        profileStatus: "approved" as const,
        approvedBy: ctx.viewerId,
        approvedAt: Date.now(),
        adminNotes: undefined,
      }),
    );
    return { profileStatus: "approved" as const };
  },
});

/**
 * Turns down what waits for review, in the version the admin read, with a note the psychic sees on
 * their profile: a new profile becomes rejected; refused changes are dropped and the approved profile
 * stays as it was.
 */
export const rejectPsychic = adminMutation({
  args: { profileId: v.id("psychicProfiles"), reviewVersion: v.number(), note: v.string() },
  returns: v.object({ profileStatus: literals("approved", "rejected") }),
  handler: async (ctx, { profileId, reviewVersion, note }) => {
    const adminNotes = cleanText(note, ADMIN_LIMITS.noteLength);
    if (adminNotes === null) return fail("INVALID_INPUT", { field: "note" });
    const profile = await reviewedProfileX(ctx, profileId, reviewVersion);
    if (profile.profileStatus === "pending") {
      await ctx.db.patch("psychicProfiles", profile._id, { profileStatus: "rejected", adminNotes });
      return { profileStatus: "rejected" as const };
    }
    if (profile.profileStatus !== "approved" || !profile.pendingChanges) return fail("INVALID_STATE");
    await ctx.db.patch("psychicProfiles", profile._id, withReviewVersion(profile, { ...(await discardPendingChanges(ctx, profile)), adminNotes }));
    return { profileStatus: "approved" as const };
  },
});

/**
 * Suspends a psychic with a note they read (1–500 characters after trimming): not listed, so not
 * bookable, until an admin lifts it, whatever the psychic does; their confirmed bookings stay.
 */
export const suspendPsychic = adminMutation({
  args: { profileId: v.id("psychicProfiles"), note: v.string() },
  returns: v.null(),
  handler: async (ctx, { profileId, note }) => {
    const suspensionNote = cleanText(note, ADMIN_LIMITS.suspensionNoteLength);
    if (suspensionNote === null) return fail("INVALID_INPUT", { field: "note" });
    const profile = await profileX(ctx, profileId);
    if (profile.suspendedAt !== undefined) return fail("INVALID_STATE");
    await ctx.db.patch("psychicProfiles", profile._id, { suspendedAt: Date.now(), suspendedBy: ctx.viewerId, suspensionNote });
    return null;
  },
});

/** Lifts a suspension: the profile is listed again if the psychic keeps it public and it is approved. */
export const liftSuspension = adminMutation({
  args: { profileId: v.id("psychicProfiles") },
  returns: v.null(),
  handler: async (ctx, { profileId }) => {
    const profile = await profileX(ctx, profileId);
    if (profile.suspendedAt === undefined) return fail("INVALID_STATE");
    await ctx.db.patch("psychicProfiles", profile._id, { suspendedAt: undefined, suspendedBy: undefined, suspensionNote: undefined });
    return null;
  },
});

/** Records the identity-verification call with the psychic (who, when, outcome, note); a passed one is final. */
export const recordVerificationCall = adminMutation({
  args: { profileId: v.id("psychicProfiles"), outcome: verificationCallOutcome, note: v.optional(v.string()) },
  returns: v.null(),
  handler: async (ctx, { profileId, outcome, note }) => {
    await recordCall(ctx, await profileX(ctx, profileId), { recordedBy: ctx.viewerId, outcome, note });
    return null;
  },
});

// ─── Contact messages ───────────────────────────────────────────────────────────────────────

const messageFilter = literals("all", "unread", "read", "replied");

/** Messaggi, newest first, a page at a time; the count found comes from `messageCounts`. */
export const listMessages = adminQuery({
  args: { status: messageFilter, paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(messageRow),
  handler: async (ctx, { status, paginationOpts }) => {
    const messages =
      status === "all"
        ? ctx.db.query("contactMessages").order("desc")
        : ctx.db
            .query("contactMessages")
            .withIndex("by_status", (q) => q.eq("status", status))
            .order("desc");
    const result = await messages.paginate(adminPage(paginationOpts));
    return { ...result, page: result.page.map(toMessageRow) };
  },
});

/** How many messages each filter finds. */
export const messageCounts = adminQuery({
  args: {},
  returns: v.object({ all: v.number(), unread: v.number(), read: v.number(), replied: v.number() }),
  handler: async (ctx) => {
    const unread = await readCounter(ctx, "unreadMessages");
    const read = await readCounter(ctx, "readMessages");
    const replied = await readCounter(ctx, "repliedMessages");
    return { all: unread + read + replied, unread, read, replied };
  },
});

/** The live badge on the admin's header link. */
export const unreadMessageCount = adminQuery({
  args: {},
  returns: v.number(),
  handler: async (ctx) => readCounter(ctx, "unreadMessages"),
});

async function moveMessage(ctx: MutationCtx, id: Id<"contactMessages">, to: ContactStatus) {
  const message = (await ctx.db.get("contactMessages", id)) ?? fail("NOT_FOUND");
  if (!canMoveMessage(message.status, to)) return fail("INVALID_STATE");
  await ctx.db.patch("contactMessages", id, { status: to, updatedAt: Date.now() });
  return null;
}

/** unread → read; anything else is refused. */
export const markMessageRead = adminMutation({
  args: { messageId: v.id("contactMessages") },
  returns: v.null(),
  handler: async (ctx, { messageId }) => moveMessage(ctx, messageId, "read"),
});

/** unread or read → replied; a replied message stays replied. */
export const markMessageReplied = adminMutation({
  args: { messageId: v.id("contactMessages") },
  returns: v.null(),
  handler: async (ctx, { messageId }) => moveMessage(ctx, messageId, "replied"),
});

// ─── Settings ───────────────────────────────────────────────────────────────────────────────

/** Impostazioni: the four switches with their descriptions and when each was last changed. */
export const listSettings = adminQuery({
  args: {},
  returns: v.array(v.object({ key: settingKey, value: v.boolean(), description: v.string(), updatedAt: v.union(v.number(), v.null()) })),
  handler: async (ctx) =>
    Promise.all(
      settingKeys.map(async (key) => {
        const row = await ctx.db
          .query("systemSettings")
          .withIndex("by_key", (q) => q.eq("key", key))
          .first();
        return {
          key,
          value: row?.value ?? SETTING_DEFAULTS[key],
          description: SETTING_DESCRIPTIONS[key],
          updatedAt: row?.updatedAt ?? null,
        };
      }),
    ),
});

/** Turns one switch on or off; every server rule reads it through lib/platform/settings.ts at once. */
export const setSetting = adminMutation({
  args: { key: settingKey, value: v.boolean() },
  returns: v.null(),
  handler: async (ctx, { key, value }) => {
    const row = await ctx.db
      .query("systemSettings")
      .withIndex("by_key", (q) => q.eq("key", key))
      .first();
    const fields = { value, description: SETTING_DESCRIPTIONS[key], updatedBy: ctx.viewerId, updatedAt: Date.now() };
    if (row === null) await ctx.db.insert("systemSettings", { key, ...fields });
    else await ctx.db.patch("systemSettings", row._id, fields);
    return null;
  },
});

// ─── Backfill ───────────────────────────────────────────────────────────────────────────────

/**
 * Recounts every derived figure from the records and replaces the stored ones, in one transaction:
 * `npx convex run admin:recountFigures` after deploying the counters onto existing data, or to
 * check them (the answer says how many rows differed). Reads every account, booking, review and
 * message, so it is for a marketplace of up to some thousands of each; larger data needs it split in
 * batches.
 */
export const recountFigures = internalMutation({
  args: {},
  returns: v.object({ counters: v.number(), people: v.number(), changed: v.number() }),
  handler: async (ctx) => rebuildFigures(ctx),
});
