// The client's booking emails state this booking's own refund terms (docs/product-rules.md, "Payments and
// refunds"): its deadlines and amounts as they stand when the email is written, never the general
// "fino a 24 ore prima con rimborso completo", which would promise a full refund to a booking ~23 h ahead.
import { describe, expect, it, vi } from "vitest";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import type { EmailKind } from "../../../convex/framework/validators";
import { romeToUtcMs } from "../../../convex/framework/time";
import { formatCents } from "../../../convex/model/format";
import { addDays } from "../../../convex/model/nextAvailability";
import { formatDeadline } from "../../../convex/model/refundTerms";
import { signedEvent } from "../fixtures/stripeStandIn";
import { emails, worldOpenMondayMornings, type World } from "../fixtures/world";
import { setupTest, stripe, useStripeStandIn } from "../setup";

useStripeStandIn();

const HOUR = 3_600_000;

const clientMail = (w: World, kind: EmailKind, to: string) =>
  w.t.run(async (ctx) => (await ctx.db.query("emailOutbox").collect()).filter((email) => email.kind === kind && email.to === to));

/** clientB pays for psychicA's `date` at `time`, confirmed by the signed webhook; the booking row. */
async function paidBooking(w: World, date: string, time: string) {
  const { bookingId } = await w.as.clientB.action(api.payments.startCheckout, {
    psychicProfileId: w.profileA,
    durationMinutes: 30,
    date,
    time,
    consent: true,
  });
  const { body, header } = await signedEvent("checkout.session.completed", await stripe().pay((await stripe().lastSession()).id));
  await w.t.fetch("/stripe/webhook", { method: "POST", body, headers: { "stripe-signature": header } });
  return (await w.t.run((ctx) => ctx.db.get("bookings", bookingId as Id<"bookings">)))!;
}

describe("the booking confirmed email to the client", () => {
  it("for a booking about 23 hours ahead promises half (with its amount and deadline), never a full refund", async () => {
    const w = await worldOpenMondayMornings(setupTest());
    const startsAt = romeToUtcMs(w.monday, "10:00");
    vi.setSystemTime(startsAt - 23 * HOUR);
    const booking = await paidBooking(w, w.monday, "10:00");
    expect(booking.status).toBe("confirmed");
    const [sent] = await clientMail(w, "booking_confirmed", emails.clientB);
    const half = formatCents(Math.ceil(booking.priceCents / 2));
    expect(sent.text).toContain(
      `Annullamento: Inizia tra meno di 24 ore: annullando entro ${formatDeadline(startsAt - 2 * HOUR)} ricevi il 50% (${half}).`,
    );
    expect(sent.text).toContain("Dopo, o in caso di assenza, nessun rimborso.");
    expect(sent.text).not.toMatch(/rimborso completo/i);
    expect(sent.html).not.toMatch(/rimborso completo/i);
  });

  it("for a booking about 3 days ahead states both deadlines with their amounts", async () => {
    const w = await worldOpenMondayMornings(setupTest());
    const date = addDays(w.monday, 7);
    const startsAt = romeToUtcMs(date, "10:00");
    vi.setSystemTime(startsAt - 3 * 24 * HOUR);
    const booking = await paidBooking(w, date, "10:00");
    const [sent] = await clientMail(w, "booking_confirmed", emails.clientB);
    expect(sent.text).toContain(
      `Rimborso completo (${formatCents(booking.priceCents)}) se annulli entro ${formatDeadline(startsAt - 24 * HOUR)}. ` +
        `Rimborso del 50% (${formatCents(Math.ceil(booking.priceCents / 2))}) se annulli entro ${formatDeadline(startsAt - 2 * HOUR)}.`,
    );
    expect(sent.text).not.toContain("fino a 24 ore prima");
  });
});

describe("the booking moved email to the client", () => {
  it("states the terms of the new start; the psychic's has none", async () => {
    const w = await worldOpenMondayMornings(setupTest());
    const newStart = romeToUtcMs(w.monday, "11:00");
    vi.setSystemTime(newStart - 2 * 24 * HOUR);
    await w.as.clientA.mutation(api.bookings.rescheduleByClient, { bookingId: w.bookingA, date: w.monday, time: "11:00" });
    const [toClient] = await clientMail(w, "booking_rescheduled", emails.clientA);
    expect(toClient.text).toContain(`se annulli entro ${formatDeadline(newStart - 24 * HOUR)}.`);
    expect(toClient.text).toContain(`se annulli entro ${formatDeadline(newStart - 2 * HOUR)}.`);
    const [toPsychic] = await clientMail(w, "booking_rescheduled", emails.psychicA);
    expect(toPsychic.text).not.toContain("Annullamento:");
  });
});
