// Every sentence that states a rule says what the server does:
// each page and dialog is rendered, the rule it states is read as a person reads it
// (tests/convex/fixtures/statedRules.ts), and held against the server's own function. The real mutations
// (a deletion, a cancellation, an absence, through the ledger) are in tests/convex/ruleTexts.test.ts.
import type { ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { clientCancellationRefund } from "@convex/model/cancellationRefunds";
import { reminderTimes } from "@convex/model/reminders";
import { REVIEW_EDIT_WINDOW_MS } from "@convex/model/reviews";
import { bookingPausedUntil, whyNoNewBooking } from "@convex/model/bookingLimits";
import { HOLD_MINUTES } from "@convex/model/bookings";
import { callOpensAt, PSYCHIC_GRACE_MS } from "@convex/model/calls";
import { cancellationRefundCents, deletionCancels, deletionRefundCents, REFUND_ARRIVAL_WORKING_DAYS } from "@convex/model/cancellationRefunds";
import { minPsychicPresenceMs } from "@convex/model/attendance";
import { formatCents } from "@convex/model/format";
import { shareOf } from "@convex/model/payouts";
import { isValidLimit, NO_LIMIT, PAUSE_DAYS, withLimit } from "@convex/model/spendingLimit";
import { payoutAccountParams } from "@convex/model/stripeRequests";
import { deleteAccountDialogText } from "@/components/account/DeleteAccountDialog";
import { psychicCancelMessages } from "@/features/psychic/dashboard/CancelByPsychicDialog";
import { ClientFaqPage } from "@/features/static/ClientFaqPage";
import { HowItWorksPage } from "@/features/static/HowItWorksPage";
import { PrivacyPage } from "@/features/static/PrivacyPage";
import { PsychicFaqPage } from "@/features/static/PsychicFaqPage";
import { ReviewsAndRankingPage } from "@/features/static/ReviewsAndRankingPage";
import { TermsPage } from "@/features/static/TermsPage";
import { bookingPauseMessage } from "@/lib/text/bookingLimitMessages";
import {
  noticesAround,
  sentenceAfter,
  statedClientWindows,
  statedRefund,
  statedRefundCents,
  statedUnderWayCancelled,
} from "../convex/fixtures/statedRules";
import { renderWithProviders } from "./render";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const PRICE = 4500;

/** The whole text of a page, closed FAQ answers included, as one line. */
function textOf(page: ReactElement): string {
  const { container, unmount } = renderWithProviders(page);
  const text = (container.textContent ?? "").replace(/\s+/g, " ");
  unmount();
  return text;
}

const pages = {
  terms: () => textOf(<TermsPage />),
  clientFaq: () => textOf(<ClientFaqPage />),
  psychicFaq: () => textOf(<PsychicFaqPage />),
  howItWorks: () => textOf(<HowItWorksPage />),
  privacy: () => textOf(<PrivacyPage />),
  reviews: () => textOf(<ReviewsAndRankingPage />),
};

/** A booking of PRICE starting `noticeMs` after the instant 0. */
const bookingAhead = (noticeMs: number) => ({ startsAt: noticeMs, endsAt: noticeMs + 30 * MINUTE, priceCents: PRICE });

describe("the client's refund windows, as every page states them, are the ones a cancellation applies", () => {
  it.each(["terms", "clientFaq", "howItWorks", "psychicFaq"] as const)("%s", (page) => {
    const windows = statedClientWindows(pages[page]());
    for (const notice of noticesAround(windows)) {
      expect(statedRefundCents(windows, notice, PRICE), `${notice / HOUR} h before`).toBe(clientCancellationRefund(bookingAhead(notice), 0).refundCents);
    }
  });
});

describe("what deleting an account does, as each text states it, is what the deletion does", () => {
  const statements = {
    "the terms, a client": () => sentenceAfter(pages.terms(), "Se elimina l'account un cliente"),
    "the terms, a psychic": () => sentenceAfter(pages.terms(), "Se lo elimina un cartomante"),
    "the privacy notice, a client": () => sentenceAfter(pages.privacy(), "Se sei un cliente"),
    "the privacy notice, a psychic": () => sentenceAfter(pages.privacy(), "Se sei un cartomante"),
    "the client FAQ": () => sentenceAfter(pages.clientFaq(), "Puoi eliminare l'account in qualsiasi momento"),
    "the psychic FAQ": () => sentenceAfter(pages.psychicFaq(), "Puoi eliminare l'account dalle impostazioni"),
    "the client's dialog": () => deleteAccountDialogText.bookings.client,
    "the psychic's dialog": () => deleteAccountDialogText.bookings.psychic,
  };
  const sideOf = (name: string) => (/psychic/.test(name) ? "psychic" : "client");

  it.each(Object.keys(statements) as Array<keyof typeof statements>)("%s", (name) => {
    const side = sideOf(name);
    const sentence = statements[name]();
    const refund = statedRefund(sentence);
    const windows = refund.kind === "windows" ? refund : { fullFromHours: 24, halfFromHours: 2, halfPercent: 100 };
    for (const notice of noticesAround(windows)) {
      expect(statedRefundCents(refund, notice, PRICE), `${notice / HOUR} h before`).toBe(deletionRefundCents(side, bookingAhead(notice), 0));
    }
    const underWay = { startsAt: -10 * MINUTE, endsAt: 20 * MINUTE };
    expect(statedUnderWayCancelled(sentence), "a consultation under way").toBe(deletionCancels(side, underWay, 0));
  });

  it("the terms no longer promise a client's deletion a full refund", () => {
    expect(statedRefund(sentenceAfter(pages.terms(), "Se elimina l'account un cliente")).kind).toBe("windows");
  });
});

describe("the psychic's cancellation and absence refund what the texts say", () => {
  it("a psychic's cancellation: the terms, both FAQs and the psychic's dialog", () => {
    const stated = [
      sentenceAfter(pages.terms(), "Se è il cartomante ad annullare"),
      sentenceAfter(pages.clientFaq(), "Se è il cartomante ad annullare"),
      sentenceAfter(pages.psychicFaq(), "annulla il consulto dalla dashboard"),
    ];
    for (const sentence of stated) {
      for (const notice of [DAY, HOUR]) {
        expect(statedRefundCents(statedRefund(sentence), notice, PRICE)).toBe(cancellationRefundCents("psychic_cancelled", bookingAhead(notice), 0));
      }
    }
    // The psychic's side of the terms: a cancellation, an absence or a deletion, each in full.
    const psychicCaused = statedRefund(sentenceAfter(pages.terms(), "Se il cartomante annulla un consulto, non si presenta o elimina"));
    for (const reason of ["psychic_cancelled", "psychic_no_show", "psychic_account_deleted"] as const) {
      expect(statedRefundCents(psychicCaused, HOUR, PRICE), reason).toBe(cancellationRefundCents(reason, bookingAhead(HOUR), 0));
    }
    // The dialog names the amount of this booking.
    const amount = cancellationRefundCents("psychic_cancelled", bookingAhead(HOUR), 0);
    expect(psychicCancelMessages.before("Luca Neri", PRICE)).toContain(`Luca Neri riceverà il rimborso completo di ${formatCents(amount)}`);
  });

  it.each(["terms", "clientFaq", "psychicFaq", "howItWorks"] as const)("a psychic's absence, %s: the grace minutes, the presence needed and a full refund", (page) => {
    const text = pages[page]();
    const absent = /entro (\d+) minuti dall'inizio[^.]*?(rimborso completo)/.exec(text);
    expect(absent).not.toBeNull();
    expect(Number(absent![1]) * MINUTE).toBe(PSYCHIC_GRACE_MS);
    expect(cancellationRefundCents("psychic_no_show", bookingAhead(0), 0)).toBe(PRICE);
    // "meno di metà della durata": half a 30-minute window, when the client stays all of it.
    const share = /meno di (metà|\d+%) della durata/.exec(text);
    expect(share).not.toBeNull();
    const window = { startsAt: 0, endsAt: 30 * MINUTE };
    const stated = share![1] === "metà" ? 0.5 : Number(/\d+/.exec(share![1])![0]) / 100;
    expect(minPsychicPresenceMs(window, 30 * MINUTE)).toBe(stated * 30 * MINUTE);
  });
});

describe("money, payouts and limits: the numbers the pages state are the server's", () => {
  it("the commission the terms and the psychic FAQ state is the one taken from each share", () => {
    for (const text of [pages.terms(), pages.psychicFaq()]) {
      const percent = Number(/commissione del (\d+)%/.exec(text)![1]);
      for (const gross of [PRICE, 1000, 2995]) expect(shareOf(gross).commissionCents).toBe(Math.round((gross * percent) / 100));
    }
  });

  it("the payout day the terms and the psychic FAQ name is the schedule the payout account is made with", () => {
    const schedule = payoutAccountParams("p").settings?.payouts?.schedule;
    expect(schedule?.interval).toBe("weekly");
    const days = { monday: "lunedì", tuesday: "martedì", wednesday: "mercoledì", thursday: "giovedì", friday: "venerdì" } as const;
    const day = days[schedule?.weekly_anchor as keyof typeof days];
    expect(pages.terms()).toContain(`sul conto bancario ogni ${day}`);
    expect(pages.psychicFaq()).toContain(`Ogni ${day}`);
    expect(pages.psychicFaq()).toContain(`sul tuo conto bancario ogni ${day}`);
  });

  it("the refund's way to the card is stated alike everywhere", () => {
    const { from, to } = REFUND_ARRIVAL_WORKING_DAYS;
    for (const text of [pages.terms(), pages.clientFaq(), pages.howItWorks()]) {
      const [, stated1, stated2] = /(\d+)–(\d+) giorni lavorativi/.exec(text)!;
      expect([Number(stated1), Number(stated2)]).toEqual([from, to]);
    }
  });

  it("the booking limits the terms state refuse exactly one booking past them", () => {
    const text = pages.terms();
    const [, perDay, perWeek, inAll] = /al massimo (\d+) consulti con lo stesso cartomante nello stesso giorno, (\d+) nella stessa settimana[^.]*? e (\d+) in tutto/.exec(
      text,
    )!.map(Number);
    const monday = "2026-11-30";
    const same = (count: number, date = monday) => Array.from({ length: count }, () => ({ psychicProfileId: "p", scheduledDate: date }));
    const target = { psychicProfileId: "p", date: monday };
    expect(whyNoNewBooking(same(perDay - 1), target)).toBeNull();
    expect(whyNoNewBooking(same(perDay), target)).toBe("SAME_PSYCHIC_DAY_LIMIT");
    const week = [...same(perDay, "2026-12-01"), ...same(perWeek - perDay - 1, "2026-12-02")];
    expect(whyNoNewBooking(week, target)).toBeNull();
    expect(whyNoNewBooking([...week, ...same(1, "2026-12-03")], target)).toBe("SAME_PSYCHIC_WEEK_LIMIT");
    const elsewhere = (count: number) => Array.from({ length: count }, (_, i) => ({ psychicProfileId: `q${i}`, scheduledDate: monday }));
    expect(whyNoNewBooking(elsewhere(inAll - 1), target)).toBeNull();
    expect(whyNoNewBooking(elsewhere(inAll), target)).toBe("UPCOMING_LIMIT");
  });

  it("the pause after full refunds, as the terms and the refusal state it, is the one the server applies", () => {
    for (const text of [pages.terms(), bookingPauseMessage(0)]) {
      const [, count, windowDays] = /annull(?:i|ato) (\d+) consulti con rimborso completo (?:nell'arco di|negli ultimi) (\d+) giorni/.exec(text)!.map(Number);
      const now = 100 * DAY;
      // The oldest inside the stated window, the others in the last hours.
      const recent = Array.from({ length: count - 1 }, (_, i) => now - (i + 1) * HOUR);
      const cancelled = [now - (windowDays - 1) * DAY, ...recent];
      expect(bookingPausedUntil(recent, now), "one fewer than stated").toBeNull();
      expect(bookingPausedUntil([now - windowDays * DAY, ...recent], now), "the oldest just outside the window").toBeNull();
      const until = bookingPausedUntil(cancelled, now);
      expect(until).not.toBeNull();
      if (text === bookingPauseMessage(0)) continue;
      const pauseDays = Number(/per (\d+) giorni dall'ultimo annullamento/.exec(text)![1]);
      expect(until! - Math.max(...cancelled)).toBe(pauseDays * DAY);
    }
  });

  it("the spending limit's highest amount, its pauses and the wait before spending more are the server's", () => {
    for (const text of [pages.terms(), pages.clientFaq()]) {
      const pauses = /una pausa di ([\d, o]+) giorni/.exec(text)![1].split(/, | o /).map(Number);
      expect(pauses).toEqual([...PAUSE_DAYS]);
      const hours = Number(/vale dopo (\d+) ore/.exec(text)![1]);
      const raised = withLimit({ limitCents: 1000 }, 5000, 0);
      expect(raised.pendingLimit?.effectiveAt).toBe(hours * HOUR);
      expect(withLimit(NO_LIMIT, 1000, 0).limitCents).toBe(1000);
      const highest = Number(/\(fino a ([\d.]+)\s€\)/.exec(text)![1].replace(/\./g, "")) * 100;
      expect([isValidLimit(highest), isValidLimit(highest + 1)]).toEqual([true, false]);
    }
  });

  it("the reminders, the call page's opening, the hold and the review window are the server's", () => {
    const start = 10 * DAY;
    const reminders = reminderTimes(start, 0).map(({ at }) => start - at);
    for (const text of [pages.clientFaq(), pages.howItWorks()]) {
      const [, h, m] = /via email (\d+) ore e (\d+) minuti prima/.exec(text)!.map(Number);
      expect(reminders).toEqual([h * HOUR, m * MINUTE]);
      const early = Number(/si apre (\d+) minuti prima/.exec(text)![1]);
      expect(start - callOpensAt(start)).toBe(early * MINUTE);
      expect(Number(/per te per (\d+) minuti/.exec(text)![1])).toBe(HOLD_MINUTES);
    }
    expect(Number(/modificarla per (\d+) giorni/.exec(pages.reviews())![1]) * DAY).toBe(REVIEW_EDIT_WINDOW_MS);
  });
});

describe("the terms and the FAQs send the client to each booking's own deadlines", () => {
  it.each(["terms", "clientFaq", "howItWorks"] as const)("%s", (page) => {
    expect(pages[page]()).toMatch(/pagina di prenotazione[^.]*(email di conferma)[^.]*dashboard/);
  });
});
