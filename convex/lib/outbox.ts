// Putting an email in the outbox. The send happens in a scheduled action after the caller's
// transaction commits, so a failing provider never breaks the person's action and a rolled-back
// action never sends anything.
import { internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import type { EmailAttachment } from "../email/bookingEmails";
import type { RenderedEmail } from "../email/templates";
import type { EmailKind } from "./validators";

export async function queueEmail(
  ctx: MutationCtx,
  email: RenderedEmail & { to: string; kind: EmailKind; relatedId?: string; attachments?: EmailAttachment[] },
): Promise<Id<"emailOutbox">> {
  const id = await ctx.db.insert("emailOutbox", { ...email, status: "queued", attempts: 0 });
  await ctx.scheduler.runAfter(0, internal.emails.send, { id });
  return id;
}
