// Server-side helpers of sign-up and sign-in, called by the auth provider in convex/auth.ts.
// All internal: no client can call them.
import { v } from "convex/values";
import { Scrypt } from "lucia";
import { appUrl, supportAddress } from "./lib/platform/addresses";
import { requireOriginOfPass } from "./lib/platform/originPasses";
import { accountType } from "./framework/validators";
import { MAX_FAILED_SIGN_INS_PER_HOUR, MAX_SIGN_UP_CODE_ATTEMPTS, SIGN_UP_CODE_MINUTES, signInAttemptsLeft } from "./model/accounts";
import { mailboxOf } from "./model/origins";
import { internalMutation, internalQuery } from "./lib/platform/functions";
import { queueEmail } from "./lib/email/outbox";
import { rateLimit } from "./lib/platform/rateLimits";
import { readSettings } from "./lib/platform/settings";
import { accountCreatedEmail, adminNewAccountEmail, signUpExistingAccountEmail } from "./email/templates";

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

/** Counts a reset-code request against the address's hourly limit (lib/platform/rateLimits.ts). */
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

// ─── Sign-up with a code (docs/product-rules.md, "Accounts") ───

/**
 * Counts a sign-up against its origin's hourly limit and its mailbox's emails (a sign-up sends one, a code or
 * the notice); nothing else is written.
 */
export const countSignUp = internalMutation({
  args: { email: v.string(), originPass: v.optional(v.string()) },
  returns: v.object({ ok: v.boolean() }),
  handler: async (ctx, { email, originPass }) => {
    const origin = await requireOriginOfPass(ctx, originPass);
    if (origin !== null && !(await rateLimit(ctx, { name: "signUpByOrigin", key: origin })).ok) return { ok: false };
    return { ok: (await rateLimit(ctx, { name: "signUpCodesByEmail", key: mailboxOf(email) })).ok };
  },
});

/**
 * A sign-up the server accepted: a new address gets a code (the account is created when it comes
 * back); an address with an account gets a notice instead, and the page answers the same either way.
 */
export const startSignUp = internalMutation({
  args: {
    email: v.string(),
    name: v.string(),
    accountType,
    passwordHash: v.string(),
    codeHash: v.string(),
    emailContent: v.object({ subject: v.string(), html: v.string(), text: v.string() }),
  },
  returns: v.null(),
  handler: async (ctx, { email, emailContent, ...signUp }) => {
    if ((await passwordAccount(ctx, email)) !== null) {
      await queueEmail(ctx, { to: email, kind: "sign_up_existing_account", ...signUpExistingAccountEmail({ siteUrl: appUrl() }) });
      return null;
    }
    // A new sign-up for the same address replaces the one waiting: only the latest code works.
    const waiting = await ctx.db
      .query("pendingSignUps")
      .withIndex("by_email", (q) => q.eq("email", email))
      .collect();
    for (const row of waiting) await ctx.db.delete("pendingSignUps", row._id);
    const now = Date.now();
    await ctx.db.insert("pendingSignUps", {
      email,
      ...signUp,
      consentGivenAt: now,
      expiresAt: now + SIGN_UP_CODE_MINUTES * 60_000,
      failedAttempts: 0,
    });
    await queueEmail(ctx, { to: email, kind: "sign_up_code", ...emailContent });
    return null;
  },
});

/**
 * 'Invia un nuovo codice': the pending sign-up takes a new code, valid in full again, with a fresh count of
 * wrong codes; the email counts against the mailbox's hourly emails (the resend is what the cap is for). An
 * address with no sign-up waiting gets nothing, and the answer is the same.
 */
export const resendSignUpCode = internalMutation({
  args: { email: v.string(), codeHash: v.string(), emailContent: v.object({ subject: v.string(), html: v.string(), text: v.string() }) },
  returns: v.object({ ok: v.boolean() }),
  handler: async (ctx, { email, codeHash, emailContent }) => {
    if (!(await rateLimit(ctx, { name: "signUpCodesByEmail", key: mailboxOf(email) })).ok) return { ok: false };
    const pending = await ctx.db
      .query("pendingSignUps")
      .withIndex("by_email", (q) => q.eq("email", email))
      .first();
    if (pending === null) return { ok: true };
    await ctx.db.patch("pendingSignUps", pending._id, { codeHash, expiresAt: Date.now() + SIGN_UP_CODE_MINUTES * 60_000, failedAttempts: 0 });
    await queueEmail(ctx, { to: email, kind: "sign_up_code", ...emailContent });
    return { ok: true };
  },
});

const pendingSignUpTaken = v.union(
  v.object({ ok: v.literal(false) }),
  v.object({ ok: v.literal(true), name: v.string(), accountType, passwordHash: v.string(), consentGivenAt: v.number() }),
);

/** The pending sign-up the code proves, taken (deleted); a wrong code counts, and the fifth ends it. */
export const takePendingSignUp = internalMutation({
  args: { email: v.string(), codeHash: v.string() },
  returns: pendingSignUpTaken,
  handler: async (ctx, { email, codeHash }) => {
    const pending = await ctx.db
      .query("pendingSignUps")
      .withIndex("by_email", (q) => q.eq("email", email))
      .first();
    if (pending === null || pending.expiresAt <= Date.now()) return { ok: false as const };
    if (pending.codeHash !== codeHash) {
      if (pending.failedAttempts + 1 >= MAX_SIGN_UP_CODE_ATTEMPTS) await ctx.db.delete("pendingSignUps", pending._id);
      else await ctx.db.patch("pendingSignUps", pending._id, { failedAttempts: pending.failedAttempts + 1 });
      return { ok: false as const };
    }
    await ctx.db.delete("pendingSignUps", pending._id);
    if ((await passwordAccount(ctx, email)) !== null) return { ok: false as const };
    const { name, accountType, passwordHash, consentGivenAt } = pending;
    return { ok: true as const, name, accountType, passwordHash, consentGivenAt };
  },
});

/** The new account's password, hashed when it was typed (the account is created without one). */
export const setPasswordHash = internalMutation({
  args: { email: v.string(), passwordHash: v.string() },
  returns: v.null(),
  handler: async (ctx, { email, passwordHash }) => {
    const account = await passwordAccount(ctx, email);
    if (account !== null) await ctx.db.patch("authAccounts", account._id, { secret: passwordHash });
    return null;
  },
});

// A hash of a random password nobody knows: checking against it costs what checking a real one costs.
const UNKNOWN_ACCOUNT_HASH =
  "0e2e499d668da418b76d0006a9a43668:0271b33df2b8d12d7c46b0271fd9cc2947f7a1849e54c53fe52b6db353ebc2541ad285405070afd8b41ef6e2b1069799dd9af836a99048be6cf7c277fb5b35aa";

/**
 * A sign-in for an address without an account answers as a wrong password does, in as much time and
 * with the same lockout after five failures in the hour: the answer never tells whether the account exists.
 */
export const failUnknownSignIn = internalMutation({
  args: { email: v.string(), password: v.string() },
  returns: v.union(v.literal("InvalidSecret"), v.literal("TooManyFailedAttempts")),
  handler: async (ctx, { email, password }) => {
    const identifier = `unknown-account:${email}`;
    const state = await ctx.db
      .query("authRateLimits")
      .withIndex("identifier", (q) => q.eq("identifier", identifier))
      .unique();
    const now = Date.now();
    const left = signInAttemptsLeft(state, now, MAX_FAILED_SIGN_INS_PER_HOUR);
    if (left < 1) return "TooManyFailedAttempts";
    await new Scrypt().verify(UNKNOWN_ACCOUNT_HASH, password);
    if (state === null) {
      await ctx.db.insert("authRateLimits", { identifier, attemptsLeft: MAX_FAILED_SIGN_INS_PER_HOUR - 1, lastAttemptTime: now });
    } else {
      await ctx.db.patch("authRateLimits", state._id, { attemptsLeft: left - 1, lastAttemptTime: now });
    }
    return "InvalidSecret";
  },
});

/** A reset code came back from the mailbox: the address is proven. */
export const markEmailVerified = internalMutation({
  args: { userId: v.id("users") },
  returns: v.null(),
  handler: async (ctx, { userId }) => {
    const user = await ctx.db.get("users", userId);
    if (user !== null && user.emailVerificationTime === undefined) await ctx.db.patch("users", userId, { emailVerificationTime: Date.now() });
    return null;
  },
});
