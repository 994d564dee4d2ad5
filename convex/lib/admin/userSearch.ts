// The admin's user search keys (model/admin.ts, searchKeysOf) follow each account: the accounts' trigger
// (lib/platform/triggers.ts) rewrites them whenever the name or the email changes, and drops them with the account.
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { searchKeysOf } from "../../model/admin";

/** Makes the stored keys of one account those of `user` (null: the account is gone); answers whether any changed. */
export async function syncSearchKeys(ctx: MutationCtx, userId: Id<"users">, user: Doc<"users"> | null): Promise<boolean> {
  const wanted = new Set(user === null ? [] : searchKeysOf(user));
  const stored = await ctx.db
    .query("userSearchKeys")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .collect();
  let changed = false;
  for (const row of stored) {
    if (wanted.delete(row.key)) continue;
    await ctx.db.delete("userSearchKeys", row._id);
    changed = true;
  }
  for (const key of wanted) {
    await ctx.db.insert("userSearchKeys", { userId, key });
    changed = true;
  }
  return changed;
}

/** Whether a write to an account changes what it is found by. */
export function searchKeysChanged(oldDoc: Doc<"users"> | null, newDoc: Doc<"users"> | null): boolean {
  return oldDoc?.name !== newDoc?.name || oldDoc?.email !== newDoc?.email || (oldDoc === null) !== (newDoc === null);
}
