// What the admin area shows of accounts, psychics, bookings and messages: the rows' shapes
// (validators the functions return) and how each is read, a few point reads per row.
import { literals } from "convex-helpers/validators";
import type { PaginationOptions } from "convex/server";
import { v } from "convex/values";
import type { Doc } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { DELETED_ACCOUNT_NAME } from "../../model/accounts";
import { ADMIN_LIMITS } from "../../model/admin";
import { fail } from "../../framework/errors";
import { durationPriceCents, suspensionOf } from "../../model/psychics";
import { CATEGORY_LABELS } from "../../model/contact";
import { REPORT_REASON_LABELS } from "../../model/consultationReports";
import { personTotals } from "../figures/figureRows";
import { recordedBookingState, refundState } from "../../model/bookingView";
import {
  accountType,
  bookingStatus,
  bookingViewState,
  cancellationReason,
  consultationType,
  contactCategory,
  contactStatus,
  durationMinutes,
  profileStatus,
  refundStatus,
  refundViewState,
  verificationCallOutcome,
} from "../../framework/validators";

/** A page the admin asked for, at most ADMIN_LIMITS.pageSize rows; a size that is not a whole number ≥ 1 is refused. */
export function adminPage(opts: PaginationOptions): PaginationOptions {
  if (!Number.isInteger(opts.numItems) || opts.numItems < 1) return fail("INVALID_INPUT", { field: "paginationOpts" });
  return { ...opts, numItems: Math.min(opts.numItems, ADMIN_LIMITS.pageSize) };
}

const nullable = <T extends Parameters<typeof v.union>[0]>(validator: T) => v.union(validator, v.null());

export const userRow = v.object({
  id: v.id("users"),
  fullName: nullable(v.string()),
  email: nullable(v.string()),
  accountType: nullable(accountType),
  psychicName: nullable(v.string()),
  profileStatus: nullable(profileStatus),
  isPubliclyVisible: nullable(v.boolean()),
  isSuspended: nullable(v.boolean()),
  rating: nullable(v.number()),
  consultations: v.number(),
  createdAt: v.number(),
});

async function profileOf(ctx: QueryCtx, userId: Doc<"users">["_id"]) {
  return ctx.db
    .query("psychicProfiles")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .unique();
}

export async function toUserRow(ctx: QueryCtx, user: Doc<"users">) {
  const profile = user.accountType === "psychic" ? await profileOf(ctx, user._id) : null;
  const status = profile?.profileStatus ?? null;
  return {
    id: user._id,
    fullName: user.name ?? null,
    email: user.email ?? null,
    accountType: user.accountType ?? null,
    psychicName: profile?.psychicName ?? null,
    profileStatus: status,
    isPubliclyVisible: profile?.isPubliclyVisible ?? null,
    isSuspended: profile ? profile.suspendedAt !== undefined : null,
    rating: profile?.rating ?? null,
    consultations: (await personTotals(ctx, user._id))?.bookings ?? 0,
    createdAt: user._creationTime,
  };
}

export const psychicRow = v.object({
  id: v.id("psychicProfiles"),
  userId: v.id("users"),
  psychicName: v.string(),
  email: nullable(v.string()),
  bio: v.string(),
  photoUrl: nullable(v.string()),
  profileStatus,
  isPubliclyVisible: v.boolean(),
  isAvailable: v.boolean(),
  verificationCallCompleted: v.boolean(),
  /** The latest verification call recorded: by whom (the admin's name), when, how it went and the note. */
  verificationCall: nullable(
    v.object({ recordedByName: nullable(v.string()), recordedAt: v.number(), outcome: verificationCallOutcome, note: nullable(v.string()) }),
  ),
  /** The prices as the public will see them, one per offered duration, in cents. */
  prices: v.array(v.object({ durationMinutes, priceCents: v.number() })),
  adminNotes: nullable(v.string()),
  rating: nullable(v.number()),
  reviewCount: v.number(),
  bookings: v.number(),
  revenueCents: v.number(),
  /** What waits for the admin: the whole new profile, or changes to an approved one. */
  inReview: nullable(literals("profile", "changes")),
  pendingChanges: nullable(v.object({ psychicName: v.string(), bio: v.string(), photoUrl: nullable(v.string()) })),
  changesSubmittedAt: nullable(v.number()),
  /** The version of what a review covers, as read now: approving or rejecting names it. */
  reviewVersion: v.number(),
  /** An admin's suspension: the note the psychic reads and since when. */
  suspension: nullable(v.object({ note: v.string(), suspendedAt: v.number() })),
  createdAt: v.number(),
});

export async function toPsychicRow(ctx: QueryCtx, profile: Doc<"psychicProfiles">) {
  const user = await ctx.db.get("users", profile.userId);
  const totals = await personTotals(ctx, profile.userId);
  const pending = profile.pendingChanges;
  const photoUrl = profile.photoStorageId ? await ctx.storage.getUrl(profile.photoStorageId) : (profile.photoUrl ?? null);
  const call = profile.verificationCall;
  const caller = call === undefined ? null : await ctx.db.get("users", call.recordedBy);
  return {
    id: profile._id,
    userId: profile.userId,
    psychicName: profile.psychicName,
    email: user?.email ?? null,
    bio: profile.bio,
    photoUrl,
    profileStatus: profile.profileStatus,
    isPubliclyVisible: profile.isPubliclyVisible,
    isAvailable: profile.isAvailable,
    verificationCallCompleted: profile.verificationCallCompleted,
    verificationCall:
      call === undefined
        ? null
        : { recordedByName: caller?.name ?? caller?.email ?? null, recordedAt: call.recordedAt, outcome: call.outcome, note: call.note ?? null },
    prices: [...profile.availableDurations]
      .sort((a, b) => a - b)
      .map((minutes) => ({ durationMinutes: minutes, priceCents: durationPriceCents(profile, minutes) })),
    adminNotes: profile.adminNotes ?? null,
    rating: profile.rating ?? null,
    reviewCount: profile.reviewCount,
    bookings: totals?.bookings ?? 0,
    revenueCents: totals?.amountCents ?? 0,
    inReview: profile.profileStatus === "pending" ? ("profile" as const) : pending ? ("changes" as const) : null,
    pendingChanges: pending
      ? {
          psychicName: pending.psychicName,
          bio: pending.bio,
          photoUrl: pending.photoStorageId ? await ctx.storage.getUrl(pending.photoStorageId) : photoUrl,
        }
      : null,
    changesSubmittedAt: profile.changesSubmittedAt ?? null,
    reviewVersion: profile.reviewVersion ?? 0,
    suspension: suspensionOf(profile),
    createdAt: profile._creationTime,
  };
}

export const clientRow = v.object({
  id: v.id("users"),
  fullName: nullable(v.string()),
  email: nullable(v.string()),
  bookings: v.number(),
  totalSpentCents: v.number(),
  lastBookingStartsAt: nullable(v.number()),
  createdAt: v.number(),
});

export async function toClientRow(ctx: QueryCtx, user: Doc<"users">) {
  const totals = await personTotals(ctx, user._id);
  return {
    id: user._id,
    fullName: user.name ?? null,
    email: user.email ?? null,
    bookings: totals?.bookings ?? 0,
    totalSpentCents: totals?.amountCents ?? 0,
    lastBookingStartsAt: totals?.lastBookingStartsAt ?? null,
    createdAt: user._creationTime,
  };
}

export const adminBooking = v.object({
  id: v.id("bookings"),
  clientName: v.string(),
  clientEmail: nullable(v.string()),
  psychicProfileId: v.id("psychicProfiles"),
  psychicName: v.string(),
  /** A call or a chat. */
  consultationType,
  scheduledDate: v.string(),
  scheduledTime: v.string(),
  startsAt: v.number(),
  durationMinutes,
  priceCents: v.number(),
  status: bookingStatus,
  paidAt: nullable(v.number()),
  refundStatus: nullable(refundStatus),
  refundCents: nullable(v.number()),
  cancelReason: nullable(cancellationReason),
  /** Where it stands as recorded, and its refund (model/bookingView.ts). */
  state: bookingViewState,
  refund: nullable(refundViewState),
  /** Why it needs the admin: a dispute at the client's bank, a refund that kept failing, or a payment that came after its hold ended. */
  attention: nullable(literals("disputed", "refund_failed", "late_payment")),
  createdAt: v.number(),
});

function attentionOf(booking: Doc<"bookings">) {
  if (booking.disputedAt !== undefined) return "disputed" as const;
  if (booking.refundStatus === "failed") return "refund_failed" as const;
  return booking.cancelReason === "late_payment" ? ("late_payment" as const) : null;
}

export async function toAdminBooking(ctx: QueryCtx, booking: Doc<"bookings">) {
  const client = await ctx.db.get("users", booking.clientId);
  return {
    id: booking._id,
    clientName: client?.name ?? DELETED_ACCOUNT_NAME,
    clientEmail: client?.email ?? null,
    psychicProfileId: booking.psychicProfileId,
    psychicName: booking.psychicName,
    consultationType: booking.consultationType,
    scheduledDate: booking.scheduledDate,
    scheduledTime: booking.scheduledTime,
    startsAt: booking.startsAt,
    durationMinutes: booking.durationMinutes,
    priceCents: booking.priceCents,
    status: booking.status,
    paidAt: booking.paidAt ?? null,
    refundStatus: booking.refundStatus ?? null,
    refundCents: booking.refundCents ?? null,
    cancelReason: booking.cancelReason ?? null,
    state: recordedBookingState(booking.status),
    refund: refundState(booking.refundStatus),
    attention: attentionOf(booking),
    createdAt: booking._creationTime,
  };
}

export const messageRow = v.object({
  id: v.id("contactMessages"),
  name: v.string(),
  email: v.string(),
  userType: accountType,
  category: contactCategory,
  categoryLabel: v.string(),
  subject: v.string(),
  message: v.string(),
  status: contactStatus,
  createdAt: v.number(),
  updatedAt: v.number(),
  // A client's report of a consultation (category `report`): which booking, its psychic, the reason.
  report: v.optional(
    v.union(
      v.null(),
      v.object({ bookingId: v.id("bookings"), psychicProfileId: v.id("psychicProfiles"), reasonLabel: v.string(), consultationType }),
    ),
  ),
  // The admin's answers sent from the inbox (convex/contact.ts), oldest first.
  answers: v.array(v.object({ text: v.string(), answeredAt: v.number(), adminName: v.string() })),
});

export function toMessageRow(message: Doc<"contactMessages">) {
  return {
    id: message._id,
    name: message.name,
    email: message.email,
    userType: message.userType,
    category: message.category,
    categoryLabel: CATEGORY_LABELS[message.category],
    subject: message.subject,
    message: message.message,
    status: message.status,
    createdAt: message._creationTime,
    updatedAt: message.updatedAt,
    report:
      message.reportBookingId !== undefined && message.reportPsychicProfileId !== undefined && message.reportReason !== undefined
        ? {
            bookingId: message.reportBookingId,
            psychicProfileId: message.reportPsychicProfileId,
            reasonLabel: REPORT_REASON_LABELS[message.reportReason],
            // Reports made before chats were always of a call.
            consultationType: message.reportConsultationType ?? ("voice" as const),
          }
        : null,
    answers: (message.answers ?? []).map(({ text, answeredAt, adminName }) => ({ text, answeredAt, adminName })),
  };
}
