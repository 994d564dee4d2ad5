// Who may do what, as plain helpers shared by the function builders and by any module that
// needs the same answer (for example, to show or hide the admin link).
import type { Id } from "../_generated/dataModel";
import { env, type QueryCtx } from "../_generated/server";

/**
 * Used when ADMIN_EMAIL_DOMAIN is unset. The brand's own domain, so a fresh local run has a
 * working admin login; the domain alone never grants anything, an `adminGrants` row is also needed.
 */
export const DEFAULT_ADMIN_EMAIL_DOMAIN = "@arcano.it";

/** The admin mail domain as "@example.it", lower-case; "example.it" in the env is accepted too. */
export function adminEmailDomain(): string {
  const configured = env.ADMIN_EMAIL_DOMAIN?.trim().toLowerCase();
  if (!configured) return DEFAULT_ADMIN_EMAIL_DOMAIN;
  return configured.startsWith("@") ? configured : `@${configured}`;
}

export function isAdminEmail(email: string | undefined): boolean {
  return (
    email !== undefined &&
    email.trim().toLowerCase().endsWith(adminEmailDomain())
  );
}

/** Admin = an email on the admin domain AND a grant stored on the server (DECISIONS.md). */
export async function isAdminUser(
  ctx: QueryCtx,
  userId: Id<"users">,
): Promise<boolean> {
  const user = await ctx.db.get("users", userId);
  if (user === null || !isAdminEmail(user.email)) return false;
  const grant = await ctx.db
    .query("adminGrants")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .first();
  return grant !== null;
}
