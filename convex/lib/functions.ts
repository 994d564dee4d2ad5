// The project's function builders. Feature modules build every function with these, never with
// the raw ones in _generated/server (lint enforces it), so each public function knows its viewer
// and its role check runs before any read of private data or any write.
import { getAuthSessionId, getAuthUserId } from "@convex-dev/auth/server";
import {
  customAction,
  customCtx,
  customMutation,
  customQuery,
} from "convex-helpers/server/customFunctions";
import type { Doc } from "../_generated/dataModel";
import {
  action as rawAction,
  mutation as rawMutation,
  query as rawQuery,
  type ActionCtx,
  type QueryCtx,
} from "../_generated/server";
import { isAdminUser } from "./access";
import { fail } from "./errors";
import type { AccountType } from "./validators";

// Internal functions skip these checks by design: only the server can call them.
export {
  internalAction,
  internalMutation,
  internalQuery,
} from "../_generated/server";

/**
 * The signed-in user, or nulls when signed out. A token whose session is gone (signed out
 * elsewhere, password reset, account deleted) counts as signed out at once, not when the
 * token expires.
 */
export async function loadViewer(ctx: QueryCtx) {
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

export type Viewer = Doc<"users">;

/** Anyone, signed in or not: `viewerId` and `viewer` are null for visitors. */
export const query = customQuery(rawQuery, customCtx(loadViewer));
export const mutation = customMutation(rawMutation, customCtx(loadViewer));

/** Signed-in users of any kind. */
export const authedQuery = customQuery(rawQuery, customCtx(requireViewer));
export const authedMutation = customMutation(
  rawMutation,
  customCtx(requireViewer),
);

/** Clients only (account type "client"): booking, paying, reviewing. */
export const clientQuery = customQuery(
  rawQuery,
  customCtx((ctx) => requireAccountType(ctx, "client")),
);
export const clientMutation = customMutation(
  rawMutation,
  customCtx((ctx) => requireAccountType(ctx, "client")),
);

/** Readers only (account type "psychic"): their profile, schedule and bookings. */
export const psychicQuery = customQuery(
  rawQuery,
  customCtx((ctx) => requireAccountType(ctx, "psychic")),
);
export const psychicMutation = customMutation(
  rawMutation,
  customCtx((ctx) => requireAccountType(ctx, "psychic")),
);

/** Admins only: admin email domain AND a stored grant, checked on every call. */
export const adminQuery = customQuery(rawQuery, customCtx(requireAdmin));
export const adminMutation = customMutation(
  rawMutation,
  customCtx(requireAdmin),
);

/**
 * Actions cannot read the database, so they get the id from the token only. An action that
 * needs the user's row or role asks an internal query, which re-checks it in a transaction.
 */
async function loadActionViewerId(ctx: ActionCtx) {
  return { viewerId: await getAuthUserId(ctx) };
}

export const action = customAction(rawAction, customCtx(loadActionViewerId));
export const authedAction = customAction(
  rawAction,
  customCtx(async (ctx: ActionCtx) => {
    const { viewerId } = await loadActionViewerId(ctx);
    if (viewerId === null) return fail("NOT_AUTHENTICATED");
    return { viewerId };
  }),
);
