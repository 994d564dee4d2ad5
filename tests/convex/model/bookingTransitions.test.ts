// Every edge of a booking's life (convex/model/bookingTransitions.ts), the refused ones included.
import { describe, expect, it } from "vitest";
import type { Id } from "../../../convex/_generated/dataModel";
import { cancelledByOf, clampRefund, transition, type Booking, type BookingEvent } from "../../../convex/model/bookingTransitions";
import { cancellationReason } from "../../../convex/framework/validators";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NOW = Date.UTC(2026, 10, 25, 9, 0);
const START = NOW + 3 * 24 * HOUR;

function booking(fields: Partial<Booking> = {}): Booking {
  return {
    _id: "b1" as Id<"bookings">,
    _creationTime: NOW - HOUR,
    clientId: "u1" as Id<"users">,
    psychicUserId: "u2" as Id<"users">,
    psychicProfileId: "p1" as Id<"psychicProfiles">,
    psychicName: "Selene",
    consultationType: "voice",
    scheduledDate: "2026-11-28",
    scheduledTime: "10:00",
    startsAt: START,
    endsAt: START + 30 * MINUTE,
    durationMinutes: 30,
    priceCents: 3500,
    status: "confirmed",
    paidAt: NOW - HOUR,
    stripeCheckoutSessionId: "cs_1",
    stripePaymentIntentId: "pi_1",
    ...fields,
  };
}

const held = (fields: Partial<Booking> = {}) =>
  booking({
    status: "pending_payment",
    paidAt: undefined,
    stripePaymentIntentId: undefined,
    holdExpiresAt: NOW + 20 * MINUTE,
    checkoutUrl: "https://pay",
    ...fields,
  });
const paid = (overrides: Partial<Extract<BookingEvent, { kind: "paid" }>> = {}): BookingEvent => ({
  kind: "paid",
  sessionId: "cs_1",
  paymentIntentId: "pi_1",
  amountCents: 3500,
  othersOverlap: false,
  partyGone: false,
  spendRefused: false,
  ...overrides,
});
const kinds = (result: ReturnType<typeof transition>) => (result.outcome === "changed" ? result.effects.map((effect) => effect.kind) : []);

describe("the hold", () => {
  it("opening its checkout records the session and the page to resume", () => {
    expect(
      transition(
        held({ stripeCheckoutSessionId: undefined, checkoutUrl: undefined }),
        { kind: "checkout_opened", sessionId: "cs_2", url: "https://pay/2" },
        NOW,
      ),
    ).toEqual({
      outcome: "changed",
      patch: { stripeCheckoutSessionId: "cs_2", checkoutUrl: "https://pay/2" },
      effects: [],
    });
  });

  it("a session opened after the hold went keeps no page to resume", () => {
    const result = transition(held({ status: "expired" }), { kind: "checkout_opened", sessionId: "cs_2", url: "https://pay/2" }, NOW);
    expect(result).toMatchObject({ outcome: "changed", patch: { stripeCheckoutSessionId: "cs_2" } });
    expect(result.outcome === "changed" && "checkoutUrl" in result.patch).toBe(false);
  });

  it("released by its client: expired now, the page gone, the session expired at Stripe", () => {
    expect(transition(held(), { kind: "hold_released", why: "client_left" }, NOW)).toEqual({
      outcome: "changed",
      patch: { status: "expired", holdExpiresAt: NOW, checkoutUrl: undefined, holdReleasedFor: "client_left" },
      effects: [{ kind: "expire_checkout_session", sessionId: "cs_1" }],
    });
  });

  it("an account deleted expires its session too; a failed checkout has none to expire", () => {
    expect(kinds(transition(held(), { kind: "hold_released", why: "account_deleted" }, NOW))).toEqual(["expire_checkout_session"]);
    expect(transition(held({ stripeCheckoutSessionId: undefined }), { kind: "hold_released", why: "checkout_failed" }, NOW)).toMatchObject({
      outcome: "changed",
      patch: { status: "expired", holdExpiresAt: NOW },
      effects: [],
    });
  });

  it("the hold's end releases it only once it has come, keeping the end it had", () => {
    const hold = held({ holdExpiresAt: NOW - MINUTE });
    expect(transition(hold, { kind: "hold_released", why: "hold_ended" }, NOW)).toMatchObject({
      patch: { holdExpiresAt: NOW - MINUTE },
      effects: [],
    });
    expect(transition(held(), { kind: "hold_released", why: "hold_ended" }, NOW)).toEqual({ outcome: "unchanged" });
  });

  it("a released, paid or cancelled booking is not released again", () => {
    for (const status of ["expired", "confirmed", "cancelled", "completed"] as const) {
      expect(transition(booking({ status }), { kind: "hold_released", why: "session_expired" }, NOW)).toEqual({ outcome: "unchanged" });
    }
  });
});

describe("the payment", () => {
  it("confirms a held booking: paid, the hold and its page gone, reminders and emails follow", () => {
    const result = transition(held(), paid(), NOW);
    expect(result).toMatchObject({
      outcome: "changed",
      patch: { status: "confirmed", paidAt: NOW, stripePaymentIntentId: "pi_1", holdExpiresAt: undefined, checkoutUrl: undefined },
    });
    expect(kinds(result)).toEqual(["schedule_reminders", "email_confirmed"]);
  });

  it("still confirms a lapsed hold whose time is free and ahead", () => {
    expect(transition(held({ status: "expired" }), paid(), NOW)).toMatchObject({ patch: { status: "confirmed" } });
    expect(transition(held({ status: "expired", holdReleasedFor: "hold_ended" }), paid(), NOW)).toMatchObject({ patch: { status: "confirmed" } });
  });

  it("a hold records why it was released", () => {
    expect(transition(held(), { kind: "hold_released", why: "client_left" }, NOW)).toMatchObject({ patch: { holdReleasedFor: "client_left" } });
  });

  it("a payment for a hold the client left, whose checkout failed or whose account went, or over the client's limit or pause: refunded in full", () => {
    for (const [hold, event] of [
      [held({ status: "expired", holdReleasedFor: "client_left" }), paid()],
      [held({ status: "expired", holdReleasedFor: "checkout_failed" }), paid()],
      [held({ status: "expired", holdReleasedFor: "account_deleted" }), paid()],
      [held(), paid({ spendRefused: true })],
    ] as const) {
      const result = transition(hold, event, NOW);
      expect(result).toMatchObject({ outcome: "changed", patch: { status: "cancelled", cancelReason: "late_payment", refundCents: 3500 } });
      expect(kinds(result)).toEqual(["request_refund", "email_late_payment_refunded"]);
    }
  });

  it("taken time, a start already past, a wrong amount or an account deleted meanwhile: cancelled and refunded in full", () => {
    for (const [hold, event] of [
      [held({ status: "expired" }), paid({ othersOverlap: true })],
      [held({ startsAt: NOW - MINUTE }), paid()],
      [held(), paid({ amountCents: 100 })],
      [held({ status: "expired" }), paid({ partyGone: true })],
    ] as const) {
      const result = transition(hold, event, NOW);
      expect(result).toMatchObject({
        outcome: "changed",
        patch: { status: "cancelled", cancelledBy: "system", cancelReason: "late_payment", refundStatus: "pending", paidAt: NOW },
      });
      expect(kinds(result)).toEqual(["request_refund", "email_late_payment_refunded"]);
    }
    expect(transition(held(), paid({ amountCents: 100 }), NOW)).toMatchObject({ patch: { refundCents: 100 } });
  });

  it("never confirms a cancelled booking: a payment for one goes back", () => {
    const result = transition(booking({ status: "cancelled", paidAt: undefined }), paid(), NOW);
    expect(result).toMatchObject({ patch: { status: "cancelled", cancelReason: "late_payment", refundCents: 3500 } });
  });

  it("a second payment event for a paid booking changes nothing", () => {
    expect(transition(booking(), paid(), NOW)).toEqual({ outcome: "unchanged" });
    expect(transition(booking({ status: "cancelled", cancelReason: "late_payment" }), paid(), NOW)).toEqual({ outcome: "unchanged" });
  });
});

describe("cancelling", () => {
  it("by the client before the start: the refund asked goes back, the call ends, both are told", () => {
    const result = transition(booking(), { kind: "cancelled", reason: "client_cancelled", refundCents: 1750 }, NOW);
    expect(result).toEqual({
      outcome: "changed",
      patch: {
        status: "cancelled",
        cancelledAt: NOW,
        cancelledBy: "client",
        cancelReason: "client_cancelled",
        refundCents: 1750,
        refundStatus: "pending",
      },
      effects: [
        { kind: "request_refund" },
        { kind: "end_call" },
        { kind: "email_cancelled", reason: "client_cancelled", refundCents: 1750 },
        // What the platform keeps is shared with the psychic at the time the consultation would have ended.
        { kind: "pay_psychic_share", reason: "cancellation", grossCents: 1750, dueAt: START + 30 * MINUTE },
      ],
    });
  });

  it("with nothing to refund records no refund, and the psychic's share of the whole price waits for the end", () => {
    const result = transition(booking(), { kind: "cancelled", reason: "client_cancelled", refundCents: 0 }, NOW);
    expect(result.outcome === "changed" && result.patch.refundStatus).toBeUndefined();
    expect(kinds(result)).toEqual(["end_call", "email_cancelled", "pay_psychic_share"]);
    expect(result.outcome === "changed" && result.effects.at(-1)).toEqual({ kind: "pay_psychic_share", reason: "cancellation", grossCents: 3500, dueAt: START + 30 * MINUTE });
  });

  it("a full refund, and any cancellation by the psychic or the system, owes the psychic nothing", () => {
    expect(kinds(transition(booking(), { kind: "cancelled", reason: "client_cancelled", refundCents: 3500 }, NOW))).not.toContain("pay_psychic_share");
    expect(kinds(transition(booking(), { kind: "cancelled", reason: "psychic_cancelled", refundCents: 3500 }, NOW))).not.toContain("pay_psychic_share");
    expect(kinds(transition(booking(), { kind: "cancelled", reason: "psychic_account_deleted", refundCents: 3500 }, NOW))).not.toContain(
      "pay_psychic_share",
    );
  });

  it("a refund is whole cents between nothing and the price", () => {
    expect(clampRefund(-5, 3500)).toBe(0);
    expect(clampRefund(1750.4, 3500)).toBe(1750);
    expect(clampRefund(9999, 3500)).toBe(3500);
    expect(transition(booking(), { kind: "cancelled", reason: "psychic_cancelled", refundCents: 9999 }, NOW)).toMatchObject({
      patch: { refundCents: 3500, cancelledBy: "psychic" },
    });
  });

  it("by a party after the start is refused", () => {
    for (const reason of ["client_cancelled", "psychic_cancelled"] as const) {
      expect(transition(booking(), { kind: "cancelled", reason, refundCents: 0 }, START)).toEqual({
        outcome: "refused",
        code: "CANCELLATION_NOT_ALLOWED",
      });
    }
  });

  it("twice is refused, so nothing is refunded twice", () => {
    const cancelled = booking({ status: "cancelled", refundCents: 3500, refundStatus: "pending" });
    for (const reason of cancellationReason.members.map((member) => member.value)) {
      expect(transition(cancelled, { kind: "cancelled", reason, refundCents: 3500 }, NOW)).toMatchObject({ outcome: "refused" });
    }
  });

  it("an unpaid, held or past booking cannot be cancelled", () => {
    for (const status of ["pending_payment", "expired", "completed", "no_show"] as const) {
      expect(transition(booking({ status }), { kind: "cancelled", reason: "client_cancelled", refundCents: 0 }, NOW)).toEqual({
        outcome: "refused",
        code: "INVALID_STATE",
      });
    }
  });

  it("a client leaving cancels as a client does, before the start only; a psychic leaving also cancels one under way, not one ended", () => {
    const client = { kind: "cancelled", reason: "client_account_deleted", refundCents: 0 } as const;
    expect(transition(booking(), client, START - MINUTE)).toMatchObject({ patch: { cancelledBy: "system", cancelReason: "client_account_deleted" } });
    expect(transition(booking(), client, START + MINUTE)).toEqual({ outcome: "refused", code: "CANCELLATION_NOT_ALLOWED" });
    const psychic = { kind: "cancelled", reason: "psychic_account_deleted", refundCents: 3500 } as const;
    expect(transition(booking(), psychic, START + MINUTE)).toMatchObject({ patch: { cancelReason: "psychic_account_deleted", refundCents: 3500 } });
    expect(transition(booking(), psychic, START + 30 * MINUTE)).toEqual({ outcome: "refused", code: "CANCELLATION_NOT_ALLOWED" });
  });

  it("the psychic's absence cancels during the window; a late payment is only a payment's doing", () => {
    expect(transition(booking(), { kind: "cancelled", reason: "psychic_no_show", refundCents: 3500 }, START + 11 * MINUTE)).toMatchObject({
      patch: { cancelReason: "psychic_no_show", cancelledBy: "system", refundCents: 3500 },
    });
    expect(transition(booking(), { kind: "cancelled", reason: "late_payment", refundCents: 3500 }, NOW)).toEqual({
      outcome: "refused",
      code: "INVALID_STATE",
    });
  });

  it("every reason has the one who stands behind it", () => {
    expect(Object.keys(cancelledByOf).sort()).toEqual(cancellationReason.members.map((member) => member.value).sort());
  });
});

describe("the refund", () => {
  const refunding = (fields: Partial<Booking> = {}) => booking({ status: "cancelled", refundCents: 1750, refundStatus: "pending", ...fields });

  it("Stripe's success records it once, with the time it went back", () => {
    const result = transition(refunding(), { kind: "refund_answered", refundId: "re_1", succeeded: true }, NOW);
    expect(result).toEqual({
      outcome: "changed",
      patch: { stripeRefundId: "re_1", refundStatus: "succeeded", refundedAt: NOW },
      effects: [],
    });
    expect(transition(refunding({ refundStatus: "succeeded" }), { kind: "refund_answered", refundId: "re_1", succeeded: true }, NOW)).toEqual({
      outcome: "unchanged",
    });
  });

  it("a pending answer keeps the refund id and waits", () => {
    expect(transition(refunding(), { kind: "refund_answered", refundId: "re_1", succeeded: false }, NOW)).toEqual({
      outcome: "changed",
      patch: { stripeRefundId: "re_1" },
      effects: [],
    });
  });

  it("the charge refunded succeeds the app's own refund once, and nothing more when it shows only that", () => {
    expect(transition(refunding(), { kind: "charge_refunded", amountRefundedCents: 1750 }, NOW)).toEqual({
      outcome: "changed",
      patch: { refundStatus: "succeeded", refundedAt: NOW },
      effects: [],
    });
    expect(transition(refunding({ refundStatus: "succeeded" }), { kind: "charge_refunded", amountRefundedCents: 1750 }, NOW)).toEqual({
      outcome: "unchanged",
    });
    // Less than the app's own refund: support refunded something first; the app's is still on its way.
    expect(transition(refunding(), { kind: "charge_refunded", amountRefundedCents: 500 }, NOW)).toEqual({ outcome: "unchanged" });
    // Nothing is refunded of a booking never paid.
    expect(transition(held(), { kind: "charge_refunded", amountRefundedCents: 3500 }, NOW)).toEqual({ outcome: "unchanged" });
  });

  it("a refund at Stripe beyond the app's own, in any state, counts as refunded and takes back the share's part", () => {
    // A late cancellation (half refunded by the app, the psychic's share owed on the other half); support
    // refunds the rest in Stripe's dashboard.
    expect(transition(refunding(), { kind: "charge_refunded", amountRefundedCents: 3500 }, NOW)).toEqual({
      outcome: "changed",
      patch: { refundStatus: "succeeded", refundedAt: NOW, refundCents: 3500 },
      effects: [{ kind: "take_back_psychic_share", why: "refund", takenCents: 1750 }],
    });
    // A cancellation under 2 hours (no refund, the whole share owed), refunded whole at Stripe.
    expect(transition(booking({ status: "cancelled" }), { kind: "charge_refunded", amountRefundedCents: 3500 }, NOW)).toEqual({
      outcome: "changed",
      patch: { refundStatus: "succeeded", refundedAt: NOW, refundCents: 3500 },
      effects: [{ kind: "take_back_psychic_share", why: "refund", takenCents: 3500 }],
    });
    // A consultation still to come, refunded in part: its share, when held, is on what is left.
    expect(transition(booking(), { kind: "charge_refunded", amountRefundedCents: 1000 }, NOW)).toMatchObject({
      patch: { refundCents: 1000, refundStatus: "succeeded" },
    });
    // Never more than what a dispute left.
    expect(transition(booking({ disputeCents: 3000 }), { kind: "charge_refunded", amountRefundedCents: 3500 }, NOW)).toMatchObject({
      patch: { refundCents: 500 },
      effects: [{ kind: "take_back_psychic_share", why: "refund", takenCents: 500 }],
    });
  });

  it("fails only from pending; the admin's retry only from failed, with a new series", () => {
    expect(transition(refunding(), { kind: "refund_failed" }, NOW)).toMatchObject({ patch: { refundStatus: "failed" } });
    expect(transition(refunding({ refundStatus: "succeeded" }), { kind: "refund_failed" }, NOW)).toEqual({ outcome: "unchanged" });
    expect(transition(refunding({ refundStatus: "failed", refundRetries: 1 }), { kind: "refund_retried" }, NOW)).toEqual({
      outcome: "changed",
      patch: { refundStatus: "pending", refundRetries: 2 },
      effects: [{ kind: "request_refund" }],
    });
    for (const refundStatus of ["pending", "succeeded", undefined] as const) {
      expect(transition(refunding({ refundStatus }), { kind: "refund_retried" }, NOW)).toEqual({ outcome: "refused", code: "INVALID_STATE" });
    }
  });
});

describe("the consultation held", () => {
  const END = START + 30 * MINUTE;
  /** The call's records: both in the call nearly the whole window. */
  const presence = { clientPresentMs: 29 * MINUTE, psychicPresentMs: 30 * MINUTE };
  const byClock = { kind: "took_place", by: "clock", presence } as const;
  const attended = { psychicJoinedAt: START, clientJoinedAt: START + MINUTE };

  it("the clock completes a confirmed one the client attended at its end, once, and its call ends", () => {
    const result = transition(booking(attended), byClock, END);
    expect(result).toMatchObject({ outcome: "changed", patch: { status: "completed", completedAt: END, statsMonth: "2026-11" } });
    expect(kinds(result)).toEqual(["end_call", "pay_psychic_share"]);
    expect(result.outcome === "changed" && result.effects[1]).toEqual({ kind: "pay_psychic_share", reason: "consultation", grossCents: 3500, dueAt: END });
    expect(transition(booking(attended), byClock, END - 1)).toEqual({ outcome: "refused", code: "CONSULTATION_NOT_ENDED" });
    expect(transition(booking({ ...attended, status: "completed" }), byClock, END)).toEqual({ outcome: "unchanged" });
    expect(transition(booking({ ...attended, status: "cancelled" }), byClock, END)).toEqual({ outcome: "unchanged" });
  });

  it("the clock records a no-show when the client was never in the call during the window", () => {
    const result = transition(booking({ psychicJoinedAt: START }), byClock, END);
    expect(result).toMatchObject({ outcome: "changed", patch: { status: "no_show", completedAt: END, statsMonth: "2026-11" } });
    // The client's absence pays the psychic in full, as a consultation given does.
    expect(kinds(result)).toEqual(["end_call", "pay_psychic_share"]);
    expect(transition(booking({ status: "no_show" }), byClock, END)).toEqual({ outcome: "unchanged" });
  });

  it("the psychic's 'Cliente assente' is refused when the client was in the call during the window", () => {
    const absent = { kind: "took_place", outcome: "no_show", by: "psychic", reviewed: false, presence } as const;
    expect(transition(booking(attended), absent, END)).toEqual({ outcome: "refused", code: "CLIENT_ATTENDED" });
    expect(transition(booking({ ...attended, status: "completed" }), absent, END + HOUR)).toEqual({ outcome: "refused", code: "CLIENT_ATTENDED" });
  });

  it("the psychic marks the client absent after the end, and may correct it", () => {
    const absent = transition(booking(), { kind: "took_place", outcome: "no_show", by: "psychic", reviewed: false, presence }, END);
    expect(absent).toMatchObject({ patch: { status: "no_show" } });
    const corrected = transition(
      booking({ status: "no_show", completedAt: END, statsMonth: "2026-11" }),
      { kind: "took_place", outcome: "completed", by: "psychic", reviewed: false, presence },
      END + HOUR,
    );
    expect(corrected).toMatchObject({ patch: { status: "completed", completedAt: END, statsMonth: "2026-11" } });
    expect(kinds(corrected)).toEqual([]);
  });

  describe("the psychic in the call too little while the client was there", () => {
    // The probe: the psychic joins a minute after the start and leaves at once; the client waits the whole window.
    const inAndOut = { clientPresentMs: 30 * MINUTE, psychicPresentMs: 0 };
    const came = { psychicJoinedAt: START + MINUTE, clientJoinedAt: START };

    it("the clock cancels it as for the psychic's absence: the client refunded in full, no share, the client emailed", () => {
      const result = transition(booking(came), { kind: "took_place", by: "clock", presence: inAndOut }, END);
      expect(result).toMatchObject({
        outcome: "changed",
        patch: { status: "cancelled", cancelledBy: "system", cancelReason: "psychic_no_show", refundCents: 3500, refundStatus: "pending" },
      });
      expect(kinds(result)).toEqual(["request_refund", "end_call", "email_cancelled"]);
      expect(transition(booking(came), { kind: "took_place", by: "clock", presence: inAndOut }, END - 1)).toEqual({
        outcome: "refused",
        code: "CONSULTATION_NOT_ENDED",
      });
    });

    it("exactly half the window is enough: held, the share owed", () => {
      const half = { kind: "took_place", by: "clock", presence: { clientPresentMs: 30 * MINUTE, psychicPresentMs: 15 * MINUTE } } as const;
      expect(transition(booking(came), half, END)).toMatchObject({ patch: { status: "completed" } });
      expect(kinds(transition(booking(came), half, END))).toEqual(["end_call", "pay_psychic_share"]);
      const short = { ...half, presence: { clientPresentMs: 30 * MINUTE, psychicPresentMs: 15 * MINUTE - 1 } };
      expect(transition(booking(came), short, END)).toMatchObject({ patch: { status: "cancelled", cancelReason: "psychic_no_show" } });
    });

    it("the psychic's 'completed' cannot make it held; the client absent, the psychic's short presence asks nothing", () => {
      const completed = { kind: "took_place", outcome: "completed", by: "psychic", reviewed: false, presence: inAndOut } as const;
      expect(transition(booking(came), completed, END)).toEqual({ outcome: "refused", code: "PSYCHIC_NOT_PRESENT" });
      expect(transition(booking(came), completed, END - 1)).toEqual({ outcome: "refused", code: "CONSULTATION_NOT_ENDED" });
      const noClient = { clientPresentMs: 0, psychicPresentMs: 0 };
      expect(transition(booking({ psychicJoinedAt: START + MINUTE }), { kind: "took_place", by: "clock", presence: noClient }, END)).toMatchObject({
        patch: { status: "no_show" },
      });
    });
  });

  it("refused before the end, for a cancelled one, and as absent once reviewed", () => {
    const noShow = (fields: Partial<Booking>, reviewed = false, at = END) =>
      transition(booking(fields), { kind: "took_place", outcome: "no_show", by: "psychic", reviewed, presence }, at);
    expect(noShow({}, false, END - 1)).toEqual({ outcome: "refused", code: "CONSULTATION_NOT_ENDED" });
    expect(noShow({ status: "cancelled" })).toEqual({ outcome: "refused", code: "INVALID_STATE" });
    expect(noShow({ status: "completed" }, true)).toEqual({ outcome: "refused", code: "INVALID_STATE" });
  });
});

describe("moving", () => {
  const to = { kind: "moved", date: "2026-11-29", time: "11:00", startsAt: START + 25 * HOUR, endsAt: START + 25 * HOUR + 30 * MINUTE } as const;

  it("takes the new time, counts the move and sends the reminders of the new time", () => {
    const result = transition(booking({ reminder24hSentAt: NOW }), to, NOW);
    expect(result).toEqual({
      outcome: "changed",
      patch: {
        scheduledDate: "2026-11-29",
        scheduledTime: "11:00",
        startsAt: to.startsAt,
        endsAt: to.endsAt,
        rescheduleCount: 1,
        reminder24hSentAt: undefined,
        reminder15mSentAt: undefined,
      },
      effects: [{ kind: "schedule_reminders" }, { kind: "email_moved", previousDate: "2026-11-28", previousTime: "10:00" }],
    });
  });

  it("refused under 24 hours before, after two moves, to the same time, or when not confirmed", () => {
    expect(transition(booking(), to, START - 23 * HOUR)).toEqual({ outcome: "refused", code: "RESCHEDULE_TOO_LATE" });
    expect(transition(booking({ rescheduleCount: 2 }), to, NOW)).toEqual({ outcome: "refused", code: "RESCHEDULE_LIMIT_REACHED" });
    expect(transition(booking(), { ...to, date: "2026-11-28", time: "10:00" }, NOW)).toEqual({ outcome: "refused", code: "INVALID_INPUT" });
    expect(transition(booking({ status: "cancelled" }), to, NOW)).toEqual({ outcome: "refused", code: "INVALID_STATE" });
  });
});

describe("money back after the consultation", () => {
  const paid = { paidAt: NOW - HOUR, stripePaymentIntentId: "pi_1" };

  it("a dispute is recorded once and takes the psychic's share back in its proportion", () => {
    const result = transition(booking({ ...paid, status: "completed" }), { kind: "disputed", disputeId: "dp_1", amountCents: 3500 }, NOW);
    expect(result).toEqual({
      outcome: "changed",
      patch: { stripeDisputeId: "dp_1", disputeCents: 3500, disputedAt: NOW },
      effects: [{ kind: "take_back_psychic_share", why: "dispute", takenCents: 3500 }],
    });
    expect(transition(booking({ ...paid, stripeDisputeId: "dp_1" }), { kind: "disputed", disputeId: "dp_1", amountCents: 3500 }, NOW)).toEqual({
      outcome: "unchanged",
    });
    expect(transition(booking({ paidAt: undefined }), { kind: "disputed", disputeId: "dp_2", amountCents: 3500 }, NOW)).toEqual({ outcome: "unchanged" });
  });

  it("a refund made at Stripe of a consultation given takes back only what is new, never more than the price", () => {
    const held = booking({ ...paid, status: "completed" });
    expect(transition(held, { kind: "charge_refunded", amountRefundedCents: 1000 }, NOW)).toEqual({
      outcome: "changed",
      patch: { refundCents: 1000, refundStatus: "succeeded", refundedAt: NOW },
      effects: [{ kind: "take_back_psychic_share", why: "refund", takenCents: 1000 }],
    });
    const again = booking({ ...paid, status: "completed", refundCents: 1000, refundStatus: "succeeded" });
    expect(transition(again, { kind: "charge_refunded", amountRefundedCents: 9999 }, NOW)).toEqual({
      outcome: "changed",
      patch: { refundCents: 3500 },
      effects: [{ kind: "take_back_psychic_share", why: "refund", takenCents: 2500 }],
    });
    expect(transition(again, { kind: "charge_refunded", amountRefundedCents: 1000 }, NOW)).toEqual({ outcome: "unchanged" });
  });
});
