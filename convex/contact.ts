// The contact form (docs/product-rules.md, "Contact and admin"): anyone may write to the team; a
// signed-in person's message is linked to their account. Submissions are limited per address and
// per account; the support team is notified through the outbox, whose failure never loses a message.
import { v } from "convex/values";
import { appUrl, supportAddress } from "./lib/platform/addresses";
import { fail } from "./framework/errors";
import { adminMutation, mutation } from "./lib/platform/functions";
import { queueEmail } from "./lib/email/outbox";
import { requireOriginOfPass } from "./lib/platform/originPasses";
import { rateLimit } from "./lib/platform/rateLimits";
import { accountType, contactCategory } from "./framework/validators";
import { normaliseEmail } from "./model/accounts";
import { contactAnswerEmail, contactNotificationEmail, contactReceivedEmail } from "./email/contactEmails";
import { canMoveMessage, cleanText, CONTACT_LIMITS, MAX_ANSWERS_PER_MESSAGE } from "./model/contact";
import { mailboxOf } from "./model/origins";

export const send = mutation({
  args: {
    name: v.string(),
    email: v.string(),
    userType: accountType,
    // No default on the form; a message sent without one is stored as `general`.
    category: v.optional(contactCategory),
    subject: v.string(),
    message: v.string(),
    // From the HTTP action /origin-pass: the network origin the hourly limit counts under.
    originPass: v.optional(v.string()),
  },
  returns: v.id("contactMessages"),
  handler: async (ctx, args) => {
    const name = cleanText(args.name, CONTACT_LIMITS.name)?.replace(/\s+/g, " ");
    if (!name) return fail("INVALID_INPUT", { field: "name" });
    const email = normaliseEmail(args.email);
    if (email === null) return fail("INVALID_INPUT", { field: "email" });
    const subject = cleanText(args.subject, CONTACT_LIMITS.subject);
    if (subject === null) return fail("INVALID_INPUT", { field: "subject" });
    const message = cleanText(args.message, CONTACT_LIMITS.message);
    if (message === null) return fail("INVALID_INPUT", { field: "message" });
    // A report belongs to a consultation and is made from it (convex/consultationReports.ts).
    if (args.category === "report") return fail("INVALID_INPUT", { field: "category" });

    // Every limit counts in this transaction: a refused message writes nothing at all. The address
    // counts as the mailbox it reaches (a+1@x is a@x), and the network origin counts whatever is typed.
    if (ctx.viewerId !== null && !(await rateLimit(ctx, { name: "contactByUser", key: ctx.viewerId })).ok) {
      return fail("RATE_LIMITED");
    }
    const origin = await requireOriginOfPass(ctx, args.originPass);
    if (origin !== null && !(await rateLimit(ctx, { name: "contactByOrigin", key: origin })).ok) return fail("RATE_LIMITED");
    if (!(await rateLimit(ctx, { name: "contactByEmail", key: mailboxOf(email) })).ok) return fail("RATE_LIMITED");

    const facts = { name, email, userType: args.userType, category: args.category ?? "general", subject, message };
    const id = await ctx.db.insert("contactMessages", {
      ...facts,
      status: "unread",
      updatedAt: Date.now(),
      ...(ctx.viewerId !== null ? { userId: ctx.viewerId } : {}),
    });
    try {
      await queueEmail(ctx, { to: supportAddress(), kind: "contact_message", relatedId: id, ...contactNotificationEmail(facts) });
      // The sender hears that the message arrived (counted by the same limits as the message itself).
      await queueEmail(ctx, { to: email, kind: "contact_received", relatedId: id, ...contactReceivedEmail({ category: facts.category, siteUrl: appUrl() }) });
    } catch (error) {
      // The message is saved and shows in the admin inbox; the emails are a courtesy.
      console.error(`Email del messaggio ${id} non accodate:`, error instanceof Error ? error.message : error);
    }
    return id;
  },
});

/**
 * The admin's answer from the inbox: emailed to the sender under their subject and kept with the message
 * (who answered, when, the text), which becomes replied. The form's request id makes a double submit (or a
 * retry after a lost connection) one answer and one email.
 */
export const answer = adminMutation({
  args: { messageId: v.id("contactMessages"), text: v.string(), requestId: v.string() },
  returns: v.null(),
  handler: async (ctx, { messageId, requestId, ...args }) => {
    const message = (await ctx.db.get("contactMessages", messageId)) ?? fail("NOT_FOUND");
    const answers = message.answers ?? [];
    if (answers.some((answer) => answer.requestId === requestId)) return null;
    const text = cleanText(args.text, CONTACT_LIMITS.answer);
    if (text === null) return fail("INVALID_INPUT", { field: "text" });
    if (requestId.length === 0 || requestId.length > 100) return fail("INVALID_INPUT", { field: "requestId" });
    if (answers.length >= MAX_ANSWERS_PER_MESSAGE) return fail("INVALID_STATE");
    const now = Date.now();
    const adminName = ctx.viewer.name ?? ctx.viewer.email ?? "Admin";
    await ctx.db.patch("contactMessages", messageId, {
      answers: [...answers, { text, answeredAt: now, adminId: ctx.viewerId, adminName, requestId }],
      updatedAt: now,
      ...(canMoveMessage(message.status, "replied") ? { status: "replied" as const } : {}),
    });
    await queueEmail(ctx, { to: message.email, kind: "contact_answer", relatedId: messageId, ...contactAnswerEmail({ subject: message.subject, answer: text }) });
    return null;
  },
});
