// The signed-in person: who they are, their name, their password, and deleting the account.
import { createAccount, getAuthSessionId, invalidateSessions, modifyAccountCredentials, retrieveAccount } from "@convex-dev/auth/server";
import { literals } from "convex-helpers/validators";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { fail } from "./framework/errors";
import { authedAction, authedMutation, internalAction, internalMutation, internalQuery, query, viewerIdFor } from "./lib/platform/functions";
import { PASSWORD_PROVIDER } from "./lib/accounts/passwordProvider";
import { refuseWritesDuringMaintenance } from "./lib/platform/settings";
import { isAdminEmail, isAdminUser } from "./lib/platform/access";
import { accountType } from "./framework/validators";
import { MAX_FULL_NAME_LENGTH, MAX_PASSWORD_LENGTH, normaliseEmail, passwordProblem } from "./model/accounts";
import { deleteAccountData } from "./lib/accounts/accountDeletion";
import { historyLists, scrubHistoryPart } from "./lib/accounts/deletedHistory";
import { syncSearchKeys } from "./lib/admin/userSearch";

/** Accounts one run of backfillSearchKeys goes through (each reads and writes a handful of keys). */
const SEARCH_KEYS_BATCH = 200;

/** The header, redirects and settings pages read this; null when signed out. */
export const viewer = query({
  args: {},
  returns: v.union(
    v.null(),
    v.object({
      id: v.id("users"),
      fullName: v.union(v.string(), v.null()),
      email: v.union(v.string(), v.null()),
      accountType: v.union(accountType, v.null()),
      memberSince: v.number(),
      isAdmin: v.boolean(),
    }),
  ),
  handler: async (ctx) => {
    const { viewer } = ctx;
    if (viewer === null) return null;
    return {
      id: viewer._id,
      fullName: viewer.name ?? null,
      email: viewer.email ?? null,
      accountType: viewer.accountType ?? null,
      memberSince: viewer._creationTime,
      isAdmin: await isAdminUser(ctx, viewer._id),
    };
  },
});

/** The server's word on admin access: admin domain AND a stored grant. */
export const isAdmin = query({
  args: {},
  returns: v.boolean(),
  handler: async (ctx) => (ctx.viewerId === null ? false : isAdminUser(ctx, ctx.viewerId)),
});

export const updateFullName = authedMutation({
  args: { fullName: v.string() },
  returns: v.null(),
  handler: async (ctx, { fullName }) => {
    const name = fullName.trim().replace(/\s+/g, " ");
    if (name.length === 0 || name.length > MAX_FULL_NAME_LENGTH) fail("INVALID_INPUT", { field: "fullName" });
    await ctx.db.patch("users", ctx.viewerId, { name });
    return null;
  },
});

/**
 * Proves an action's caller in one transaction (lib/platform/functions.ts): the session exists, the audience
 * holds, and writes are open (maintenance mode lets only admins through).
 */
export const checkActionViewer = internalQuery({
  args: { audience: literals("anyone", "signedIn", "client", "psychic", "admin") },
  returns: v.union(v.id("users"), v.null()),
  handler: async (ctx, { audience }) => {
    const viewerId = await viewerIdFor(ctx, audience);
    await refuseWritesDuringMaintenance(ctx, viewerId);
    return viewerId;
  },
});

export const getEmailForPasswordChange = internalQuery({
  args: { userId: v.id("users") },
  returns: v.union(v.string(), v.null()),
  handler: async (ctx, { userId }) => (await ctx.db.get("users", userId))?.email ?? null,
});

/**
 * A signed-in person sets a new password after proving the current one (a stolen session alone
 * cannot take the account over). Every other session is signed out, as after a reset.
 */
export const changePassword = authedAction({
  args: { currentPassword: v.string(), newPassword: v.string() },
  returns: v.null(),
  handler: async (ctx, { currentPassword, newPassword }) => {
    const problem = passwordProblem(newPassword);
    if (problem !== null) return fail(problem);
    if (currentPassword.length > MAX_PASSWORD_LENGTH) return fail("WRONG_CURRENT_PASSWORD");
    const email = await ctx.runQuery(internal.users.getEmailForPasswordChange, { userId: ctx.viewerId });
    if (email === null) return fail("NOT_FOUND");
    try {
      // Checks the secret and counts a wrong one towards the account's sign-in lockout.
      const { account } = await retrieveAccount(ctx, {
        provider: PASSWORD_PROVIDER,
        account: { id: email, secret: currentPassword },
      });
      if (account.userId !== ctx.viewerId) return fail("FORBIDDEN");
    } catch (error) {
      const reason = error instanceof Error ? error.message : "";
      if (reason === "TooManyFailedAttempts") return fail("TOO_MANY_ATTEMPTS");
      if (reason === "InvalidSecret" || reason === "InvalidAccountId") return fail("WRONG_CURRENT_PASSWORD");
      throw error;
    }
    await modifyAccountCredentials(ctx, { provider: PASSWORD_PROVIDER, account: { id: email, secret: newPassword } });
    const sessionId = await getAuthSessionId(ctx);
    await invalidateSessions(ctx, { userId: ctx.viewerId, except: sessionId ? [sessionId] : [] });
    return null;
  },
});

/**
 * Deletes the person's account and personal data in one transaction (docs/product-rules.md): sessions,
 * credentials, psychic profile, settings; past bookings and reviews stay for accounting under
 * "Account eliminato". The client signs out afterwards.
 */
export const deleteMyAccount = authedMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    await deleteAccountData(ctx, ctx.viewerId);
    return null;
  },
});

/** A part of a deleted account's long history (lib/accounts/deletedHistory.ts), scheduled by the deletion and by itself. */
export const scrubDeletedHistory = internalMutation({
  args: {
    userId: v.id("users"),
    profileId: v.union(v.id("psychicProfiles"), v.null()),
    email: v.union(v.string(), v.null()),
    emailsUpTo: v.number(),
    list: literals(...historyLists),
    cursor: v.union(v.string(), v.null()),
  },
  returns: v.null(),
  handler: async (ctx, { list, cursor, ...owner }) => {
    await scrubHistoryPart(ctx, owner, list, cursor);
    return null;
  },
});

/** `npx convex run users:grantAdmin '{"email":"nome@arcano.it"}'` — the only way to make an admin. */
export const grantAdmin = internalMutation({
  args: { email: v.string(), grantedBy: v.optional(v.string()) },
  returns: v.id("adminGrants"),
  handler: async (ctx, { email, grantedBy }) => {
    const user = await ctx.db
      .query("users")
      .withIndex("email", (q) => q.eq("email", email.trim().toLowerCase()))
      .unique();
    if (user === null) return fail("NOT_FOUND");
    const existing = await ctx.db
      .query("adminGrants")
      .withIndex("by_userId", (q) => q.eq("userId", user._id))
      .unique();
    if (existing !== null) return existing._id;
    return ctx.db.insert("adminGrants", { userId: user._id, grantedAt: Date.now(), grantedBy: grantedBy ?? "cli" });
  },
});

/**
 * Sign-up is closed to admin addresses, so the first administrator of a deployment is made here:
 * `npx convex run users:createAdminAccount '{"email":"nome@arcano.it","password":"…","fullName":"…"}'`.
 */
export const createAdminAccount = internalAction({
  args: { email: v.string(), password: v.string(), fullName: v.string() },
  returns: v.id("users"),
  handler: async (ctx, args) => {
    const email = normaliseEmail(args.email);
    if (email === null || !isAdminEmail(email)) return fail("INVALID_ADMIN_EMAIL");
    const problem = passwordProblem(args.password);
    if (problem !== null) return fail(problem);
    const { user } = await createAccount(ctx, {
      provider: PASSWORD_PROVIDER,
      account: { id: email, secret: args.password },
      profile: { email, name: args.fullName.trim(), emailVerificationTime: Date.now() },
    });
    await ctx.runMutation(internal.users.grantAdmin, { email, grantedBy: "cli" });
    return user._id;
  },
});

/**
 * Writes the admin's user search keys (lib/admin/userSearch.ts) of accounts made before the keys existed, a
 * batch at a time, each batch scheduling the next: `npx convex run users:backfillSearchKeys` once after
 * deploying them. Running it again changes nothing; the answer says how many accounts of the batch changed.
 */
export const backfillSearchKeys = internalMutation({
  args: { cursor: v.optional(v.union(v.string(), v.null())) },
  returns: v.object({ accounts: v.number(), changed: v.number(), isDone: v.boolean() }),
  handler: async (ctx, { cursor }) => {
    const result = await ctx.db.query("users").paginate({ cursor: cursor ?? null, numItems: SEARCH_KEYS_BATCH });
    let changed = 0;
    for (const user of result.page) if (await syncSearchKeys(ctx, user._id, user)) changed++;
    if (!result.isDone) await ctx.scheduler.runAfter(0, internal.users.backfillSearchKeys, { cursor: result.continueCursor });
    return { accounts: result.page.length, changed, isDone: result.isDone };
  },
});
