// Emails about a booking to its two parties, rendered for each and queued in the same transaction as
// the change they tell of (lib/email/outbox.ts sends them).
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { DELETED_ACCOUNT_NAME } from "../../model/accounts";
import type { BookingFacts, EmailAttachment } from "../../email/bookingEmails";
import type { RenderedEmail } from "../../email/templates";
import { queueEmail } from "./outbox";
import { appUrl } from "../platform/addresses";
import type { EmailKind } from "../../framework/validators";

export type Audience = "client" | "psychic";

/** Where a client books this psychic again (docs/product-rules.md, "Payments and refunds": the psychic's profile id, never the booking's). */
export function rebookUrl(booking: Pick<Doc<"bookings">, "psychicProfileId">): string {
  return `${appUrl()}/psychics/${booking.psychicProfileId}/book`;
}

/** Everything an email about a booking says; the invitation's SEQUENCE is the number of moves. */
export async function bookingFacts(ctx: QueryCtx, booking: Doc<"bookings">): Promise<BookingFacts> {
  const client = await ctx.db.get("users", booking.clientId);
  return {
    bookingId: booking._id,
    psychicName: booking.psychicName,
    clientName: client?.name ?? DELETED_ACCOUNT_NAME,
    scheduledDate: booking.scheduledDate,
    scheduledTime: booking.scheduledTime,
    startsAt: booking.startsAt,
    endsAt: booking.endsAt,
    durationMinutes: booking.durationMinutes,
    consultationType: booking.consultationType,
    priceCents: booking.priceCents,
    siteUrl: appUrl(),
    sequence: booking.rescheduleCount ?? 0,
    ...(booking.checkoutConsent ? { checkoutConsent: booking.checkoutConsent } : {}),
  };
}

/**
 * Queues one email to each party that still has an address, rendered for each (`render` may return
 * null to skip one). `only` limits it to one party, `except` leaves one out; `facts`, when the caller
 * already has them (for an attachment), are not read again.
 */
export async function emailParties(
  ctx: MutationCtx,
  booking: Doc<"bookings">,
  kind: EmailKind,
  render: (facts: BookingFacts, audience: Audience) => RenderedEmail | null,
  { attachments, only, except, facts: known }: { attachments?: EmailAttachment[]; only?: Audience; except?: Audience; facts?: BookingFacts } = {},
) {
  const facts = known ?? (await bookingFacts(ctx, booking));
  const parties: Array<[Audience, Id<"users">]> = [
    ["client", booking.clientId],
    ["psychic", booking.psychicUserId],
  ];
  for (const [audience, userId] of parties) {
    if ((only !== undefined && only !== audience) || except === audience) continue;
    const user = await ctx.db.get("users", userId);
    const email = render(facts, audience);
    if (user?.email && email !== null) await queueEmail(ctx, { to: user.email, kind, relatedId: booking._id, attachments, ...email });
  }
}
