// Plain rules about bookings (convex/model/bookings.ts): what blocks time, prices and earnings in whole cents,
// notes, and a new booking's Rome date and UTC instants, clock changes included.
import { describe, expect, it } from "vitest";
import type { Id } from "../../../convex/_generated/dataModel";
import {
  blocksTime,
  cleanNotes,
  COMMISSION_PERCENT,
  HOLD_MARGIN_MINUTES,
  HOLD_MINUTES,
  isLiveHold,
  MAX_HOLDS_PER_DAY,
  MAX_HOLDS_PER_PSYCHIC_DATE,
  MAX_LIVE_HOLDS,
  netEarningsCents,
  newBookingFields,
  ownHoldRelease,
  priceCentsFor,
  whyNoNewHold,
} from "../../../convex/model/bookings";

const NOW = Date.UTC(2026, 10, 25, 9, 0);
const MINUTE = 60_000;

describe("what blocks a psychic's time", () => {
  it("a paid booking always; an unpaid one only while its hold lasts; nothing else", () => {
    expect(blocksTime({ status: "confirmed" }, NOW)).toBe(true);
    expect(blocksTime({ status: "pending_payment", holdExpiresAt: NOW + 1 }, NOW)).toBe(true);
    expect(blocksTime({ status: "pending_payment", holdExpiresAt: NOW }, NOW)).toBe(false);
    expect(blocksTime({ status: "pending_payment" }, NOW)).toBe(false);
    for (const status of ["completed", "cancelled", "expired", "no_show"] as const) expect(blocksTime({ status }, NOW)).toBe(false);
  });

  it("an expired hold frees the time at once, and a confirmed booking ignores any old hold", () => {
    expect(blocksTime({ status: "pending_payment", holdExpiresAt: NOW - 1 }, NOW)).toBe(false);
    expect(blocksTime({ status: "confirmed", holdExpiresAt: NOW - 60 * MINUTE }, NOW)).toBe(true);
    expect(blocksTime({ status: "cancelled", holdExpiresAt: NOW + 60 * MINUTE }, NOW)).toBe(false);
  });
});

describe("holds", () => {
  it("last 30 minutes, Stripe Checkout's minimum, with a margin so the session ends first", () => {
    expect(HOLD_MINUTES).toBe(30);
    expect(HOLD_MARGIN_MINUTES).toBeGreaterThan(0);
  });

  it("a client holds at most 3 unpaid bookings at once", () => {
    expect(MAX_LIVE_HOLDS).toBe(3);
  });

  it("one the client can still pay: unpaid, still held, its checkout open", () => {
    const url = "https://checkout.stripe.com/c/pay/cs_test_1";
    expect(isLiveHold({ status: "pending_payment", holdExpiresAt: NOW + 1, checkoutUrl: url }, NOW)).toBe(true);
    expect(isLiveHold({ status: "pending_payment", holdExpiresAt: NOW, checkoutUrl: url }, NOW)).toBe(false);
    // Being made: its Checkout Session is not there yet.
    expect(isLiveHold({ status: "pending_payment", holdExpiresAt: NOW + 1 }, NOW)).toBe(false);
    expect(isLiveHold({ status: "confirmed", holdExpiresAt: NOW + 1, checkoutUrl: url }, NOW)).toBe(false);
  });

  it("its client releases an unpaid one; a released or lapsed one stays as it is; a paid one is no hold", () => {
    expect(ownHoldRelease("pending_payment")).toBe("release");
    expect(ownHoldRelease("expired")).toBe("already_released");
    for (const status of ["confirmed", "completed", "cancelled", "no_show"] as const) expect(ownHoldRelease(status)).toBe("NOT_A_HOLD");
  });
});

describe("limits on new holds (no calendar can be locked)", () => {
  const hold = (psychicProfileId: string, scheduledDate: string, live: boolean) => ({ psychicProfileId, scheduledDate, live });

  it("one live hold per psychic and date: a second time that day waits for the first to be paid or released", () => {
    expect(whyNoNewHold([hold("p1", "2026-12-01", true)], "p1", "2026-12-01")).toBe("HOLD_SAME_DATE");
    expect(whyNoNewHold([hold("p1", "2026-12-01", true)], "p1", "2026-12-02")).toBeNull();
    expect(whyNoNewHold([hold("p1", "2026-12-01", true)], "p2", "2026-12-01")).toBeNull();
  });

  it("at most 3 live holds at once", () => {
    const live = [hold("p1", "2026-12-01", true), hold("p2", "2026-12-01", true), hold("p3", "2026-12-01", true)];
    expect(whyNoNewHold(live, "p4", "2026-12-01")).toBe("TOO_MANY_HOLDS");
  });

  it("a released or lapsed hold keeps counting: a second try on one psychic's date, 6 holds a day in all", () => {
    expect(MAX_HOLDS_PER_PSYCHIC_DATE).toBe(2);
    expect(whyNoNewHold([hold("p1", "2026-12-01", false)], "p1", "2026-12-01")).toBeNull();
    expect(whyNoNewHold([hold("p1", "2026-12-01", false), hold("p1", "2026-12-01", false)], "p1", "2026-12-01")).toBe("HOLD_LIMIT_REACHED");
    const ended = Array.from({ length: MAX_HOLDS_PER_DAY }, (_, index) => hold(`p${index}`, "2026-12-01", false));
    expect(MAX_HOLDS_PER_DAY).toBe(6);
    expect(whyNoNewHold(ended.slice(1), "nuovo", "2026-12-01")).toBeNull();
    expect(whyNoNewHold(ended, "nuovo", "2026-12-01")).toBe("HOLD_LIMIT_REACHED");
  });
});

describe("money", () => {
  it("whole-euro prices in cents, and the psychic's 85 % rounded per consultation", () => {
    expect(priceCentsFor(35)).toBe(3500);
    expect(netEarningsCents(3500)).toBe(2975);
    expect(netEarningsCents(2999)).toBe(2999 - 450);
    expect(netEarningsCents(0)).toBe(0);
  });

  it("prices across the whole range are exact cents", () => {
    expect(priceCentsFor(10)).toBe(1000);
    expect(priceCentsFor(200)).toBe(20_000);
    // 0.29 * 100 is 28.999… in floating point: the cents are rounded, not cut.
    expect(priceCentsFor(0.29)).toBe(29);
    expect(priceCentsFor(19.99)).toBe(1999);
  });

  it("the commission is 15 %; a commission of exactly half a cent is rounded up, in the platform's favour", () => {
    expect(COMMISSION_PERCENT).toBe(15);
    // 15 % of 10 cents is 1.5 cents, of 30 cents 4.5 cents.
    expect(netEarningsCents(10)).toBe(8);
    expect(netEarningsCents(30)).toBe(25);
    // 15 % of 1 cent is 0.15: nothing kept.
    expect(netEarningsCents(1)).toBe(1);
  });

  it("earnings are whole cents, never more than the price, and within half a cent of 85 %", () => {
    for (const price of [0, 1, 7, 999, 1000, 1001, 2999, 3333, 5000, 20_000]) {
      const net = netEarningsCents(price);
      expect(Number.isInteger(net)).toBe(true);
      expect(net).toBeLessThanOrEqual(price);
      expect(Math.abs(net - price * 0.85)).toBeLessThanOrEqual(0.5);
    }
  });
});

describe("notes", () => {
  it("are stored trimmed, and blank as none", () => {
    expect(cleanNotes("  Vorrei parlare del lavoro.  ")).toBe("Vorrei parlare del lavoro.");
    expect(cleanNotes("   ")).toBeUndefined();
    expect(cleanNotes(undefined)).toBeUndefined();
  });

  it("keep their inner lines; an empty string or only newlines is none", () => {
    expect(cleanNotes("\nPrima domanda.\n\nSeconda domanda.\n")).toBe("Prima domanda.\n\nSeconda domanda.");
    expect(cleanNotes("")).toBeUndefined();
    expect(cleanNotes("\n\t\n")).toBeUndefined();
  });
});

describe("a new booking's fields", () => {
  const profile = {
    _id: "p1" as Id<"psychicProfiles">,
    userId: "u2" as Id<"users">,
    psychicName: "Selene",
    pricesCents: { "30": 3500, "60": 6000 },
    hourlyRateCents: 6000,
  };
  const client = "u1" as Id<"users">;

  it("record the parties, the Rome date and time with their instants, and the price of that duration in cents", () => {
    const fields = newBookingFields(profile, client, { date: "2026-07-06", time: "10:00", durationMinutes: 30 });
    expect(fields).toMatchObject({ clientId: "u1", psychicUserId: "u2", psychicProfileId: "p1", psychicName: "Selene", priceCents: 3500 });
    // Summer time: 10:00 in Rome is 08:00 UTC.
    expect(fields.startsAt).toBe(Date.UTC(2026, 6, 6, 8, 0));
    expect(fields.endsAt - fields.startsAt).toBe(30 * 60_000);
    // A duration without its own price takes the hourly rate pro rata.
    expect(newBookingFields(profile, client, { date: "2026-07-06", time: "10:00", durationMinutes: 15 }).priceCents).toBe(1500);
  });

  it("keep the Rome date and time as shown, a voice consultation, and the duration", () => {
    const fields = newBookingFields(profile, client, { date: "2026-11-23", time: "18:30", durationMinutes: 60 });
    expect(fields).toMatchObject({
      scheduledDate: "2026-11-23",
      scheduledTime: "18:30",
      durationMinutes: 60,
      consultationType: "voice",
      priceCents: 6000,
    });
  });

  it("in winter, Rome is UTC+1", () => {
    const fields = newBookingFields(profile, client, { date: "2026-11-23", time: "10:00", durationMinutes: 60 });
    expect(fields.startsAt).toBe(Date.UTC(2026, 10, 23, 9, 0));
    expect(fields.endsAt).toBe(Date.UTC(2026, 10, 23, 10, 0));
  });

  it("on the days the clocks change, the offset of that time of day is used", () => {
    // Sunday 29 March 2026 the clocks go forward at 02:00: 10:00 is already summer time.
    expect(newBookingFields(profile, client, { date: "2026-03-29", time: "10:00", durationMinutes: 30 }).startsAt).toBe(Date.UTC(2026, 2, 29, 8, 0));
    // The day before, still winter time.
    expect(newBookingFields(profile, client, { date: "2026-03-28", time: "10:00", durationMinutes: 30 }).startsAt).toBe(Date.UTC(2026, 2, 28, 9, 0));
    // Sunday 25 October 2026 the clocks go back at 03:00: 10:00 is winter time again.
    expect(newBookingFields(profile, client, { date: "2026-10-25", time: "10:00", durationMinutes: 30 }).startsAt).toBe(Date.UTC(2026, 9, 25, 9, 0));
    expect(newBookingFields(profile, client, { date: "2026-10-24", time: "10:00", durationMinutes: 30 }).startsAt).toBe(Date.UTC(2026, 9, 24, 8, 0));
  });

  it("last the duration in real time, whatever the clocks do", () => {
    const fields = newBookingFields(profile, client, { date: "2026-03-29", time: "01:30", durationMinutes: 60 });
    expect(fields.endsAt - fields.startsAt).toBe(60 * MINUTE);
  });

  it("the price is whole cents even when the hourly rate gives a fraction of a euro", () => {
    const hourly = { ...profile, pricesCents: {}, hourlyRateCents: 5000 };
    // 15 minutes of 50 €/h is 12.50 €: the fallback price is rounded to whole euros first.
    expect(newBookingFields(hourly, client, { date: "2026-11-23", time: "10:00", durationMinutes: 15 }).priceCents).toBe(1300);
  });
});
