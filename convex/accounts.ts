// Server-side helpers of sign-up and sign-in, called by the auth provider in convex/auth.ts.
// All internal: no client can call them.
import { v } from "convex/values";
import { appUrl, supportAddress } from "./lib/addresses";
import { internalMutation, internalQuery } from "./lib/functions";
import { queueEmail } from "./lib/outbox";
import { rateLimit } from "./lib/rateLimits";
import { readSettings } from "./lib/settings";
import { accountCreatedEmail, adminNewAccountEmail } from "./email/templates";

async function passwordAccount(ctx: Parameters<typeof readSettings>[0], email: string) {
  return ctx.db
    .query("authAccounts")
    .withIndex("providerAndAccountId", (q) => q.eq("provider", "password").eq("providerAccountId", email))
    .unique();
}

export const isEmailTaken = internalQuery({
  args: { email: v.string() },
  returns: v.boolean(),
  handler: async (ctx, { email }) => (await passwordAccount(ctx, email)) !== null,
});

export const registrationSettings = internalQuery({
  args: {},
  handler: async (ctx) => readSettings(ctx),
});

/** Counts a reset-code request against the address's hourly limit (lib/rateLimits.ts). */
export const countResetRequest = internalMutation({
  args: { email: v.string() },
  returns: v.object({ ok: v.boolean() }),
  handler: async (ctx, { email }) => {
    const { ok } = await rateLimit(ctx, { name: "passwordResetByEmail", key: email });
    return { ok };
  },
});

export const queueResetCode = internalMutation({
  args: { email: v.string(), subject: v.string(), html: v.string(), text: v.string() },
  returns: v.null(),
  handler: async (ctx, { email, ...content }) => {
    await queueEmail(ctx, { ...content, to: email, kind: "password_reset" });
    return null;
  },
});

/** A new account: a welcome to the person and a notification to the team. */
export const welcome = internalMutation({
  args: { userId: v.id("users") },
  returns: v.null(),
  handler: async (ctx, { userId }) => {
    const user = await ctx.db.get("users", userId);
    if (user === null || user.email === undefined || user.accountType === undefined) return null;
    const fullName = user.name ?? user.email;
    await queueEmail(ctx, {
      to: user.email,
      kind: "account_created",
      relatedId: userId,
      ...accountCreatedEmail({ fullName, accountType: user.accountType, siteUrl: appUrl() }),
    });
    await queueEmail(ctx, {
      to: supportAddress(),
      kind: "account_created",
      relatedId: userId,
      ...adminNewAccountEmail({ fullName, email: user.email, accountType: user.accountType }),
    });
    return null;
  },
});
