// Why 'Paga e prenota' is disabled, in one place for the checkout column and the phone's pay bar: the
// first thing missing, in the order a person meets them, its words and where the page takes them.

export type PayBlocker = "closed" | "time" | "held" | "spending" | "consent";

type PayFacts = {
  /** Bookings switched off, maintenance, or the psychic not taking consultations. */
  closed: boolean;
  timeChosen: boolean;
  /** The client's own hold on the chosen date (one per psychic and date). */
  heldOnDate: boolean;
  /** The client's own spending limit or pause refuses this price. */
  overSpendingLimit: boolean;
  consentGiven: boolean;
};

export function payBlockerOf(facts: PayFacts): PayBlocker | null {
  if (facts.closed) return "closed";
  if (!facts.timeChosen) return "time";
  if (facts.heldOnDate) return "held";
  if (facts.overSpendingLimit) return "spending";
  if (!facts.consentGiven) return "consent";
  return null;
}

/** The pay bar's short words: what to do, on a button that leads there. */
export const PAY_BLOCKER_ACTION: Record<PayBlocker, string> = {
  closed: "Prenotazioni sospese",
  time: "Scegli un orario",
  held: "Hai un pagamento in sospeso",
  spending: "Oltre il tuo limite di spesa",
  consent: "Accetta le condizioni",
};

/** The checkout column's sentence under the disabled button (its accessible description); the consent's and a hold's are said beside them. */
export const PAY_BLOCKER_REASON: Record<Exclude<PayBlocker, "consent" | "held">, string> = {
  closed: "Per ora non si può pagare: leggi l'avviso in cima alla pagina.",
  time: "Per pagare scegli un orario libero.",
  spending: "Per pagare resta entro il limite di spesa mensile che hai scelto.",
};

/** The element each reason leads to (ids on the booking page). */
export const PAY_BLOCKER_TARGET: Record<PayBlocker, string> = {
  closed: "booking-closed",
  time: "booking-time-picker",
  held: "booking-own-holds",
  spending: "booking-spending",
  consent: "booking-consent",
};

/** Takes the person to what is missing: into view and focused (the first free time, when choosing one). */
export function jumpTo(blocker: PayBlocker): void {
  const target = document.getElementById(PAY_BLOCKER_TARGET[blocker]);
  if (target === null) return;
  const focusable =
    blocker === "time"
      ? (target.parentElement?.querySelector<HTMLElement>("button.booking-time:not(:disabled)") ?? target)
      : target;
  focusable.scrollIntoView({ block: "center" });
  focusable.focus({ preventScroll: true });
}
