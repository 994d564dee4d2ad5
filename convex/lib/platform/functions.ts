// The project's function builders. Feature modules build every function with these, never with
// the raw ones in _generated/server (lint enforces it), so each public function knows its viewer
// and its role check runs before any read of private data or any write, and every mutation, internal
// ones too, writes through the triggers that keep the derived figures (lib/platform/triggers.ts).
import { getAuthSessionId, getAuthUserId } from "@convex-dev/auth/server";
import { customAction, customCtx, customMutation, customQuery } from "convex-helpers/server/customFunctions";
import { makeFunctionReference } from "convex/server";
import type { Id } from "../../_generated/dataModel";
import {
  action as rawAction,
  internalMutation as rawInternalMutation,
  mutation as rawMutation,
  query as rawQuery,
  type ActionCtx,
  type MutationCtx,
  type QueryCtx,
} from "../../_generated/server";
import { isAdminUser } from "./access";
import { fail } from "../../framework/errors";
import { refuseWritesDuringMaintenance } from "./settings";
import { triggers } from "./triggers";
import type { AccountType } from "../../framework/validators";

// Internal functions skip these checks by design: only the server can call them.
export { internalAction, internalQuery } from "../../_generated/server";

/**
 * Internal mutations (webhooks, scheduled jobs, the seed) skip the checks but not the triggers: every
 * write of every mutation goes through them, so the derived figures follow it (lib/platform/triggers.ts).
 */
export const internalMutation = customMutation(rawInternalMutation, customCtx(triggers.wrapDB));

/**
 * The signed-in user, or nulls when signed out. A token whose session is gone (signed out
 * elsewhere, password reset, account deleted) counts as signed out at once, not when the
 * token expires.
 */
async function loadViewer(ctx: QueryCtx) {
  const signedOut = { viewerId: null, viewer: null };
  const userId = await getAuthUserId(ctx);
  const sessionId = await getAuthSessionId(ctx);
  if (userId === null || sessionId === null) return signedOut;
  const session = await ctx.db.get("authSessions", sessionId);
  if (session === null || session.userId !== userId) return signedOut;
  const viewer = await ctx.db.get("users", userId);
  return viewer === null ? signedOut : { viewerId: viewer._id, viewer };
}

async function requireViewer(ctx: QueryCtx) {
  const { viewer } = await loadViewer(ctx);
  if (viewer === null) return fail("NOT_AUTHENTICATED");
  return { viewerId: viewer._id, viewer };
}

async function requireAccountType(ctx: QueryCtx, type: AccountType) {
  const signedIn = await requireViewer(ctx);
  if (signedIn.viewer.accountType !== type) {
    return fail(type === "client" ? "CLIENT_ONLY" : "PSYCHIC_ONLY");
  }
  return signedIn;
}

async function requireAdmin(ctx: QueryCtx) {
  const signedIn = await requireViewer(ctx);
  if (!(await isAdminUser(ctx, signedIn.viewerId))) return fail("FORBIDDEN");
  return signedIn;
}

/**
 * A write's check: the role first, then maintenance mode (which lets only admins write); then the
 * database writer that runs the triggers keeping the derived figures (lib/platform/triggers.ts).
 */
function writer<Signed extends { viewerId: Id<"users"> | null }>(check: (ctx: QueryCtx) => Promise<Signed>) {
  return async (ctx: MutationCtx) => {
    const signedIn = await check(ctx);
    await refuseWritesDuringMaintenance(ctx, signedIn.viewerId);
    return { ...signedIn, db: triggers.wrapDB(ctx).db };
  };
}

/** Anyone, signed in or not: `viewerId` and `viewer` are null for visitors. */
export const query = customQuery(rawQuery, customCtx(loadViewer));
export const mutation = customMutation(rawMutation, customCtx(writer(loadViewer)));

/** Signed-in users of any kind. */
export const authedQuery = customQuery(rawQuery, customCtx(requireViewer));
export const authedMutation = customMutation(rawMutation, customCtx(writer(requireViewer)));

/** Clients only (account type "client"): booking, paying, reviewing. */
export const clientQuery = customQuery(
  rawQuery,
  customCtx((ctx) => requireAccountType(ctx, "client")),
);
export const clientMutation = customMutation(rawMutation, customCtx(writer((ctx) => requireAccountType(ctx, "client"))));

/** Psychics only (account type "psychic"): their profile, schedule and bookings. */
export const psychicQuery = customQuery(
  rawQuery,
  customCtx((ctx) => requireAccountType(ctx, "psychic")),
);
export const psychicMutation = customMutation(rawMutation, customCtx(writer((ctx) => requireAccountType(ctx, "psychic"))));

/** Admins only: admin email domain AND a stored grant, checked on every call. */
export const adminQuery = customQuery(rawQuery, customCtx(requireAdmin));
export const adminMutation = customMutation(rawMutation, customCtx(writer(requireAdmin)));

/** Who an action must be; the internal query `users:checkActionViewer` proves it in a transaction. */
type ActionAudience = "anyone" | "signedIn" | "client" | "psychic" | "admin";

/** The same checks the query and mutation builders run, for a given audience; null is a visitor. */
export async function viewerIdFor(ctx: QueryCtx, audience: ActionAudience): Promise<Id<"users"> | null> {
  return audience === "anyone" ? (await loadViewer(ctx)).viewerId : (await requireAudience(ctx, audience)).viewerId;
}

async function requireAudience(ctx: QueryCtx, audience: Exclude<ActionAudience, "anyone">) {
  switch (audience) {
    case "signedIn":
      return requireViewer(ctx);
    case "client":
      return requireAccountType(ctx, "client");
    case "psychic":
      return requireAccountType(ctx, "psychic");
    case "admin":
      return requireAdmin(ctx);
  }
}

// Named by string, not through `internal`, so this module's types do not depend on the modules
// built with it (a cycle TypeScript cannot infer through).
const checkActionViewer = makeFunctionReference<"query", { audience: ActionAudience }, Id<"users"> | null>("users:checkActionViewer");

/**
 * Actions cannot read the database, so the check runs in one internal query that sees the same
 * identity: the session must still exist (a token outlives sign-out and password resets until it
 * expires), the role must hold, and writes must be open (maintenance mode), exactly as for mutations.
 */
function signedInActionFor(audience: Exclude<ActionAudience, "anyone">) {
  return customAction(
    rawAction,
    customCtx(async (ctx: ActionCtx) => {
      const viewerId = await ctx.runQuery(checkActionViewer, { audience });
      // The query throws for anyone else; this only narrows the type.
      return { viewerId: viewerId ?? fail("NOT_AUTHENTICATED") };
    }),
  );
}

/** Signed-in users of any kind. */
export const authedAction = signedInActionFor("signedIn");
/** Clients only. */
export const clientAction = signedInActionFor("client");
/** Psychics only. */
export const psychicAction = signedInActionFor("psychic");
