// The one ledger (docs/product-rules.md, "Payouts"): every money figure the screens show — the psychic's
// dashboard card, 'Guadagni', the statement, the monthly figures, the admin's overview and reconciliation —
// is defined here once, over the same rows: each booking's share (`psychicTransfers`), the share's
// reversals (`transferReversals`) and the booking's refund and dispute. Pure: values in, cents out.
import { shareOf } from "./payouts";
import { romeMonthOf } from "../framework/time";

// ─── The psychic's side: shares ───────────────────────────────────────────────────────────────────

/** The fields of a share (`psychicTransfers`) the ledger reads. */
export type LedgerShare = {
  reason: "consultation" | "cancellation";
  grossCents: number;
  commissionCents: number;
  amountCents: number;
  state: string;
  dueAt: number;
  reversedCents?: number;
};

/**
 * The Rome month a share belongs to, the month it was credited: that of its `dueAt`, when it became owed —
 * a consultation held by the clock at its end, one the psychic marks held when they mark it, a late
 * cancellation's share when the consultation would have ended. The DAC7 figures date a share the same way.
 */
export function shareMonth(share: Pick<LedgerShare, "dueAt">): string {
  return romeMonthOf(share.dueAt);
}

/**
 * What a share credits the psychic, net of the commission: the share less what was taken back from it
 * (a refund or a dispute after the share was owed). A share not yet transferred shrinks instead of being
 * reversed, so both come to the share of what the platform still keeps; a withheld one credits nothing.
 * Counted whatever the transfer's state: a share waiting for its time, for the account or for a retry is
 * still earned.
 */
export function creditedCents(share: Pick<LedgerShare, "amountCents" | "reversedCents">): number {
  return Math.max(0, share.amountCents - (share.reversedCents ?? 0));
}

/** A psychic's month as every screen shows it (cents). */
export type PsychicMonth = {
  month: string;
  /** Guadagnato: what the month's shares credit the psychic (held consultations + cancellations). */
  earnedCents: number;
  /** Of which from consultations given (completed or client absent). */
  consultationsCents: number;
  /** Of which from what clients' late cancellations left with the platform. */
  cancellationsCents: number;
  /** What the platform kept, and its commission on it, of the same shares. */
  grossCents: number;
  commissionCents: number;
  /** Already taken back from transfers made (refunds, disputes); the earned figure is net of it. */
  reversedCents: number;
  /** How many shares: held consultations and cancellations. */
  shares: number;
};

/** The psychic's figures of `month` from their shares; shares of other months are left out. */
export function psychicMonth(month: string, shares: readonly LedgerShare[]): PsychicMonth {
  const figures: PsychicMonth = {
    month,
    earnedCents: 0,
    consultationsCents: 0,
    cancellationsCents: 0,
    grossCents: 0,
    commissionCents: 0,
    reversedCents: 0,
    shares: 0,
  };
  for (const share of shares) {
    if (shareMonth(share) !== month) continue;
    const credited = creditedCents(share);
    figures.earnedCents += credited;
    if (share.reason === "consultation") figures.consultationsCents += credited;
    else figures.cancellationsCents += credited;
    figures.grossCents += share.grossCents;
    figures.commissionCents += share.commissionCents;
    figures.reversedCents += share.reversedCents ?? 0;
    figures.shares += 1;
  }
  return figures;
}

/**
 * 'In arrivo': the share of each paid consultation still to be held (confirmed, no share yet), as it
 * would be credited if held. Never part of what was earned.
 */
export function upcomingCents(bookings: ReadonlyArray<{ status: string; priceCents: number; refundCents?: number; disputeCents?: number }>): number {
  return bookings
    .filter((booking) => booking.status === "confirmed")
    .reduce((sum, booking) => sum + shareOf(keptOf(booking)).amountCents, 0);
}

// ─── The platform's side: each paid booking, in the month it was paid ────────────────────────────────

/** The fields of a paid booking the books read. */
type LedgerBooking = {
  status: string;
  priceCents: number;
  cancelReason?: string;
  refundCents?: number;
  refundStatus?: string;
  disputeCents?: number;
};
type LedgerReversal = { state: string; amountCents: number };

/** What the platform keeps of a booking's payment once every refund decided and every dispute went back. */
function keptOf(booking: { priceCents: number; refundCents?: number; disputeCents?: number; cancelReason?: string }): number {
  const paid = paidOf(booking);
  return Math.max(0, paid - (booking.refundCents ?? 0) - (booking.disputeCents ?? 0));
}

/** A late or wrong-amount payment was refunded whole: what was paid is what goes back. */
function paidOf(booking: { priceCents: number; refundCents?: number; cancelReason?: string }): number {
  return booking.cancelReason === "late_payment" ? (booking.refundCents ?? 0) : booking.priceCents;
}

/** One month's books, or one booking's part of them (cents). */
export type Books = {
  /** Incassato: the payments. */
  paidCents: number;
  /** Rimborsato: refunds Stripe confirmed. */
  refundedCents: number;
  /** Refunds asked of Stripe and not yet confirmed ('in corso'): still with the platform, owed to the client. */
  refundPendingCents: number;
  /** Refunds Stripe refused ('non riuscito'): still with the platform, owed to the client until the admin retries. */
  refundFailedCents: number;
  /** Contestato: disputes at the client's bank. */
  disputedCents: number;
  /** The psychics' shares: transferred, reversed at Stripe, still to transfer. */
  transferredCents: number;
  reversedCents: number;
  owedCents: number;
  /** The platform's commission: 15 % of what it keeps, booking by booking. */
  commissionCents: number;
};

export const BOOKS_FIELDS = [
  "paidCents",
  "refundedCents",
  "refundPendingCents",
  "refundFailedCents",
  "disputedCents",
  "transferredCents",
  "reversedCents",
  "owedCents",
  "commissionCents",
] as const satisfies ReadonlyArray<keyof Books>;

export function noBooks(): Books {
  return Object.fromEntries(BOOKS_FIELDS.map((field) => [field, 0])) as Books;
}

/**
 * One paid booking's part of its month's books, from the booking, its share (null before one is made)
 * and the share's reversals. A refund counts as refunded only once Stripe confirmed it; one in progress or
 * refused is shown apart, and the platform's commission is on what it keeps once every refund decided is
 * made (the same amount the psychic's share is of).
 */
export function bookingBooks(booking: LedgerBooking, share: Pick<LedgerShare, "state" | "amountCents"> | null, reversals: readonly LedgerReversal[]): Books {
  const refund = booking.refundCents ?? 0;
  const status = refund === 0 ? undefined : (booking.refundStatus ?? "pending");
  const kept = keptOf(booking);
  const money = {
    paidCents: paidOf(booking),
    refundedCents: status === "succeeded" ? refund : 0,
    refundPendingCents: status === "pending" ? refund : 0,
    refundFailedCents: status === "failed" ? refund : 0,
    disputedCents: booking.disputeCents ?? 0,
    commissionCents: shareOf(kept).commissionCents,
  };
  if (share === null) {
    // A confirmed consultation still to come owes its share after it; anything else owes nothing.
    const owedCents = booking.status === "confirmed" ? shareOf(kept).amountCents : 0;
    return { ...money, transferredCents: 0, reversedCents: 0, owedCents };
  }
  const reversedCents = reversals.filter((reversal) => reversal.state === "reversed").reduce((sum, reversal) => sum + reversal.amountCents, 0);
  const transferred = share.state === "transferred";
  return { ...money, transferredCents: transferred ? share.amountCents : 0, reversedCents, owedCents: transferred ? 0 : share.amountCents };
}

/** Books added up (a month from its bookings, all time from the months). */
export function addBooks(a: Books, b: Books, sign: 1 | -1 = 1): Books {
  return Object.fromEntries(BOOKS_FIELDS.map((field) => [field, a[field] + sign * b[field]])) as Books;
}

/** Ricavi: what the platform keeps of the payments, once every refund decided and every dispute went back. */
export function keptCentsOf(books: Books): number {
  return books.paidCents - books.refundedCents - books.refundPendingCents - books.refundFailedCents - books.disputedCents;
}

/**
 * What does not add up, zero when every cent is accounted for: paid − refunded − refunds still to make −
 * disputed = transferred − reversed + still owed + commission.
 */
export function differenceOf(books: Books): number {
  return keptCentsOf(books) - (books.transferredCents - books.reversedCents + books.owedCents) - books.commissionCents;
}

/** The Rome month whose books a paid booking counts in: that of its payment. */
export function booksMonthOf(paidAt: number): string {
  return romeMonthOf(paidAt);
}

// ─── What the screens say each figure is ──────────────────────────────────────────────────────────

/** One short Italian line per figure, shown beside it wherever it appears. */
export const FIGURE_DEFINITIONS = {
  earned:
    "Consulti tenuti e quote di annullamenti tardivi accreditati nel mese (ora di Roma), al netto della commissione e di quanto è stato stornato per rimborsi o contestazioni.",
  upcoming: "Consulti confermati del mese non ancora tenuti, al netto della commissione: non ancora guadagnati.",
  paid: "Pagamenti dei consulti incassati nel mese (ora di Roma).",
  refunded: "Rimborsi dei pagamenti del mese confermati da Stripe.",
  refundOpen: "Rimborsi dei pagamenti del mese chiesti a Stripe e non ancora riusciti (in corso o non riusciti): il denaro è ancora della piattaforma, dovuto al cliente.",
  disputed: "Contestazioni dei pagamenti del mese aperte dal cliente presso la banca.",
  kept: "Incassato nel mese meno i rimborsi decisi (riusciti, in corso o non riusciti) e le contestazioni.",
  commission: "15 % di quanto la piattaforma trattiene dei pagamenti del mese, consulto per consulto (IVA inclusa).",
  transferred: "Quote dei cartomanti dei pagamenti del mese trasferite sui loro account Stripe.",
  reversed: "Quanto di quelle quote Stripe ha ripreso dopo il trasferimento (rimborsi, contestazioni).",
  owed: "Quote dei cartomanti dei pagamenti del mese non ancora trasferite (consulti da tenere, in attesa o da riprovare).",
} as const;
