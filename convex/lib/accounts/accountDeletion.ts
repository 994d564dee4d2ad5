// What deleting an account removes and what it keeps (docs/product-rules.md, "Accounts"). Runs in
// one mutation, so a failure half-way leaves the account whole; only the past rows of a history longer than
// one transaction may read are handled after it, in scheduled parts (lib/accounts/deletedHistory.ts).
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { deletionCancels, deletionReason, deletionRefundCents } from "../../model/cancellationRefunds";
import { bookingCancelledEmail } from "../../email/bookingEmails";
import { changeBooking } from "../bookings/bookingLifecycle";
import { scrubHistory } from "./deletedHistory";
import { emailParties, type Audience } from "../email/emailParties";
import { deleteOwnedFile } from "../platform/uploads";
import { resetRateLimit, type LimitName } from "../platform/rateLimits";
import { dropPsychicFigures } from "../figures/psychicFigures";
import { mailboxOf } from "../../model/origins";
import { forgetFavouritesAndWishes } from "../bookings/availabilityAlerts";
import { retainFiscalDataOf } from "../money/fiscalRecords";

/** The longest consultation: a booking that started this long ago may still be under way. */
const LONGEST_MS = 60 * 60_000;
/** More bookings than one person can have ahead of them (or holding time) at once. */
const MAX_AHEAD = 1000;

/** The bookings of the person, on one side, that have not ended (confirmed) or still hold time (unpaid). */
async function openBookings(ctx: MutationCtx, side: Audience, id: Id<"users"> | Id<"psychicProfiles">, now: number) {
  const of = (status: "confirmed" | "pending_payment") =>
    side === "client"
      ? ctx.db
          .query("bookings")
          .withIndex("by_client_status_startsAt", (q) =>
            q
              .eq("clientId", id as Id<"users">)
              .eq("status", status)
              .gte("startsAt", now - LONGEST_MS),
          )
          .take(MAX_AHEAD)
      : ctx.db
          .query("bookings")
          .withIndex("by_psychicProfile_status_startsAt", (q) =>
            q
              .eq("psychicProfileId", id as Id<"psychicProfiles">)
              .eq("status", status)
              .gte("startsAt", now - LONGEST_MS),
          )
          .take(MAX_AHEAD);
  return { confirmed: (await of("confirmed")).filter((booking) => booking.endsAt > now), holds: await of("pending_payment") };
}

/**
 * Upcoming confirmed bookings are cancelled (a client's with the refund of their cancellation window, a
 * psychic's in full, also one under way) and the other party is emailed; unpaid holds are released and
 * their Checkout Sessions expired so they can no longer be paid.
 * Returns the cancelled bookings, whose notice to the deleted person is queued last (see below).
 */
async function cancelOpenBookings(ctx: MutationCtx, side: Audience, id: Id<"users"> | Id<"psychicProfiles">, now: number) {
  const { confirmed: open, holds } = await openBookings(ctx, side, id, now);
  const reason = deletionReason(side);
  // A client leaving cancels as a client cancels (docs/product-rules.md, "Accounts"): the refund of the
  // window at this moment, and a consultation under way is held and completes as usual. A psychic
  // leaving refunds their clients in full, also for one under way (model/cancellationRefunds.ts).
  const confirmed = open.filter((booking) => deletionCancels(side, booking, now));
  for (const booking of confirmed) {
    const refundCents = deletionRefundCents(side, booking, now);
    await changeBooking(ctx, booking, { kind: "cancelled", reason, refundCents }, now, { skipEmailTo: side });
  }
  for (const hold of holds) await changeBooking(ctx, hold, { kind: "hold_released", why: "account_deleted" }, now);
  return confirmed.map((booking) => ({ booking, side, reason }));
}

export async function deleteAccountData(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  const user = await ctx.db.get("users", userId);
  if (user === null) return;
  const now = Date.now();

  // Upcoming consultations are cancelled, with the refund each side's deletion gives, before anything else goes.
  const ownProfile = await ctx.db
    .query("psychicProfiles")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .unique();
  const cancelled: Array<{ booking: Doc<"bookings">; side: Audience; reason: "client_account_deleted" | "psychic_account_deleted" }> = [
    ...(await cancelOpenBookings(ctx, "client", userId, now)),
    ...(ownProfile === null ? [] : await cancelOpenBookings(ctx, "psychic", ownProfile._id, now)),
  ];

  // Sessions and their refresh tokens: every device is signed out.
  const sessions = await ctx.db
    .query("authSessions")
    .withIndex("userId", (q) => q.eq("userId", userId))
    .collect();
  for (const session of sessions) {
    const tokens = await ctx.db
      .query("authRefreshTokens")
      .withIndex("sessionId", (q) => q.eq("sessionId", session._id))
      .collect();
    for (const token of tokens) await ctx.db.delete("authRefreshTokens", token._id);
    await ctx.db.delete("authSessions", session._id);
  }

  // Credentials, pending reset codes and the sign-in limiter's state.
  const accounts = await ctx.db
    .query("authAccounts")
    .withIndex("userIdAndProvider", (q) => q.eq("userId", userId))
    .collect();
  for (const account of accounts) {
    const codes = await ctx.db
      .query("authVerificationCodes")
      .withIndex("accountId", (q) => q.eq("accountId", account._id))
      .collect();
    for (const code of codes) await ctx.db.delete("authVerificationCodes", code._id);
    const limits = await ctx.db
      .query("authRateLimits")
      .withIndex("identifier", (q) => q.eq("identifier", account._id))
      .collect();
    for (const limit of limits) await ctx.db.delete("authRateLimits", limit._id);
    await ctx.db.delete("authAccounts", account._id);
  }

  // A psychic's profile and photo go; their past bookings stay for accounting, without the name.
  const profile = await ctx.db
    .query("psychicProfiles")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .unique();
  if (profile !== null) {
    // The psychic's monthly figures go with the profile (the bookings keep what accounting needs).
    const months = await ctx.db
      .query("psychicMonthFigures")
      .withIndex("by_psychicProfile_month", (q) => q.eq("psychicProfileId", profile._id))
      .collect();
    for (const month of months) await ctx.db.delete("psychicMonthFigures", month._id);
    await dropPsychicFigures(ctx, profile._id);
    if (profile.photoStorageId) await deleteOwnedFile(ctx, userId, profile.photoStorageId);
    await ctx.db.delete("psychicProfiles", profile._id);
  }

  // The past: the psychic's bookings without their name, the client's without their private notes, the reviews
  // signed "Account eliminato", the emails to the person gone (lib/accounts/deletedHistory.ts: a long one in parts).
  await scrubHistory(ctx, { userId, profileId: profile?._id ?? null, email: user.email ?? null });

  // Messages to the team, sent signed in or from the person's address: nothing in them is accounting.
  const byAccount = await ctx.db
    .query("contactMessages")
    .withIndex("by_userId_category", (q) => q.eq("userId", userId))
    .collect();
  const byAddress = user.email
    ? await ctx.db
        .query("contactMessages")
        .withIndex("by_email", (q) => q.eq("email", user.email!))
        .collect()
    : [];
  for (const id of new Set([...byAccount, ...byAddress].map((message) => message._id))) await ctx.db.delete("contactMessages", id);

  // The limits' counters keyed by the person's account or address (lib/platform/rateLimits.ts).
  const keyed: Array<[LimitName, string]> = [
    ["contactByUser", userId],
    ["uploadUrlByUser", userId],
    ...(user.email
      ? ([
          ["passwordResetByEmail", user.email],
          ["contactByEmail", mailboxOf(user.email)],
          ["signUpCodesByEmail", mailboxOf(user.email)],
        ] as Array<[LimitName, string]>)
      : []),
  ];
  for (const [name, key] of keyed) await resetRateLimit(ctx, { name, key });

  // Every file the person uploaded and still owns (never another person's).
  for (const status of ["issued", "claimed", "attached"] as const) {
    const uploads = await ctx.db
      .query("uploads")
      .withIndex("by_owner_status", (q) => q.eq("ownerId", userId).eq("status", status))
      .collect();
    for (const upload of uploads) {
      if (upload.storageId) await deleteOwnedFile(ctx, userId, upload.storageId);
      else await ctx.db.delete("uploads", upload._id);
    }
  }

  // Fiscal data leaves the account; of a psychic ever credited a share, what DAC7 needs is kept apart for its
  // 10 years (lib/money/fiscalRecords.ts). The shares and transfers stay for accounting.
  await retainFiscalDataOf(ctx, user, now);

  // Favourites and 'Avvisami': the person's stars, wishes and notices, and the wishes waiting for their profile.
  await forgetFavouritesAndWishes(ctx, userId, ownProfile?._id ?? null);

  const grants = await ctx.db
    .query("adminGrants")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .collect();
  for (const grant of grants) await ctx.db.delete("adminGrants", grant._id);

  // The deleted person's own notice of each cancellation, queued after the purge above so it still goes
  // out (and stays in the outbox as any sent email does).
  for (const { booking, side, reason } of cancelled) {
    const current = (await ctx.db.get("bookings", booking._id)) ?? booking;
    await emailParties(
      ctx,
      current,
      "booking_cancelled",
      (facts, audience) =>
        bookingCancelledEmail(facts, {
          audience,
          reason,
          refundCents: current.refundCents ?? 0,
        }),
      { only: side },
    );
  }

  // The account leaves the figures, and its booking totals go with it (lib/platform/triggers.ts).
  await ctx.db.delete("users", userId);
}
