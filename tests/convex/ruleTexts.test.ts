// What the terms say a person gets is what the ledger shows: the
// terms page is rendered as the browser renders it, the rule it states is read as a person reads it
// (fixtures/statedRules.ts), and the real mutations run here — a deletion, a cancellation, an absence — must
// leave on each booking, at Stripe and in the email the refund the sentence promises.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { bookingCancelledEmail, bookingReminderEmail, psychicAbsentClientEmail, type BookingFacts } from "../../convex/email/bookingEmails";
import { clientCancellationRefund, HALF_REFUND_NOTICE_MS } from "../../convex/model/cancellationRefunds";
import { REMINDER_OFFSETS_MS } from "../../convex/model/reminders";
import { callOpensAt } from "../../convex/model/calls";
import { cancellationRefundCents, deletionRefundCents, REFUND_ARRIVAL_WORKING_DAYS } from "../../convex/model/cancellationRefunds";
import { formatCents } from "../../convex/model/format";
import { deleteAccountDialogText } from "../../src/components/account/DeleteAccountDialog";
import { TermsPage } from "../../src/features/static/TermsPage";
import { bookingOf, callBooking } from "./fixtures/callWorld";
import {
  sentenceAfter,
  statedClientWindows,
  statedRefund,
  statedRefundCents,
  statedUnderWayCancelled,
  textOfMarkup,
} from "./fixtures/statedRules";
import { heldConsultation, onboardedWorld, transfersOf } from "./fixtures/payoutWorld";
import { signedEvent } from "./fixtures/stripeStandIn";
import { emails, worldOpenMondayMornings, type World } from "./fixtures/world";
import { errorCodeOf, setupTest, stripe, useStripeStandIn } from "./setup";

useStripeStandIn();

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const PRICE = 4500;

const terms = textOfMarkup(renderToStaticMarkup(createElement(MemoryRouter, null, createElement(TermsPage))));

const world = () => worldOpenMondayMornings(setupTest());

/** The payments made at Stripe for the consultations, by the name each test gives its payment. */
const paymentNames = new Map<string, string>();

/** clientA's paid 45 € consultation with psychicA, `startsInMs` from now (negative: under way), its payment named. */
async function consultation(w: World, startsInMs: number, paymentName: string) {
  const paymentIntent = await stripe().paidIntent(PRICE);
  paymentNames.set(paymentIntent, paymentName);
  return callBooking(w, { startsInMs, priceCents: PRICE, stripePaymentIntentId: paymentIntent });
}

/** What the ledger shows for a booking: its state and the refund decided on it. */
async function ledgerOf(w: World, id: Id<"bookings">) {
  const booking = await bookingOf(w, id);
  return { status: booking?.status, refundCents: booking?.refundCents ?? 0 };
}

/** The refunds Stripe made, by payment. */
async function refundsAtStripe(w: World) {
  await w.t.finishAllScheduledFunctions(vi.runAllTimers);
  return Object.fromEntries(stripe().refunds().map((refund) => [paymentNames.get(String(refund.payment_intent)), refund.amount]));
}

const cancellationEmailsTo = (w: World, to: string) =>
  w.t.run(async (ctx) => (await ctx.db.query("emailOutbox").collect()).filter((email) => email.kind === "booking_cancelled" && email.to === to));

describe("a client deleting the account gets what the terms and the dialog say", () => {
  it("23 hours before a 45 € consultation: the refund the terms state for that moment, in the ledger, at Stripe and in the email", async () => {
    const w = await world();
    const sentences = [sentenceAfter(terms, "Se elimina l'account un cliente"), deleteAccountDialogText.bookings.client];
    const notices = { pi_25h: 25 * HOUR, pi_23h: 23 * HOUR, pi_1h: HOUR };
    const ids = Object.fromEntries(
      await Promise.all(Object.entries(notices).map(async ([pi, notice]) => [pi, await consultation(w, notice, pi)] as const)),
    );
    const underWay = await consultation(w, -10 * MINUTE, "pi_live");

    await w.as.clientA.mutation(api.users.deleteMyAccount, {});

    for (const sentence of sentences) {
      const stated = statedRefund(sentence);
      for (const [pi, notice] of Object.entries(notices)) {
        expect(await ledgerOf(w, ids[pi]), `${notice / HOUR} h before: ${sentence}`).toEqual({
          status: "cancelled",
          refundCents: statedRefundCents(stated, notice, PRICE),
        });
      }
      expect((await ledgerOf(w, underWay)).status === "cancelled", "a consultation under way").toBe(statedUnderWayCancelled(sentence));
    }
    // The case: 23 hours ahead the terms promise half, and half is what Stripe refunds and the email says.
    const half = statedRefundCents(statedRefund(sentences[0]), 23 * HOUR, PRICE);
    expect(half).toBe(PRICE / 2);
    const stripe = await refundsAtStripe(w);
    expect(stripe).toMatchObject({ pi_25h: PRICE, pi_23h: half });
    expect(stripe.pi_1h).toBeUndefined();
    expect(stripe.pi_live).toBeUndefined();
    const toClient = await cancellationEmailsTo(w, emails.clientA);
    expect(toClient.some((email) => email.text.includes(`Ti rimborsiamo ${formatCents(half)} su ${formatCents(PRICE)}`))).toBe(true);
  });
});

describe("a psychic deleting the account refunds their clients as the terms and the dialog say", () => {
  it("in full, a consultation under way included", async () => {
    const w = await world();
    const sentences = [sentenceAfter(terms, "Se lo elimina un cartomante"), deleteAccountDialogText.bookings.psychic];
    const soon = await consultation(w, HOUR, "pi_soon");
    const underWay = await consultation(w, -10 * MINUTE, "pi_live");

    await w.as.psychicA.mutation(api.users.deleteMyAccount, {});

    for (const sentence of sentences) {
      expect(await ledgerOf(w, soon)).toEqual({ status: "cancelled", refundCents: statedRefundCents(statedRefund(sentence), HOUR, PRICE) });
      expect((await ledgerOf(w, underWay)).status === "cancelled").toBe(statedUnderWayCancelled(sentence));
    }
    expect(await refundsAtStripe(w)).toMatchObject({ pi_soon: PRICE, pi_live: PRICE });
  });
});

describe("cancellations and absences refund what section 6 of the terms says", () => {
  it("the client's own cancellation, at each window the terms state", async () => {
    const w = await world();
    const windows = statedClientWindows(terms);
    for (const [pi, notice] of [
      ["pi_far", (windows.fullFromHours + 1) * HOUR],
      ["pi_mid", windows.fullFromHours * HOUR - HOUR],
      ["pi_late", windows.halfFromHours * HOUR - MINUTE],
    ] as const) {
      const id = await consultation(w, notice, pi);
      const { refundCents } = await w.as.clientA.mutation(api.bookings.cancelByClient, { bookingId: id });
      expect(refundCents, `${notice / HOUR} h before`).toBe(statedRefundCents(windows, notice, PRICE));
      expect(await ledgerOf(w, id)).toEqual({ status: "cancelled", refundCents });
    }
  });

  it("the psychic's cancellation, an hour before: everything back", async () => {
    const w = await world();
    const stated = statedRefund(sentenceAfter(terms, "Se è il cartomante ad annullare"));
    const id = await consultation(w, HOUR, "pi_psychic");
    const { refundCents } = await w.as.psychicA.mutation(api.bookings.cancelByPsychic, { bookingId: id });
    expect(refundCents).toBe(statedRefundCents(stated, HOUR, PRICE));
    expect(await refundsAtStripe(w)).toMatchObject({ pi_psychic: refundCents });
    // "al cartomante non spetta alcun compenso": no share is ever owed for it.
    expect((await transfersOf(w)).filter((transfer) => transfer.bookingId === id)).toEqual([]);
  });

  it("the psychic not in the call by the minutes the terms state: cancelled and refunded as they say, not a minute before", async () => {
    const w = await world();
    const absence = sentenceAfter(terms, "Assenza del cartomante");
    const graceMinutes = Number(/entro (\d+) minuti dall'inizio/.exec(absence)![1]);
    const early = await consultation(w, -(graceMinutes - 1) * MINUTE, "pi_early");
    const absent = await consultation(w, -graceMinutes * MINUTE, "pi_absent");
    await w.t.mutation(internal.calls.settleDue, {});
    expect((await ledgerOf(w, early)).status).toBe("confirmed");
    expect(await ledgerOf(w, absent)).toEqual({ status: "cancelled", refundCents: statedRefundCents(statedRefund(absence), 0, PRICE) });
    await w.t.finishAllScheduledFunctions(vi.runAllTimers);
    expect((await transfersOf(w)).filter((transfer) => transfer.bookingId === absent)).toEqual([]);
  });
});

describe("the commission and the booking limits the terms state are what the server applies", () => {
  it("a held 45 € consultation: the share transferred keeps the stated commission, rounded to the cent", async () => {
    const percent = Number(/commissione del (\d+)%/.exec(terms)![1]);
    const { w } = await onboardedWorld();
    const bookingId = await heldConsultation(w, PRICE);
    const [share] = (await transfersOf(w)).filter((transfer) => transfer.bookingId === bookingId);
    expect(share).toMatchObject({ grossCents: PRICE, commissionCents: Math.round((PRICE * percent) / 100), state: "transferred" });
    expect(share.amountCents).toBe(PRICE - share.commissionCents);
    expect(stripe().transfers().map((transfer) => transfer.amount)).toContain(share.amountCents);
  });

  it("one more paid consultation with the same psychic on the same day than the terms allow is refused", async () => {
    const w = await world();
    const perDay = Number(/al massimo (\d+) consulti con lo stesso cartomante nello stesso giorno/.exec(terms)![1]);
    const times = ["10:00", "10:30", "11:00", "11:30"];
    expect(perDay).toBeLessThan(times.length);
    const checkout = (time: string) =>
      w.as.clientB.action(api.payments.startCheckout, { psychicProfileId: w.profileA, durationMinutes: 30, date: w.monday, time, consent: true });
    for (const time of times.slice(0, perDay)) {
      await checkout(time);
      const { body, header } = await signedEvent("checkout.session.completed", await stripe().pay((await stripe().lastSession()).id));
      await w.t.fetch("/stripe/webhook", { method: "POST", body, headers: { "stripe-signature": header } });
    }
    expect(await errorCodeOf(checkout(times[perDay]))).toBe("SAME_PSYCHIC_DAY_LIMIT");
  });
});

describe("the emails state the refund and the times the server applies", () => {
  const startsAt = Date.UTC(2026, 11, 7, 9, 0);
  const facts: BookingFacts = {
    bookingId: "b1",
    psychicName: "Dante",
    clientName: "Maria Rossi",
    scheduledDate: "2026-12-07",
    scheduledTime: "10:00",
    startsAt,
    endsAt: startsAt + 30 * MINUTE,
    durationMinutes: 30,
    priceCents: PRICE,
    siteUrl: "https://arcano.example",
    sequence: 0,
  };
  const arrival = (text: string) => /(\d+)–(\d+) giorni lavorativi/.exec(text)!.slice(1).map(Number);

  it("a client's deletion 23 hours ahead: the amount the deletion refunds, and the days a refund takes", () => {
    const refundCents = deletionRefundCents("client", facts, startsAt - 23 * HOUR);
    const { text } = bookingCancelledEmail(facts, { audience: "client", reason: "client_account_deleted", refundCents });
    expect(text).toContain(`Ti rimborsiamo ${formatCents(refundCents)} su ${formatCents(PRICE)}`);
    expect(arrival(text)).toEqual([REFUND_ARRIVAL_WORKING_DAYS.from, REFUND_ARRIVAL_WORKING_DAYS.to]);
  });

  it("nothing back: the edge the email names is where the server stops refunding", () => {
    for (const audience of ["client", "psychic"] as const) {
      const { text } = bookingCancelledEmail(facts, { audience, reason: "client_cancelled", refundCents: 0 });
      const edge = Number(/meno di (\d+) ore/.exec(text)![1]) * HOUR;
      expect(edge).toBe(HALF_REFUND_NOTICE_MS);
      expect(clientCancellationRefund(facts, startsAt - edge + 1).refundCents).toBe(0);
      expect(clientCancellationRefund(facts, startsAt - edge).refundCents).toBeGreaterThan(0);
    }
  });

  it("the psychic's absence: the whole price, as the server refunds it", () => {
    const refundCents = cancellationRefundCents("psychic_no_show", facts, startsAt + 10 * MINUTE);
    const { text } = psychicAbsentClientEmail(facts, refundCents);
    expect(text).toContain(`l'intero importo (${formatCents(PRICE)})`);
    expect(refundCents).toBe(PRICE);
    expect(arrival(text)).toEqual([REFUND_ARRIVAL_WORKING_DAYS.from, REFUND_ARRIVAL_WORKING_DAYS.to]);
  });

  it("the last reminder: sent as long before as it says, and the call page opens when it says", () => {
    const { text, subject } = bookingReminderEmail(facts, { audience: "client", kind: "15m" });
    expect(Number(/tra (\d+) minuti/.exec(text)![1]) * MINUTE).toBe(REMINDER_OFFSETS_MS["15m"]);
    expect(Number(/Tra (\d+) minuti/.exec(subject)![1]) * MINUTE).toBe(REMINDER_OFFSETS_MS["15m"]);
    expect(startsAt - Number(/si apre (\d+) minuti prima/.exec(text)![1]) * MINUTE).toBe(callOpensAt(startsAt));
  });
});
