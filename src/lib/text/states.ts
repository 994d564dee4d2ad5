// The one table of states the app shows: each state is an enum the server sends with the booking
// (convex/model/bookingView.ts derives them), the profile's status or a payout's (convex/model/payouts.ts),
// with its Italian words and its colour. Views branch on the enums and take the words and colours from
// here, so a state reads and looks the same for the client, the psychic and the admin.
import type { Infer } from "convex/values";
import type { AccountType, BookingViewState, payoutStatus, ProfileStatus, RefundViewState } from "@convex/framework/validators";
import type { PayoutAccountState, ShareReason, TransferState } from "@convex/model/payouts";

type StateColor = "green" | "amber" | "blue" | "gray" | "red";

/** What a state looks like: its words and the colour of its badge. */
export type StateBadge = { label: string; color: StateColor };

/**
 * Where a booking stands, payment included. `confirmed` is "paid" where time does not matter (the
 * payment pages, the admin's list).
 */
type BookingState = BookingViewState;

export const bookingStates: Record<BookingState, StateBadge> = {
  /** Unpaid, its hold still running: the client may still pay. */
  awaiting_payment: { label: "Pagamento in corso", color: "amber" },
  /** Unpaid and its hold over (or released): nothing was charged. */
  payment_lapsed: { label: "Pagamento non completato", color: "gray" },
  confirmed: { label: "Confermato", color: "green" },
  /** Paid, before its start. */
  upcoming: { label: "Programmato", color: "blue" },
  /** Paid, inside its window. */
  live: { label: "In corso", color: "green" },
  /** Paid, its window over, and the psychic's word (held or client absent) not recorded yet. */
  awaiting_outcome: { label: "Da confermare", color: "amber" },
  completed: { label: "Completato", color: "gray" },
  no_show: { label: "Cliente assente", color: "gray" },
  cancelled: { label: "Annullato", color: "red" },
};

/** Where the refund of a cancelled booking stands. */
type RefundState = RefundViewState;

export const refundStates: Record<RefundState, StateBadge> = {
  /** The client cancelled too late for a refund. */
  not_refunded: { label: "Nessun rimborso", color: "gray" },
  refund_pending: { label: "Rimborso in corso", color: "amber" },
  /** Stripe kept refusing: the admin retries it. */
  refund_failed: { label: "Rimborso non riuscito", color: "red" },
  /** Arrived: "Rimborsato il …" when the date is known. */
  refunded: { label: "Rimborsato", color: "green" },
};

/** What happens next, for the client, where the badge alone would leave them wondering. */
export const clientRefundNotes: Partial<Record<RefundState, string>> = {
  refund_failed:
    "Il rimborso non è andato a buon fine: lo stiamo verificando e lo invieremo di nuovo; qui vedrai quando parte.",
};

/**
 * Where a psychic's profile stands in review; `none` where there is no review state to show (the
 * spec's N/A: the admin's tables show a dash that reads 'non disponibile').
 */
type ProfileState = ProfileStatus | "none";

export const profileStates: Record<ProfileState, StateBadge> = {
  draft: { label: "Bozza", color: "gray" },
  pending: { label: "In Attesa", color: "amber" },
  approved: { label: "Approvato", color: "green" },
  rejected: { label: "Rifiutato", color: "red" },
  none: { label: "Non disponibile", color: "gray" },
};

/** The admin's view (the spec's labels): a draft, or an account without a profile, has no review state yet. */
export function adminProfileState(profileStatus: ProfileStatus | null): ProfileState {
  return profileStatus === null || profileStatus === "draft" ? "none" : profileStatus;
}

/** What an account is for, in the admin's lists; staff accounts (admins) carry no type. */
type AccountKind = AccountType | "staff";

export const accountKinds: Record<AccountKind, { label: string; color: "violet" | "blue" | "gray" }> = {
  client: { label: "Cliente", color: "blue" },
  psychic: { label: "Cartomante", color: "violet" },
  staff: { label: "Staff", color: "gray" },
};

/** Where a psychic's Stripe account stands ('Ricevi i pagamenti'). */
export const payoutAccountStates: Record<PayoutAccountState, StateBadge> = {
  not_started: { label: "Non iniziato", color: "gray" },
  /** Stripe asks for something (the card lists what). */
  requirements_due: { label: "Documenti richiesti", color: "amber" },
  pending_verification: { label: "In verifica", color: "blue" },
  enabled: { label: "Pagamenti attivi", color: "green" },
};

/** Where a consultation's share stands on its way to the psychic's account ('Guadagni'). */
export const transferStates: Record<TransferState, StateBadge> = {
  awaiting_onboarding: { label: "In attesa di attivazione pagamenti", color: "amber" },
  /** Its time has not come yet (a cancellation's share goes at the consultation's original end): "Programmato per il …". */
  scheduled: { label: "Programmato", color: "blue" },
  pending: { label: "In corso", color: "blue" },
  /** "Trasferito il …" with the transfer's date. */
  transferred: { label: "Trasferito", color: "green" },
  failed: { label: "Non riuscito", color: "red" },
  /** The client got the whole payment back (a refund, a dispute) before the transfer: nothing is owed. */
  withheld: { label: "Non dovuto: rimborsato al cliente", color: "gray" },
};

/** Why a share is owed: a consultation held, or what a client's late cancellation left with the platform. */
export const shareReasons: Record<ShareReason, string> = {
  consultation: "Consulto",
  cancellation: "Annullamento con trattenuta",
};

/** A payout of the psychic's Stripe account to their bank. */
export const payoutStatuses: Record<Infer<typeof payoutStatus>, StateBadge> = {
  paid: { label: "Pagato", color: "green" },
  failed: { label: "Non riuscito", color: "red" },
};
