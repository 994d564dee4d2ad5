// The one home of the enums and shapes shared by the schema, the functions and the front end.
// Each validator comes with its `Infer` type, so a value is checked and typed from the same source.
import { literals } from "convex-helpers/validators";
import { v, type Infer } from "convex/values";

/** Who an account is for. Admin rights are not an account type: see `adminGrants`. */
export const accountType = literals("client", "psychic");
export type AccountType = Infer<typeof accountType>;

/** Psychic profile review state; `draft` until first published. */
export const profileStatus = literals("draft", "pending", "approved", "rejected");
/** How an admin's identity-verification call with a psychic went: only "passed" lets a profile be approved. */
export const verificationCallOutcome = literals("passed", "failed");
export type VerificationCallOutcome = Infer<typeof verificationCallOutcome>;
export type ProfileStatus = Infer<typeof profileStatus>;

/**
 * Booking lifecycle: five statuses, plus two the rules need (docs/product-rules.md):
 * - `expired`: the 30-minute payment hold lapsed without payment. Kept apart from `cancelled`
 *   because no money moved and nobody acted, so it never shows as a cancellation or a refund.
 * - `no_show`: the psychic marked the client absent; no refund, the psychic is paid in full.
 * `scheduled` is accepted for parity with the spec's list; the app itself writes `confirmed`.
 * A refund is not a status: it belongs to a cancellation and lives in the `refund*` fields.
 */
export const bookingStatus = literals("pending_payment", "confirmed", "completed", "cancelled", "expired", "no_show");
export type BookingStatus = Infer<typeof bookingStatus>;

/** Who cancelled a booking; `system` covers automatic cancellations (a late payment, the psychic absent, an account deleted). */
export const cancelledBy = literals("client", "psychic", "system");
export type CancelledBy = Infer<typeof cancelledBy>;

/**
 * Why a booking was cancelled: its client or psychic before the start, a payment that came too late
 * (or for the wrong amount) and went back, the psychic absent from the call, or one party's account
 * deleted. Who cancelled follows from it (model/bookingTransitions.ts, cancelledByOf).
 */
/** Why an unpaid hold stopped holding its time (model/bookingTransitions.ts HoldRelease). */
export const holdRelease = literals("client_left", "checkout_failed", "hold_ended", "session_expired", "account_deleted");

export const cancellationReason = literals(
  "client_cancelled",
  "psychic_cancelled",
  "late_payment",
  "psychic_no_show",
  "client_account_deleted",
  "psychic_account_deleted",
);
export type CancellationReason = Infer<typeof cancellationReason>;

/**
 * Where a booking stands as people see it (model/bookingView.ts derives it; the app maps each to its
 * words and colour): payment, then a paid consultation by the clock, then how it ended.
 */
export const bookingViewState = literals(
  "awaiting_payment",
  "payment_lapsed",
  "confirmed",
  "upcoming",
  "live",
  "awaiting_outcome",
  "completed",
  "no_show",
  "cancelled",
);
export type BookingViewState = Infer<typeof bookingViewState>;

/** Whether a booking's payment went through, for the payment pages. */
export const paymentViewState = literals("awaiting_payment", "confirmed", "payment_lapsed", "cancelled");
export type PaymentViewState = Infer<typeof paymentViewState>;

/** Where a cancelled booking's refund stands. */
export const refundViewState = literals("not_refunded", "refund_pending", "refund_failed", "refunded");
export type RefundViewState = Infer<typeof refundViewState>;

export const refundStatus = literals("pending", "succeeded", "failed");
export type RefundStatus = Infer<typeof refundStatus>;

/** The spec's "voice or chat; others possible": a call through the browser, or a written conversation. */
export const consultationTypes = ["voice", "chat"] as const;
export const consultationType = literals(...consultationTypes);
export type ConsultationType = Infer<typeof consultationType>;

/** The two people of a booking, as a call or a chat names them. */
export const bookingParty = literals("client", "psychic");

/** What a chat message had hidden before the other side read it (model/chatMasking.ts). */
export const maskedKind = literals("phone", "email", "link", "handle");

export const callSessionStatus = literals("waiting", "active", "ended");

/** Twilio Voice when its keys exist, browser-to-browser WebRTC signalled through Convex otherwise. */
export const callProvider = literals("twilio", "webrtc");

/** One party's time in the call inside the paid window (model/attendance.ts `Attendance`). */
export const callAttendance = v.object({ firstPresentAt: v.optional(v.number()), presentMs: v.number() });

export const callSignalKind = literals("offer", "answer", "candidate", "hangup");
export type CallSignalKind = Infer<typeof callSignalKind>;

/** The single category set (docs/product-rules.md, "Contact and admin"); a form without a choice stores `general`. */
// `report` is a client's report of a consultation (convex/consultationReports.ts), never a choice of the contact form.
export const contactCategory = literals("general", "booking", "payment", "technical", "psychic", "account", "feedback", "other", "report");
export type ContactCategory = Infer<typeof contactCategory>;

/** unread → read → replied, never back. */
export const contactStatus = literals("unread", "read", "replied");
export type ContactStatus = Infer<typeof contactStatus>;

export const weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Weekday = (typeof weekdays)[number];

/** The four switches (docs/product-rules.md, "Contact and admin"); a missing or unreadable row falls back to its default. */
export const settingKeys = ["psychic_registration_enabled", "booking_enabled", "maintenance_mode", "psychic_approval_required"] as const;
export const settingKey = literals(...settingKeys);
export type SettingKey = Infer<typeof settingKey>;

/** Offered consultation lengths in minutes. */
export const durationMinutes = literals(15, 30, 45, 60);
export type DurationMinutes = Infer<typeof durationMinutes>;

/** A day of the weekly schedule: wall-clock "HH:MM" slot starts, Europe/Rome. */
const dayAvailability = v.object({
  enabled: v.boolean(),
  availableHours: v.array(v.string()),
});
export type DayAvailability = Infer<typeof dayAvailability>;

export const weeklyAvailability = v.object({
  monday: dayAvailability,
  tuesday: dayAvailability,
  wednesday: dayAvailability,
  thursday: dayAvailability,
  friday: dayAvailability,
  saturday: dayAvailability,
  sunday: dayAvailability,
});
export type WeeklyAvailability = Infer<typeof weeklyAvailability>;

/** A psychic's price for each length: duration in minutes ("30") → integer cents, IVA inclusa. */
export const pricesCents = v.record(v.string(), v.number());
export type PricesCents = Infer<typeof pricesCents>;

/**
 * The same in whole euros, as profiles stored it before prices were cents, until
 * `migrations:pricesToCents` converts them; read only through model/psychics.ts `pricesCentsOf`.
 */
export const pricing = v.record(v.string(), v.number());
export type Pricing = Infer<typeof pricing>;

export const specialties = [
  "Tarocchi",
  "Astrologia",
  "Carte Sibille",
  "Lettura Palmo",
  "Numerologia",
  "Cristallomanzia",
  "Rune",
  "Cartomanzia",
] as const;
export const specialty = literals(...specialties);
export type Specialty = Infer<typeof specialty>;

export const specializations = [
  "Amore e Relazioni",
  "Carriera e Lavoro",
  "Famiglia e Figli",
  "Salute e Benessere",
  "Denaro e Finanze",
  "Crescita Spirituale",
  "Decisioni Importanti",
  "Futuro e Destino",
] as const;
export const specialization = literals(...specializations);
export type Specialization = Infer<typeof specialization>;

/** Stars of a review: whole numbers 1–5, enforced by the schema itself. */
export const reviewRating = literals(1, 2, 3, 4, 5);

/** Every email the product sends (docs/product-rules.md, "Emails"). */
export const emailKind = literals(
  "account_created",
  "sign_up_code",
  "sign_up_existing_account",
  "booking_confirmed",
  "booking_reminder_24h",
  "booking_reminder_15m",
  "booking_cancelled",
  "booking_rescheduled",
  "refund_issued",
  "contact_message",
  "contact_received",
  "contact_answer",
  "password_reset",
  "availability_alert",
  "payout_onboarding_reminder",
  "fiscal_document",
);
export type EmailKind = Infer<typeof emailKind>;

/** `kept`: no RESEND_API_KEY, so the mail stays in the outbox for the local mailbox page. */
export const emailStatus = literals("queued", "sent", "failed", "kept");

/** `stripe_connect`: the Connect endpoint's events (connected accounts, their transfers and payouts). */
export const webhookProvider = literals("stripe", "stripe_connect");

/** What an upload is for; an upload URL is issued to one person for one purpose. */
export const uploadPurpose = literals("psychic_photo");
export type UploadPurpose = Infer<typeof uploadPurpose>;

/** issued (URL handed out) → claimed (the file is proven the owner's) → attached (in use). */
export const uploadStatus = literals("issued", "claimed", "attached");

/** A psychic's Connect account as the app shows it (model/payouts.ts payoutStateOf). */
export const payoutAccountState = literals("not_started", "requirements_due", "pending_verification", "enabled");

/** A psychic's share on its way to their connected account (model/payouts.ts). */
/** `withheld`: the client got the money back before it was transferred, so nothing goes. */
export const transferState = literals("awaiting_onboarding", "scheduled", "pending", "transferred", "failed", "withheld");

/** Why money goes back from a psychic's transfer. */
export const reversalReason = literals("refund", "dispute");
export const reversalState = literals("pending", "reversed", "failed");

export const shareReason = literals("consultation", "cancellation");

/** A call to a provider that moves money or sends mail, and where it got (model/providerJobs.ts). */
export const providerJobKind = literals("refund", "transfer", "reversal", "checkout_expiry", "email", "fiscal_document");
export const providerJobState = literals("pending", "done", "failed");

/** A payout of a connected account to the bank, as Stripe's `payout.*` events say it. */
export const payoutStatus = literals("paid", "failed");

// Fiscal documents (convex/fiscalDocuments.ts, model/fiscalDocuments.ts).
export const fiscalDocumentKind = literals("receipt", "receipt_credit_note", "commission_invoice", "commission_credit_note");
/** A partita IVA's regime; without one a psychic works occasionally. */
export const fiscalRegime = literals("forfettario", "ordinario");
const documentParty = v.object({ name: v.string(), taxCode: v.optional(v.string()), vatNumber: v.optional(v.string()), address: v.optional(v.string()) });
/** A document's printed content as issued (model/fiscalDocuments.ts DocumentContent). */
export const documentContent = v.object({
  title: v.string(),
  issuer: documentParty,
  recipient: documentParty,
  lines: v.array(v.object({ description: v.string(), amountCents: v.number() })),
  netCents: v.number(),
  vatCents: v.number(),
  totalCents: v.number(),
  notes: v.array(v.string()),
  corrects: v.optional(v.object({ number: v.string(), date: v.string() })),
});

/** What a psychic enters in 'Dati fiscali (DAC7)' besides the IBAN (convex/fiscalData.ts; the schema keeps it). */
export const fiscalDataFields = {
  legalName: v.string(),
  codiceFiscale: v.string(),
  dateOfBirth: v.string(),
  street: v.string(),
  postalCode: v.string(),
  city: v.string(),
};

// Code of conduct and consultation reports (convex/conduct.ts, convex/consultationReports.ts).
/** Why a client reports a consultation; the Italian labels are in model/consultationReports.ts. */
export const reportReason = literals("money_or_rituals", "medical_legal_financial", "misconduct", "off_platform_contact", "other");
export type ReportReason = Infer<typeof reportReason>;

/** The code of conduct a psychic accepted: which version, and when. */
export const conductAcceptance = v.object({ version: v.number(), acceptedAt: v.number() });

/** Consent at checkout: the one statement a client accepts before paying, and the terms' version. */
const checkoutConsentStatement = v.literal("date_and_cancellation_terms");
export const checkoutConsent = v.object({
  statement: checkoutConsentStatement,
  termsVersion: v.string(),
  acceptedAt: v.number(),
  // This booking's own refund terms when the box was ticked (model/refundTerms.ts); older bookings have none.
  refundTerms: v.optional(v.string()),
});

/** Spending limit: a client's monthly ceiling and pause as stored (model/spendingLimit.ts). */
export const spendingLimitFields = {
  limitCents: v.union(v.number(), v.null()),
  pendingLimit: v.optional(v.object({ limitCents: v.union(v.number(), v.null()), effectiveAt: v.number() })),
  pausedThrough: v.optional(v.string()),
  pauseEndsEarlyAt: v.optional(v.number()),
};
