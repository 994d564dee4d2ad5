// 'Segnala': a client reports one of their consultations that has started or ended (a reason and a
// text). The report lands in the admin's contact inbox as its own category, linked to the booking
// and its psychic, unread, and the support address is notified as for any contact message.
import { v } from "convex/values";
import { supportAddress } from "./lib/platform/addresses";
import { bookingAsClientX } from "./lib/platform/access";
import { fail } from "./framework/errors";
import { clientMutation, clientQuery } from "./lib/platform/functions";
import { queueEmail } from "./lib/email/outbox";
import { reportReason } from "./framework/validators";
import { contactNotificationEmail } from "./email/contactEmails";
import { cleanReportText, isReportable, reportSubject } from "./model/consultationReports";

/** More messages and reports than one client sends; the dashboard marks the reported consultations. */
const MAX_MESSAGES_READ = 1000;

/**
 * The client reports a consultation of theirs, once. Someone else's booking is refused (FORBIDDEN),
 * one that has not started or never took place too (REPORT_NOT_ALLOWED), a second report of it as
 * well (ALREADY_REPORTED); a text under 20 or over 2 000 characters is INVALID_INPUT. A refusal
 * writes nothing.
 */
export const reportMine = clientMutation({
  args: { bookingId: v.string(), reason: reportReason, text: v.string() },
  returns: v.id("contactMessages"),
  handler: async (ctx, { bookingId, reason, text }) => {
    const booking = await bookingAsClientX(ctx, ctx.viewerId, bookingId);
    const message = cleanReportText(text);
    if (message === null) return fail("INVALID_INPUT", { field: "text" });
    if (!isReportable(booking, Date.now())) return fail("REPORT_NOT_ALLOWED");
    const earlier = await ctx.db
      .query("contactMessages")
      .withIndex("by_reportBookingId", (q) => q.eq("reportBookingId", booking._id))
      .first();
    if (earlier !== null) return fail("ALREADY_REPORTED");

    const facts = {
      name: ctx.viewer.name ?? "",
      email: ctx.viewer.email ?? "",
      userType: "client" as const,
      category: "report" as const,
      subject: reportSubject(reason, booking),
      message,
    };
    const id = await ctx.db.insert("contactMessages", {
      ...facts,
      status: "unread",
      updatedAt: Date.now(),
      userId: ctx.viewerId,
      reportBookingId: booking._id,
      reportPsychicProfileId: booking.psychicProfileId,
      reportReason: reason,
      reportConsultationType: booking.consultationType,
    });
    try {
      await queueEmail(ctx, { to: supportAddress(), kind: "contact_message", relatedId: id, ...contactNotificationEmail(facts) });
    } catch (error) {
      // The report is saved and shows in the admin inbox; the notification is a courtesy.
      console.error(`Notifica della segnalazione ${id} non accodata:`, error instanceof Error ? error.message : error);
    }
    return id;
  },
});

/** The bookings the client has reported, so the dashboard shows them as reported instead of offering 'Segnala'. */
export const listMineReported = clientQuery({
  args: {},
  returns: v.array(v.id("bookings")),
  handler: async (ctx) => {
    // The client's reports only (one per booking), never their other messages.
    const messages = await ctx.db
      .query("contactMessages")
      .withIndex("by_userId_category", (q) => q.eq("userId", ctx.viewerId).eq("category", "report"))
      .order("desc")
      .take(MAX_MESSAGES_READ);
    return messages.flatMap((report) => (report.reportBookingId === undefined ? [] : [report.reportBookingId]));
  },
});
