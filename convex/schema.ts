// The whole product's data. Creation times come from each document's `_creationTime`;
// instants are UTC milliseconds; money that changes hands is integer euro cents.
import { authTables } from "@convex-dev/auth/server";
import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";
import {
  accountType,
  payoutAccountState,
  payoutStatus,
  reversalReason,
  reversalState,
  fiscalDataFields,
  shareReason,
  providerJobKind,
  providerJobState,
  holdRelease,
  transferState,
  bookingStatus,
  callAttendance,
  callProvider,
  callSessionStatus,
  callSignalKind,
  cancellationReason,
  cancelledBy,
  consultationType,
  bookingParty,
  maskedKind,
  conductAcceptance,
  contactCategory,
  reportReason,
  contactStatus,
  durationMinutes,
  emailKind,
  documentContent,
  fiscalDocumentKind,
  fiscalRegime,
  emailStatus,
  pricesCents,
  pricing,
  profileStatus,
  verificationCallOutcome,
  refundStatus,
  reviewRating,
  settingKey,
  specialization,
  specialty,
  webhookProvider,
  uploadPurpose,
  uploadStatus,
  weeklyAvailability,
  checkoutConsent,
  spendingLimitFields,
} from "./framework/validators";
import { storedCounterMetric } from "./model/counterMetrics";

export default defineSchema({
  // Sessions, accounts, verification codes and auth rate limits of @convex-dev/auth.
  ...authTables,

  // A person who signed up. The auth library's fields first (all optional, it writes them),
  // then the app's. `name` is the person's full name ("Nome e cognome").
  users: defineTable({
    name: v.optional(v.string()),
    image: v.optional(v.string()),
    email: v.optional(v.string()),
    emailVerificationTime: v.optional(v.number()),
    phone: v.optional(v.string()),
    phoneVerificationTime: v.optional(v.number()),
    isAnonymous: v.optional(v.boolean()),
    // Set at sign-up for every client and psychic; absent only on staff accounts created by hand.
    accountType: v.optional(accountType),
    // When the 18+ and Terms/Privacy box was ticked; sign-up is refused without it.
    consentGivenAt: v.optional(v.number()),
  })
    .index("email", ["email"])
    .index("phone", ["phone"])
    // The admin's clients list, newest first.
    .index("by_accountType", ["accountType"]),

  // What the admin's user search finds each account by (model/admin.ts, searchKeysOf): its email, its
  // name and the name from each later word on, folded. Kept by the accounts' trigger (lib/admin/userSearch.ts).
  userSearchKeys: defineTable({
    userId: v.id("users"),
    key: v.string(),
  })
    .index("by_key", ["key"])
    .index("by_userId", ["userId"]),

  // A psychic's public profile, prices and weekly schedule; one per psychic account.
  psychicProfiles: defineTable({
    userId: v.id("users"),
    psychicName: v.string(),
    photoStorageId: v.optional(v.id("_storage")),
    // Static image shipped in public/ for seeded psychics; uploads use photoStorageId.
    photoUrl: v.optional(v.string()),
    bio: v.string(),
    specialties: v.array(specialty),
    specializations: v.array(specialization),
    yearsExperience: v.number(),
    totalConsultations: v.number(),
    // Average of real reviews; absent until the first one ("Nuovo"), never a made-up figure.
    rating: v.optional(v.number()),
    reviewCount: v.number(),
    // The stars of every review added up, so a new or edited review updates the average exactly
    // without reading the others (absent before the first review).
    ratingSum: v.optional(v.number()),
    isAvailable: v.boolean(),
    isPubliclyVisible: v.boolean(),
    profileStatus,
    adminNotes: v.optional(v.string()),
    approvedBy: v.optional(v.id("users")),
    approvedAt: v.optional(v.number()),
    // True once an admin recorded a passed verification call; approval is refused until then.
    verificationCallCompleted: v.boolean(),
    // The latest verification call an admin recorded: who, when, how it went and a note.
    verificationCall: v.optional(
      v.object({ recordedBy: v.id("users"), recordedAt: v.number(), outcome: verificationCallOutcome, note: v.optional(v.string()) }),
    ),
    // Cents an hour, the fallback when `pricesCents` lacks a duration. A profile stored before rates were cents
    // holds whole euros in hourlyRateEuros instead, until migrations:hourlyRatesToCents converts it (npm start
    // runs it on a kept data folder): both stay optional until every deployment has run it, then cents is
    // required and the old field goes. Only model/psychics.ts hourlyRateCentsOf reads either.
    hourlyRateCents: v.optional(v.number()),
    hourlyRateEuros: v.optional(v.number()),
    // The price of each offered length, in cents. A profile stored before prices were cents holds whole
    // euros in `pricing` instead, until migrations:pricesToCents converts it: both optional until every
    // deployment has run it. Only model/psychics.ts pricesCentsOf reads either.
    pricesCents: v.optional(pricesCents),
    pricing: v.optional(pricing),
    // The types offered, voice and/or chat; absent on a profile from before chat, which offers voice
    // (model/psychics.ts offeredTypesOf). Voice is priced by `pricesCents`, chat by its own table in cents.
    consultationTypes: v.optional(v.array(consultationType)),
    chatPricesCents: v.optional(pricesCents),
    availableDurations: v.array(durationMinutes),
    availability: weeklyAvailability,
    // With the approval switch on, an approved psychic's new name, bio or photo wait here for an
    // admin while the public keeps seeing the fields above (docs/product-rules.md, "Psychics").
    pendingChanges: v.optional(
      v.object({ psychicName: v.string(), bio: v.string(), photoStorageId: v.optional(v.id("_storage")) }),
    ),
    changesSubmittedAt: v.optional(v.number()),
    // Rises with every change to what a review covers (name, bio, photo, the changes waiting); an
    // admin's approval or rejection names the version they read (absent: 0).
    reviewVersion: v.optional(v.number()),
    // An admin's suspension, which the psychic cannot lift: not listed while set, whatever the
    // profile's own visibility (docs/product-rules.md, "Psychics").
    suspendedAt: v.optional(v.number()),
    suspendedBy: v.optional(v.id("users")),
    // Code of conduct: the version the psychic last accepted and when (model/conduct.ts). Publishing
    // asks for the current one; a newer version leaves a published profile as it is.
    conductAcceptance: v.optional(conductAcceptance),
    suspensionNote: v.optional(v.string()),
    // The readable address (/psychics/selene), unique, given at the first Publish and kept after it
    // (lib/psychics/profileAddress.ts); absent on a profile never published.
    slug: v.optional(v.string()),
  })
    .index("by_userId", ["userId"])
    .index("by_slug", ["slug"])
    // Public list, best rated first: eq visible, eq approved, not suspended, order by rating desc.
    .index("by_visibility_status_suspension_rating", [
      "isPubliclyVisible",
      "profileStatus",
      "suspendedAt",
      "rating",
    ])
    // Admin review queue: new profiles, and approved ones with changes waiting.
    .index("by_status", ["profileStatus"])
    .index("by_changesSubmittedAt", ["changesSubmittedAt"]),

  // The catalogue's rows (model/catalogueEntries.ts): one per listed psychic per facet ('tutti', each topic,
  // technique and type), with the keys of the list's three orders, so a filter is an index range read in the
  // order asked. Kept by the profiles' and bookings' triggers and the free-time job (lib/catalogue/catalogueEntries.ts).
  catalogueEntries: defineTable({
    profileId: v.id("psychicProfiles"),
    facet: v.string(),
    closed: v.boolean(),
    ratingKey: v.number(),
    reviewsKey: v.number(),
    nameKey: v.string(),
    centsPerMinute: v.number(),
    freeAt: v.number(),
    recheckAt: v.number(),
    topics: v.array(specialization),
    techniques: v.array(specialty),
    types: v.array(consultationType),
    typeCentsPerMinute: v.object({ voice: v.optional(v.number()), chat: v.optional(v.number()) }),
    // What the search index reads: the name's and techniques' words with every beginning of each, and a word
    // per topic (model/catalogueEntries.ts searchTextOf); the search's own rule is then applied exactly.
    searchText: v.string(),
  })
    .index("by_facet_rating", ["facet", "closed", "ratingKey", "reviewsKey", "nameKey"])
    .index("by_facet_price", ["facet", "closed", "centsPerMinute", "ratingKey", "reviewsKey", "nameKey"])
    .index("by_facet_free", ["facet", "freeAt", "closed", "ratingKey", "reviewsKey", "nameKey"])
    .index("by_facet_recheck", ["facet", "recheckAt"])
    .index("by_profile", ["profileId"])
    .searchIndex("search_text", { searchField: "searchText", filterFields: ["facet"] }),

  // How many listed psychics each facet of the catalogue has (its rows above), for the filters' options and the
  // header search's counts; kept with the rows (lib/catalogue/catalogueEntries.ts).
  catalogueFacets: defineTable({ facet: v.string(), psychics: v.number() }).index("by_facet", ["facet"]),

  // A paid consultation slot. Date and time are Europe/Rome wall clock as shown to people;
  // every rule compares startsAt/endsAt (UTC ms, DST correct).
  bookings: defineTable({
    clientId: v.id("users"),
    psychicUserId: v.id("users"),
    psychicProfileId: v.id("psychicProfiles"),
    // Snapshot at booking time, so history survives a renamed or deleted profile.
    psychicName: v.string(),
    consultationType,
    scheduledDate: v.string(),
    scheduledTime: v.string(),
    startsAt: v.number(),
    endsAt: v.number(),
    durationMinutes,
    // Integer cents: Stripe's unit, and 50 % refunds or the 15 % commission stay exact.
    priceCents: v.number(),
    notes: v.optional(v.string()),
    status: bookingStatus,
    // Until when a pending_payment booking holds its slot (30 minutes, Stripe Checkout's minimum).
    holdExpiresAt: v.optional(v.number()),
    // Why the hold ended: a payment arriving after one the client left, or one that failed, is refused.
    holdReleasedFor: v.optional(holdRelease),
    stripeCheckoutSessionId: v.optional(v.string()),
    // The hosted checkout page, so an unpaid booking can be resumed from the dashboard while it holds.
    checkoutUrl: v.optional(v.string()),
    stripePaymentIntentId: v.optional(v.string()),
    paidAt: v.optional(v.number()),
    cancelledAt: v.optional(v.number()),
    cancelledBy: v.optional(cancelledBy),
    cancelReason: v.optional(cancellationReason),
    refundCents: v.optional(v.number()),
    refundStatus: v.optional(refundStatus),
    stripeRefundId: v.optional(v.string()),
    /** Times an admin asked again for a refund left failed (each series of attempts has its own key). */
    refundRetries: v.optional(v.number()),
    refundedAt: v.optional(v.number()),
    // A chargeback the client opened at their bank (Stripe's `charge.dispute.created`).
    stripeDisputeId: v.optional(v.string()),
    disputeCents: v.optional(v.number()),
    disputedAt: v.optional(v.number()),
    clientJoinedAt: v.optional(v.number()),
    psychicJoinedAt: v.optional(v.number()),
    completedAt: v.optional(v.number()),
    // Set when each reminder email is queued, so a retried job never sends it twice; cleared when
    // the booking moves, so the reminders of the new time go out.
    reminder24hSentAt: v.optional(v.number()),
    reminder15mSentAt: v.optional(v.number()),
    // Times the client moved it (at most 2); also the calendar invitation's SEQUENCE.
    rescheduleCount: v.optional(v.number()),
    // The psychic's Rome month whose figures (psychicMonthFigures) count this consultation; set once,
    // when it is held (completed or client absent), so it is never counted twice.
    statsMonth: v.optional(v.string()),
    // Consent at checkout (docs/product-rules.md, "Consent at checkout"): what the client accepted
    // before paying, when, and the cancellation terms' version then in force.
    checkoutConsent: v.optional(checkoutConsent),
  })
    .index("by_client_startsAt", ["clientId", "startsAt"])
    // Spending limit: the client's payments in a Rome month.
    .index("by_client_paidAt", ["clientId", "paidAt"])
    .index("by_client_status_startsAt", ["clientId", "status", "startsAt"])
    // A client's holds that ended unpaid recently: the limits on holds count them (model/bookings.ts).
    .index("by_client_status_holdExpiresAt", ["clientId", "status", "holdExpiresAt"])
    .index("by_psychicProfile_startsAt", ["psychicProfileId", "startsAt"])
    .index("by_psychicProfile_status_startsAt", [
      "psychicProfileId",
      "status",
      "startsAt",
    ])
    .index("by_checkoutSession", ["stripeCheckoutSessionId"])
    .index("by_paymentIntent", ["stripePaymentIntentId"])
    .index("by_status_startsAt", ["status", "startsAt"])
    .index("by_status_holdExpiresAt", ["status", "holdExpiresAt"])
    // Bookings the admin must look at: failed refunds, payments after a released hold.
    .index("by_refundStatus", ["refundStatus"])
    .index("by_cancelReason", ["cancelReason"])
    .index("by_disputedAt", ["disputedAt"]),

  // Spending limit (docs/product-rules.md, "Spending limit"): one row per client who set a monthly
  // limit or a pause; model/spendingLimit.ts holds the rules.
  spendingLimits: defineTable({
    clientId: v.id("users"),
    ...spendingLimitFields,
    updatedAt: v.number(),
  }).index("by_clientId", ["clientId"]),

  // The live state of one booking's call; the room name is a fixed prefix plus the booking id.
  callSessions: defineTable({
    bookingId: v.id("bookings"),
    roomId: v.string(),
    status: callSessionStatus,
    provider: v.optional(callProvider),
    startedAt: v.optional(v.number()),
    endedAt: v.optional(v.number()),
    durationSeconds: v.optional(v.number()),
    updatedAt: v.number(),
    // Each party's last sign of presence in the call (page heartbeat or Twilio join); absent when out.
    clientSeenAt: v.optional(v.number()),
    psychicSeenAt: v.optional(v.number()),
    // When each party last left the call (hung up, or Twilio saw them go); cleared when they enter again,
    // so both screens can say '<name> ha lasciato la chiamata' (model/calls.ts roomLine).
    clientLeftAt: v.optional(v.number()),
    psychicLeftAt: v.optional(v.number()),
    // Each party's microphone is off while in the call, so the other screen can say so; cleared on leaving.
    clientMuted: v.optional(v.boolean()),
    psychicMuted: v.optional(v.boolean()),
    // Each party's time in the call during the paid window: the first instant and how long in all
    // (model/attendance.ts). The booking's clientJoinedAt / psychicJoinedAt copy the first instant.
    clientAttendance: v.optional(callAttendance),
    psychicAttendance: v.optional(callAttendance),
    // Twilio has the party in its conference (participant-join, until participant-leave or the end):
    // their stretch since the last sign counts whole, page heartbeat or not (model/attendance.ts).
    clientInConference: v.optional(v.boolean()),
    psychicInConference: v.optional(v.boolean()),
    // Twilio: each party's call, to tell whose conference events are whose, and the status
    // callbacks already applied (conference sid + sequence number), so a retried one counts once.
    clientCallSid: v.optional(v.string()),
    psychicCallSid: v.optional(v.string()),
    twilioEventKeys: v.optional(v.array(v.string())),
    // A chat (convex/chats.ts): when each party last typed, so the other sees 'sta scrivendo', and the
    // send time of the last message each has read, so the sender sees 'Letto'.
    clientTypingAt: v.optional(v.number()),
    psychicTypingAt: v.optional(v.number()),
    clientReadUpTo: v.optional(v.number()),
    psychicReadUpTo: v.optional(v.number()),
    // Messages the chat holds, so the cap (model/chats.ts) is checked without reading them.
    chatMessageCount: v.optional(v.number()),
  }).index("by_bookingId", ["bookingId"]),
  // A chat consultation's messages (convex/chats.ts), as both parties read them: contact details are
  // masked before storing (model/chatMasking.ts), so nobody, the sender included, reads the original.
  // Kept for the client and forgotten with the booking's notes (model/retention.ts); deleted with the
  // client's account (lib/accounts/accountDeletion.ts).
  chatMessages: defineTable({
    bookingId: v.id("bookings"),
    senderId: v.id("users"),
    party: bookingParty,
    body: v.string(),
    // What was hidden, so the sender is told why their message reads differently.
    masked: v.array(maskedKind),
    // The sender's own id for the message: one sent again after a lost connection is stored once.
    clientMessageId: v.string(),
    sentAt: v.number(),
  })
    // Both: the conversation reads in send order (creation time), a resent message is found by its id.
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes
    .index("by_bookingId", ["bookingId"])
    .index("by_bookingId_clientMessageId", ["bookingId", "clientMessageId"]),

  // WebRTC offer/answer/ICE messages between the two parties when Twilio is not configured.
  callSignals: defineTable({
    bookingId: v.id("bookings"),
    fromUserId: v.id("users"),
    kind: callSignalKind,
    // SDP or ICE candidate as JSON text; opaque to the server.
    payload: v.string(),
  }).index("by_bookingId", ["bookingId"]),

  // The admin overview's figures (model/counters.ts): one row per metric and period ("all" or a
  // Rome month), changed in the same transaction as what they count. `metric` also accepts the
  // legacy "readers" until a recount has replaced those rows (model/counterMetrics.ts).
  platformFigures: defineTable({
    metric: storedCounterMetric,
    period: v.string(),
    value: v.number(),
  }).index("by_metric_period", ["metric", "period"]),

  // Per person: a client's paid bookings and spending, a psychic's bookings and takings (cents, net
  // of refunds), kept with the platform's counters.
  personFigures: defineTable({
    userId: v.id("users"),
    bookings: v.number(),
    amountCents: v.number(),
    lastBookingStartsAt: v.optional(v.number()),
  }).index("by_userId", ["userId"]),

  // Messages from the contact form, newest first by _creationTime in the admin inbox.
  contactMessages: defineTable({
    name: v.string(),
    email: v.string(),
    userType: accountType,
    subject: v.string(),
    category: contactCategory,
    message: v.string(),
    status: contactStatus,
    updatedAt: v.number(),
    userId: v.optional(v.id("users")),
    // Consultation reports (category `report`, convex/consultationReports.ts): the booking reported,
    // its psychic and the reason chosen. One report per booking.
    reportBookingId: v.optional(v.id("bookings")),
    reportPsychicProfileId: v.optional(v.id("psychicProfiles")),
    reportReason: v.optional(reportReason),
    // The reported consultation's type, so the inbox offers a chat's conversation to read (chats:readReported).
    reportConsultationType: v.optional(consultationType),
    // The admin's answers from the inbox, oldest first, each emailed to the sender (convex/contact.ts):
    // who answered, when, the text, and the request id that makes a double submit one answer.
    answers: v.optional(
      v.array(v.object({ text: v.string(), answeredAt: v.number(), adminId: v.id("users"), adminName: v.string(), requestId: v.string() })),
    ),
  })
    .index("by_status", ["status"])
    .index("by_reportBookingId", ["reportBookingId"])
    // An account's deletion removes its messages: those it sent signed in, and those sent from its address.
    .index("by_userId_category", ["userId", "category"])
    .index("by_email", ["email"]),

  // One review per completed booking, written by its client.
  reviews: defineTable({
    bookingId: v.id("bookings"),
    psychicProfileId: v.id("psychicProfiles"),
    clientId: v.id("users"),
    rating: reviewRating,
    comment: v.string(),
    // Snapshot shown on the profile, first name and initial ("Maria R."); "Account eliminato" once
    // the client deletes the account.
    clientName: v.string(),
    // When it was written, for a review written before it was stored (the demo's past ones); absent:
    // `_creationTime`. It is editable for 7 days from then.
    writtenAt: v.optional(v.number()),
    // Last edit.
    updatedAt: v.optional(v.number()),
  })
    .index("by_psychicProfile", ["psychicProfileId"])
    .index("by_booking", ["bookingId"])
    .index("by_client", ["clientId"]),

  // Per psychic per Rome calendar month, derived from completed bookings (docs/product-rules.md).
  psychicMonthFigures: defineTable({
    psychicProfileId: v.id("psychicProfiles"),
    monthYear: v.string(),
    totalConsultations: v.number(),
    // Minutes, not hours: whole numbers add up exactly; hours are a display concern.
    totalMinutes: v.number(),
    // Psychic's earnings in cents, net of the 15 % commission (rounded per consultation).
    totalRevenueCents: v.number(),
    // Reviews of this month's consultations: their count, their stars added up, and the average.
    ratingCount: v.number(),
    ratingSum: v.optional(v.number()),
    averageRating: v.optional(v.number()),
  }).index("by_psychicProfile_month", ["psychicProfileId", "monthYear"]),

  // Psychic figures (docs/product-rules.md, "Psychic figures and the list's order"), derived from the
  // bookings by the triggers (model/psychicFigures.ts): all-time sums per profile, and the psychic's own
  // cancellations per Rome day, so the last 90 days are a range read. Both are rebuilt whole by the
  // recount (`admin:recountFigures`), which is what a database kept under an older name needs.
  psychicFigures: defineTable({
    psychicProfileId: v.id("psychicProfiles"),
    dueConsultations: v.number(),
    consultationsGiven: v.number(),
    onTimeConsultations: v.number(),
  }).index("by_psychicProfile", ["psychicProfileId"]),
  psychicCancellationDays: defineTable({
    psychicProfileId: v.id("psychicProfiles"),
    day: v.string(),
    cancellations: v.number(),
  }).index("by_psychicProfile_day", ["psychicProfileId", "day"]),

  // The admin switches; a missing row means its default (model/settings.ts).
  systemSettings: defineTable({
    key: settingKey,
    value: v.boolean(),
    description: v.optional(v.string()),
    updatedBy: v.optional(v.id("users")),
    updatedAt: v.optional(v.number()),
  }).index("by_key", ["key"]),

  // The server-side half of the admin check; the other half is the admin email domain.
  adminGrants: defineTable({
    userId: v.id("users"),
    grantedAt: v.number(),
    // Who granted it: an admin's email, or "seed" / "cli" for the first one.
    grantedBy: v.optional(v.string()),
  }).index("by_userId", ["userId"]),

  // Webhook events already applied, so a replayed or late delivery changes nothing.
  processedWebhookEvents: defineTable({
    provider: webhookProvider,
    eventId: v.string(),
    type: v.string(),
    processedAt: v.number(),
  }).index("by_provider_eventId", ["provider", "eventId"]),

  // Who may use an uploaded file: an upload URL is issued to a person for a purpose, and only that
  // person's own, unattached upload through it can be attached; the file names this row in its
  // Content-Type (convex/model/uploads.ts). Attached rows stay as the proof of ownership
  // the server checks before it ever deletes a file (convex/lib/platform/uploads.ts).
  uploads: defineTable({
    ownerId: v.id("users"),
    purpose: uploadPurpose,
    status: uploadStatus,
    storageId: v.optional(v.id("_storage")),
    // Until when an issued or claimed upload may still be attached; afterwards the cron removes it.
    expiresAt: v.number(),
  })
    .index("by_owner_status", ["ownerId", "status"])
    .index("by_storageId", ["storageId"])
    .index("by_status_expiresAt", ["status", "expiresAt"]),

  // Fixed-window counters against abuse (reset-code emails, contact messages), convex-helpers' table.

  // A psychic's Stripe Connect account (Express), made once; its state follows `account.updated`.
  payoutAccounts: defineTable({
    psychicUserId: v.id("users"),
    stripeAccountId: v.string(),
    state: payoutAccountState,
    // What Stripe asks for, as Stripe names it (shown to the psychic in Italian).
    requirementsDue: v.array(v.string()),
    updatedAt: v.number(),
  })
    .index("by_psychicUserId", ["psychicUserId"])
    .index("by_stripeAccountId", ["stripeAccountId"])
    // The admin's 'Pagamenti' filtered by state.
    .index("by_state", ["state"]),

  // The psychic's share of one booking, on its way to their connected account: one per booking, from
  // that booking's charge (Stripe's separate charges and transfers). Written by lib/money/payouts.ts only.
  psychicTransfers: defineTable({
    bookingId: v.id("bookings"),
    psychicUserId: v.id("users"),
    reason: shareReason,
    // What the platform kept of the payment, the 15 % commission on it, and the psychic's share: cents.
    grossCents: v.number(),
    commissionCents: v.number(),
    amountCents: v.number(),
    state: transferState,
    // Not before: the consultation's end (a cancellation's share waits for the time it would have ended).
    dueAt: v.number(),
    attempts: v.number(),
    lastError: v.optional(v.string()),
    stripeTransferId: v.optional(v.string()),
    transferredAt: v.optional(v.number()),
    // Taken back from the psychic after the transfer (a refund or a dispute), in cents.
    reversedCents: v.optional(v.number()),
  })
    .index("by_bookingId", ["bookingId"])
    // A psychic's shares in a state; the transferred ones of a month are a range (the statement).
    .index("by_psychicUserId_state_transferredAt", ["psychicUserId", "state", "transferredAt"])
    .index("by_psychicUserId_dueAt", ["psychicUserId", "dueAt"])
    // A month's shares across psychics: who is invoiced a commission for it.
    .index("by_dueAt", ["dueAt"])
    // Failed shares for the admin; the transferred ones of a year for the DAC7 report (a range).
    .index("by_state_transferredAt", ["state", "transferredAt"]),

  // The admin's monthly books, per Rome month of payment and all time ("all") (lib/money/moneyFigures.ts): the
  // sums of every paid booking's money with its share and reversals (model/ledger.ts bookingBooks), kept by
  // the triggers. Refunds: confirmed by Stripe, in progress, refused (rows before the split hold none open).
  moneyFigures: defineTable({
    month: v.string(),
    paidCents: v.number(),
    refundedCents: v.number(),
    refundPendingCents: v.optional(v.number()),
    refundFailedCents: v.optional(v.number()),
    disputedCents: v.number(),
    transferredCents: v.number(),
    reversedCents: v.number(),
    owedCents: v.number(),
    commissionCents: v.number(),
  }).index("by_month", ["month"]),

  // The DAC7 report's figures, per psychic per year (lib/money/dac7Figures.ts): per quarter, the consideration
  // credited, the fees withheld and the paid activities of the shares transferred, kept by the triggers.
  dac7Figures: defineTable({
    year: v.number(),
    psychicUserId: v.id("users"),
    quarters: v.array(v.object({ considerationCents: v.number(), feesCents: v.number(), activities: v.number() })),
  }).index("by_year_psychic", ["year", "psychicUserId"]),

  // Money taken back from a psychic's transfer when the client got it back afterwards (a refund made at
  // Stripe, a dispute): the same proportion of the share, never more than was transferred.
  transferReversals: defineTable({
    transferId: v.id("psychicTransfers"),
    bookingId: v.id("bookings"),
    why: reversalReason,
    amountCents: v.number(),
    state: reversalState,
    attempts: v.number(),
    lastError: v.optional(v.string()),
    stripeReversalId: v.optional(v.string()),
    reversedAt: v.optional(v.number()),
  })
    .index("by_transferId", ["transferId"])
    .index("by_state", ["state"]),

  // Every call to a provider that moves money or sends mail, one row per thing to do (model/providerJobs.ts):
  // the attempts of its current series, on the one retry schedule; written only by lib/money/providerJobs.ts.
  providerJobs: defineTable({
    kind: providerJobKind,
    // The booking (refund), share (transfer), reversal, Checkout Session or outbox email, as an id string.
    subjectId: v.string(),
    state: providerJobState,
    attempts: v.number(),
    series: v.number(),
    lastError: v.optional(v.string()),
    updatedAt: v.number(),
  })
    .index("by_kind_subjectId", ["kind", "subjectId"])
    // The failed ones for the admin; the old done ones for the retention sweep.
    .index("by_state_updatedAt", ["state", "updatedAt"]),

  // What a psychic owes back (lib/money/payoutDebts.ts, kept by the triggers): reversals Stripe refused, usually
  // because the weekly payout had emptied the connected account; retried at each new transfer to them.
  payoutDebts: defineTable({
    psychicUserId: v.id("users"),
    owedCents: v.number(),
    // When the oldest reversal still owed was first refused.
    since: v.number(),
    reversalIds: v.array(v.id("transferReversals")),
  })
    .index("by_psychicUserId", ["psychicUserId"])
    .index("by_since", ["since"]),

  // Stripe's payouts of a psychic's connected account to their bank, as Connect's payout events tell them.
  psychicPayouts: defineTable({
    psychicUserId: v.id("users"),
    stripePayoutId: v.string(),
    amountCents: v.number(),
    // When the money reaches the bank, as Stripe expects it (UTC ms).
    arrivalDate: v.number(),
    status: payoutStatus,
    updatedAt: v.number(),
  })
    .index("by_stripePayoutId", ["stripePayoutId"])
    .index("by_psychicUserId_arrivalDate", ["psychicUserId", "arrivalDate"]),

  // What the yearly DAC7 report needs of a psychic that Stripe does not return to the platform; the
  // psychic enters and corrects it in their settings. Personal data: removed with the account.
  psychicFiscalData: defineTable({
    psychicUserId: v.id("users"),
    ...fiscalDataFields,
    country: v.string(),
    iban: v.optional(v.string()),
    // The partita IVA, for a psychic who has one (DAC7 reports it with the codice fiscale), and its regime.
    partitaIva: v.optional(v.string()),
    fiscalRegime: v.optional(fiscalRegime),
    // Where the platform's e-invoices reach them: their SdI recipient code or PEC (neither: the tax drawer).
    sdiRecipientCode: v.optional(v.string()),
    pec: v.optional(v.string()),
    updatedAt: v.number(),
  }).index("by_psychicUserId", ["psychicUserId"]),

  // Fiscal documents as issued, never changed (docs/product-rules.md, "Fiscal documents"; lib/money/fiscalDocuments.ts
  // writes them): the client's receipt in the psychic's name and its credit notes (`bookingId`), the platform's
  // monthly commission invoice to the psychic and its credit notes (`month`, with the FatturaPA file). Numbered per
  // issuer, series and year without gaps (`fiscalDocumentCounters`); a correction is a new document (`correctsId`).
  fiscalDocuments: defineTable({
    kind: fiscalDocumentKind,
    // The psychic's user id (receipts) or "platform" (commission invoices).
    issuerKey: v.string(),
    series: v.string(),
    year: v.number(),
    sequence: v.number(),
    number: v.string(),
    // The Rome date of issue, as printed.
    date: v.string(),
    issuedAt: v.number(),
    psychicUserId: v.id("users"),
    clientUserId: v.optional(v.id("users")),
    bookingId: v.optional(v.id("bookings")),
    month: v.optional(v.string()),
    correctsId: v.optional(v.id("fiscalDocuments")),
    // The document's total in cents (a credit note's: what it takes back, positive).
    amountCents: v.number(),
    content: documentContent,
    xml: v.optional(v.string()),
    xmlFileName: v.optional(v.string()),
  })
    .index("by_bookingId", ["bookingId"])
    .index("by_psychicUserId_issuedAt", ["psychicUserId", "issuedAt"])
    .index("by_clientUserId_issuedAt", ["clientUserId", "issuedAt"])
    .index("by_psychicUserId_month", ["psychicUserId", "month"])
    .index("by_month_kind", ["month", "kind"]),

  // The last number given per issuer, series and year: the one row every issue of that series reads and
  // writes, so two documents issued at once conflict and one is retried — no number twice, none skipped.
  fiscalDocumentCounters: defineTable({
    issuerKey: v.string(),
    series: v.string(),
    year: v.number(),
    last: v.number(),
  }).index("by_issuerKey_series_year", ["issuerKey", "series", "year"]),

  // A deleted psychic's fiscal data, kept apart from any profile for the DAC7 report (lib/money/fiscalRecords.ts):
  // under the deleted account's id, as their shares and DAC7 figures are, until `keepUntil` (10 years after
  // the last year reported, model/fiscal.ts), when the retention sweep erases it. The parts they never
  // entered are absent (the name is then the account's).
  retainedFiscalRecords: defineTable({
    psychicUserId: v.id("users"),
    legalName: v.string(),
    codiceFiscale: v.optional(v.string()),
    dateOfBirth: v.optional(v.string()),
    street: v.optional(v.string()),
    postalCode: v.optional(v.string()),
    city: v.optional(v.string()),
    country: v.optional(v.string()),
    iban: v.optional(v.string()),
    partitaIva: v.optional(v.string()),
    deletedAt: v.number(),
    keepUntil: v.number(),
  })
    .index("by_psychicUserId", ["psychicUserId"])
    .index("by_keepUntil", ["keepUntil"]),

  // Proofs of where a request came from (convex/lib/platform/originPasses.ts): the HTTP action that sees the
  // client's address hands one out; sign-up, contact and checkout count their limits under its origin.
  // `origin` is a hash, absent when the address is not limited (loopback, or no address known).
  originPasses: defineTable({
    token: v.string(),
    origin: v.optional(v.string()),
    expiresAt: v.number(),
  })
    .index("by_token", ["token"])
    .index("by_expiresAt", ["expiresAt"]),

  // A sign-up waiting for its emailed code: the account exists only once the address is proven.
  // The password is kept hashed, the code as a hash; both go when the code is used or expires.
  pendingSignUps: defineTable({
    email: v.string(),
    name: v.string(),
    accountType,
    passwordHash: v.string(),
    codeHash: v.string(),
    consentGivenAt: v.number(),
    expiresAt: v.number(),
    failedAttempts: v.number(),
  })
    .index("by_email", ["email"])
    .index("by_expiresAt", ["expiresAt"]),

  // Favourites and 'Avvisami': the psychics a client starred; a client's wish to hear when a
  // full day (or a fully booked psychic, `date` absent) has free time again; and the client's notices.
  favouritePsychics: defineTable({
    clientId: v.id("users"),
    psychicProfileId: v.id("psychicProfiles"),
    createdAt: v.number(),
  })
    // The 'Preferiti' list: latest starred first.
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes
    .index("by_client", ["clientId"])
    .index("by_client_psychic", ["clientId", "psychicProfileId"]),
  availabilityAlerts: defineTable({
    clientId: v.id("users"),
    psychicProfileId: v.id("psychicProfiles"),
    /** The Rome date the client waits for; absent: any day of the bookable calendar. */
    date: v.optional(v.string()),
    durationMinutes,
    createdAt: v.number(),
  })
    .index("by_psychic", ["psychicProfileId"])
    .index("by_client_psychic_date", ["clientId", "psychicProfileId", "date"])
    .index("by_date", ["date"]),
  clientNotices: defineTable({
    clientId: v.id("users"),
    kind: v.literal("time_freed"),
    psychicProfileId: v.id("psychicProfiles"),
    psychicName: v.string(),
    /** The day with free time, where the notice's link opens the booking page. */
    date: v.string(),
    durationMinutes,
    createdAt: v.number(),
    readAt: v.optional(v.number()),
  }).index("by_client", ["clientId"]),

  // Every outgoing email, sent with Resend when configured, otherwise kept for the local mailbox.
  emailOutbox: defineTable({
    to: v.string(),
    subject: v.string(),
    html: v.string(),
    text: v.string(),
    kind: emailKind,
    status: emailStatus,
    attempts: v.number(),
    lastError: v.optional(v.string()),
    sentAt: v.optional(v.number()),
    providerId: v.optional(v.string()),
    // The booking, message or user the email is about, as an id string.
    relatedId: v.optional(v.string()),
    // Text attachments such as a calendar invitation (.ics).
    attachments: v.optional(v.array(v.object({ filename: v.string(), contentType: v.string(), content: v.string() }))),
  })
    .index("by_status", ["status"])
    .index("by_to", ["to"]),
});
