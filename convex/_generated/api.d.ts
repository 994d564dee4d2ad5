/* eslint-disable */
/**
 * Generated `api` utility.
 *
 * THIS CODE IS AUTOMATICALLY GENERATED.
 *
 * To regenerate, run `npx convex dev`.
 * @module
 */

import type * as accounts from "../accounts.js";
import type * as admin from "../admin.js";
import type * as adminEmails from "../adminEmails.js";
import type * as adminPayouts from "../adminPayouts.js";
import type * as auth from "../auth.js";
import type * as availabilityAlerts from "../availabilityAlerts.js";
import type * as bookings from "../bookings.js";
import type * as calls from "../calls.js";
import type * as catalogue from "../catalogue.js";
import type * as chats from "../chats.js";
import type * as conduct from "../conduct.js";
import type * as consultationReports from "../consultationReports.js";
import type * as contact from "../contact.js";
import type * as crons from "../crons.js";
import type * as dataExport from "../dataExport.js";
import type * as demo_adminData from "../demo/adminData.js";
import type * as demo_data from "../demo/data.js";
import type * as demo_history from "../demo/history.js";
import type * as demo_profiles from "../demo/profiles.js";
import type * as demo_scale from "../demo/scale.js";
import type * as demoScale from "../demoScale.js";
import type * as demoScenes from "../demoScenes.js";
import type * as earnings from "../earnings.js";
import type * as email_availabilityEmails from "../email/availabilityEmails.js";
import type * as email_bookingEmails from "../email/bookingEmails.js";
import type * as email_contactEmails from "../email/contactEmails.js";
import type * as email_fiscalDocumentEmails from "../email/fiscalDocumentEmails.js";
import type * as email_payoutEmails from "../email/payoutEmails.js";
import type * as email_resendRequest from "../email/resendRequest.js";
import type * as email_templates from "../email/templates.js";
import type * as favourites from "../favourites.js";
import type * as fiscalData from "../fiscalData.js";
import type * as fiscalDocuments from "../fiscalDocuments.js";
import type * as framework_errors from "../framework/errors.js";
import type * as framework_time from "../framework/time.js";
import type * as framework_validators from "../framework/validators.js";
import type * as holds from "../holds.js";
import type * as http from "../http.js";
import type * as lib_accounts_accountDeletion from "../lib/accounts/accountDeletion.js";
import type * as lib_accounts_deletedHistory from "../lib/accounts/deletedHistory.js";
import type * as lib_accounts_passwordProvider from "../lib/accounts/passwordProvider.js";
import type * as lib_admin_adminViews from "../lib/admin/adminViews.js";
import type * as lib_admin_userSearch from "../lib/admin/userSearch.js";
import type * as lib_bookings_availabilityAlerts from "../lib/bookings/availabilityAlerts.js";
import type * as lib_bookings_bookingLifecycle from "../lib/bookings/bookingLifecycle.js";
import type * as lib_bookings_bookingLimits from "../lib/bookings/bookingLimits.js";
import type * as lib_bookings_bookingTime from "../lib/bookings/bookingTime.js";
import type * as lib_calls_callPresence from "../lib/calls/callPresence.js";
import type * as lib_calls_callSessions from "../lib/calls/callSessions.js";
import type * as lib_catalogue_catalogueEntries from "../lib/catalogue/catalogueEntries.js";
import type * as lib_demo_demoStandIn from "../lib/demo/demoStandIn.js";
import type * as lib_email_emailParties from "../lib/email/emailParties.js";
import type * as lib_email_outbox from "../lib/email/outbox.js";
import type * as lib_figures_figureRecount from "../lib/figures/figureRecount.js";
import type * as lib_figures_figureRows from "../lib/figures/figureRows.js";
import type * as lib_figures_psychicFigures from "../lib/figures/psychicFigures.js";
import type * as lib_money_connectAccounts from "../lib/money/connectAccounts.js";
import type * as lib_money_dac7Figures from "../lib/money/dac7Figures.js";
import type * as lib_money_debtRecovery from "../lib/money/debtRecovery.js";
import type * as lib_money_fiscalDocuments from "../lib/money/fiscalDocuments.js";
import type * as lib_money_fiscalRecords from "../lib/money/fiscalRecords.js";
import type * as lib_money_ledger from "../lib/money/ledger.js";
import type * as lib_money_moneyFigures from "../lib/money/moneyFigures.js";
import type * as lib_money_payoutDebts from "../lib/money/payoutDebts.js";
import type * as lib_money_payouts from "../lib/money/payouts.js";
import type * as lib_money_providerCalls from "../lib/money/providerCalls.js";
import type * as lib_money_providerJobs from "../lib/money/providerJobs.js";
import type * as lib_money_spendingLimits from "../lib/money/spendingLimits.js";
import type * as lib_money_stripe from "../lib/money/stripe.js";
import type * as lib_platform_access from "../lib/platform/access.js";
import type * as lib_platform_addresses from "../lib/platform/addresses.js";
import type * as lib_platform_functions from "../lib/platform/functions.js";
import type * as lib_platform_originPasses from "../lib/platform/originPasses.js";
import type * as lib_platform_platformFiscal from "../lib/platform/platformFiscal.js";
import type * as lib_platform_rateLimits from "../lib/platform/rateLimits.js";
import type * as lib_platform_settings from "../lib/platform/settings.js";
import type * as lib_platform_triggers from "../lib/platform/triggers.js";
import type * as lib_platform_uploads from "../lib/platform/uploads.js";
import type * as lib_psychics_freeTime from "../lib/psychics/freeTime.js";
import type * as lib_psychics_profileAddress from "../lib/psychics/profileAddress.js";
import type * as lib_psychics_profileReview from "../lib/psychics/profileReview.js";
import type * as lib_psychics_publicCard from "../lib/psychics/publicCard.js";
import type * as migrations from "../migrations.js";
import type * as model_accounts from "../model/accounts.js";
import type * as model_admin from "../model/admin.js";
import type * as model_attendance from "../model/attendance.js";
import type * as model_availabilityAlerts from "../model/availabilityAlerts.js";
import type * as model_availabilityChange from "../model/availabilityChange.js";
import type * as model_bookingLimits from "../model/bookingLimits.js";
import type * as model_bookingTransitions from "../model/bookingTransitions.js";
import type * as model_bookingView from "../model/bookingView.js";
import type * as model_bookings from "../model/bookings.js";
import type * as model_calls from "../model/calls.js";
import type * as model_cancellationRefunds from "../model/cancellationRefunds.js";
import type * as model_catalogueEntries from "../model/catalogueEntries.js";
import type * as model_catalogueOrder from "../model/catalogueOrder.js";
import type * as model_chatMasking from "../model/chatMasking.js";
import type * as model_chats from "../model/chats.js";
import type * as model_checkoutConsent from "../model/checkoutConsent.js";
import type * as model_conduct from "../model/conduct.js";
import type * as model_consultationOutcomes from "../model/consultationOutcomes.js";
import type * as model_consultationReports from "../model/consultationReports.js";
import type * as model_contact from "../model/contact.js";
import type * as model_counterMetrics from "../model/counterMetrics.js";
import type * as model_counters from "../model/counters.js";
import type * as model_dataExport from "../model/dataExport.js";
import type * as model_dataExportHtml from "../model/dataExportHtml.js";
import type * as model_dataExportParts from "../model/dataExportParts.js";
import type * as model_fatturaPa from "../model/fatturaPa.js";
import type * as model_figureContributions from "../model/figureContributions.js";
import type * as model_fiscal from "../model/fiscal.js";
import type * as model_fiscalDocuments from "../model/fiscalDocuments.js";
import type * as model_format from "../model/format.js";
import type * as model_ledger from "../model/ledger.js";
import type * as model_nextAvailability from "../model/nextAvailability.js";
import type * as model_origins from "../model/origins.js";
import type * as model_payoutDebts from "../model/payoutDebts.js";
import type * as model_payoutTransitions from "../model/payoutTransitions.js";
import type * as model_payouts from "../model/payouts.js";
import type * as model_profileRules from "../model/profileRules.js";
import type * as model_profileSlug from "../model/profileSlug.js";
import type * as model_providerJobs from "../model/providerJobs.js";
import type * as model_psychicFigures from "../model/psychicFigures.js";
import type * as model_psychicMonthFigures from "../model/psychicMonthFigures.js";
import type * as model_psychics from "../model/psychics.js";
import type * as model_receipts from "../model/receipts.js";
import type * as model_refundTerms from "../model/refundTerms.js";
import type * as model_reminders from "../model/reminders.js";
import type * as model_rescheduling from "../model/rescheduling.js";
import type * as model_retention from "../model/retention.js";
import type * as model_reviews from "../model/reviews.js";
import type * as model_ruleWords from "../model/ruleWords.js";
import type * as model_settings from "../model/settings.js";
import type * as model_slots from "../model/slots.js";
import type * as model_spendingLimit from "../model/spendingLimit.js";
import type * as model_stripeRequests from "../model/stripeRequests.js";
import type * as model_textSearch from "../model/textSearch.js";
import type * as model_topicSearch from "../model/topicSearch.js";
import type * as model_uploads from "../model/uploads.js";
import type * as notices from "../notices.js";
import type * as originPasses from "../originPasses.js";
import type * as payments from "../payments.js";
import type * as payoutDebts from "../payoutDebts.js";
import type * as payouts from "../payouts.js";
import type * as profileAddresses from "../profileAddresses.js";
import type * as providerJobs from "../providerJobs.js";
import type * as psychicFigures from "../psychicFigures.js";
import type * as psychicMonthFigures from "../psychicMonthFigures.js";
import type * as psychicProfiles from "../psychicProfiles.js";
import type * as psychics from "../psychics.js";
import type * as reminders from "../reminders.js";
import type * as retention from "../retention.js";
import type * as reviews from "../reviews.js";
import type * as seed from "../seed.js";
import type * as seedPayouts from "../seedPayouts.js";
import type * as settings from "../settings.js";
import type * as spendingLimits from "../spendingLimits.js";
import type * as twilio from "../twilio.js";
import type * as uploads from "../uploads.js";
import type * as users from "../users.js";

import type {
  ApiFromModules,
  FilterApi,
  FunctionReference,
} from "convex/server";

declare const fullApi: ApiFromModules<{
  accounts: typeof accounts;
  admin: typeof admin;
  adminEmails: typeof adminEmails;
  adminPayouts: typeof adminPayouts;
  auth: typeof auth;
  availabilityAlerts: typeof availabilityAlerts;
  bookings: typeof bookings;
  calls: typeof calls;
  catalogue: typeof catalogue;
  chats: typeof chats;
  conduct: typeof conduct;
  consultationReports: typeof consultationReports;
  contact: typeof contact;
  crons: typeof crons;
  dataExport: typeof dataExport;
  "demo/adminData": typeof demo_adminData;
  "demo/data": typeof demo_data;
  "demo/history": typeof demo_history;
  "demo/profiles": typeof demo_profiles;
  "demo/scale": typeof demo_scale;
  demoScale: typeof demoScale;
  demoScenes: typeof demoScenes;
  earnings: typeof earnings;
  "email/availabilityEmails": typeof email_availabilityEmails;
  "email/bookingEmails": typeof email_bookingEmails;
  "email/contactEmails": typeof email_contactEmails;
  "email/fiscalDocumentEmails": typeof email_fiscalDocumentEmails;
  "email/payoutEmails": typeof email_payoutEmails;
  "email/resendRequest": typeof email_resendRequest;
  "email/templates": typeof email_templates;
  favourites: typeof favourites;
  fiscalData: typeof fiscalData;
  fiscalDocuments: typeof fiscalDocuments;
  "framework/errors": typeof framework_errors;
  "framework/time": typeof framework_time;
  "framework/validators": typeof framework_validators;
  holds: typeof holds;
  http: typeof http;
  "lib/accounts/accountDeletion": typeof lib_accounts_accountDeletion;
  "lib/accounts/deletedHistory": typeof lib_accounts_deletedHistory;
  "lib/accounts/passwordProvider": typeof lib_accounts_passwordProvider;
  "lib/admin/adminViews": typeof lib_admin_adminViews;
  "lib/admin/userSearch": typeof lib_admin_userSearch;
  "lib/bookings/availabilityAlerts": typeof lib_bookings_availabilityAlerts;
  "lib/bookings/bookingLifecycle": typeof lib_bookings_bookingLifecycle;
  "lib/bookings/bookingLimits": typeof lib_bookings_bookingLimits;
  "lib/bookings/bookingTime": typeof lib_bookings_bookingTime;
  "lib/calls/callPresence": typeof lib_calls_callPresence;
  "lib/calls/callSessions": typeof lib_calls_callSessions;
  "lib/catalogue/catalogueEntries": typeof lib_catalogue_catalogueEntries;
  "lib/demo/demoStandIn": typeof lib_demo_demoStandIn;
  "lib/email/emailParties": typeof lib_email_emailParties;
  "lib/email/outbox": typeof lib_email_outbox;
  "lib/figures/figureRecount": typeof lib_figures_figureRecount;
  "lib/figures/figureRows": typeof lib_figures_figureRows;
  "lib/figures/psychicFigures": typeof lib_figures_psychicFigures;
  "lib/money/connectAccounts": typeof lib_money_connectAccounts;
  "lib/money/dac7Figures": typeof lib_money_dac7Figures;
  "lib/money/debtRecovery": typeof lib_money_debtRecovery;
  "lib/money/fiscalDocuments": typeof lib_money_fiscalDocuments;
  "lib/money/fiscalRecords": typeof lib_money_fiscalRecords;
  "lib/money/ledger": typeof lib_money_ledger;
  "lib/money/moneyFigures": typeof lib_money_moneyFigures;
  "lib/money/payoutDebts": typeof lib_money_payoutDebts;
  "lib/money/payouts": typeof lib_money_payouts;
  "lib/money/providerCalls": typeof lib_money_providerCalls;
  "lib/money/providerJobs": typeof lib_money_providerJobs;
  "lib/money/spendingLimits": typeof lib_money_spendingLimits;
  "lib/money/stripe": typeof lib_money_stripe;
  "lib/platform/access": typeof lib_platform_access;
  "lib/platform/addresses": typeof lib_platform_addresses;
  "lib/platform/functions": typeof lib_platform_functions;
  "lib/platform/originPasses": typeof lib_platform_originPasses;
  "lib/platform/platformFiscal": typeof lib_platform_platformFiscal;
  "lib/platform/rateLimits": typeof lib_platform_rateLimits;
  "lib/platform/settings": typeof lib_platform_settings;
  "lib/platform/triggers": typeof lib_platform_triggers;
  "lib/platform/uploads": typeof lib_platform_uploads;
  "lib/psychics/freeTime": typeof lib_psychics_freeTime;
  "lib/psychics/profileAddress": typeof lib_psychics_profileAddress;
  "lib/psychics/profileReview": typeof lib_psychics_profileReview;
  "lib/psychics/publicCard": typeof lib_psychics_publicCard;
  migrations: typeof migrations;
  "model/accounts": typeof model_accounts;
  "model/admin": typeof model_admin;
  "model/attendance": typeof model_attendance;
  "model/availabilityAlerts": typeof model_availabilityAlerts;
  "model/availabilityChange": typeof model_availabilityChange;
  "model/bookingLimits": typeof model_bookingLimits;
  "model/bookingTransitions": typeof model_bookingTransitions;
  "model/bookingView": typeof model_bookingView;
  "model/bookings": typeof model_bookings;
  "model/calls": typeof model_calls;
  "model/cancellationRefunds": typeof model_cancellationRefunds;
  "model/catalogueEntries": typeof model_catalogueEntries;
  "model/catalogueOrder": typeof model_catalogueOrder;
  "model/chatMasking": typeof model_chatMasking;
  "model/chats": typeof model_chats;
  "model/checkoutConsent": typeof model_checkoutConsent;
  "model/conduct": typeof model_conduct;
  "model/consultationOutcomes": typeof model_consultationOutcomes;
  "model/consultationReports": typeof model_consultationReports;
  "model/contact": typeof model_contact;
  "model/counterMetrics": typeof model_counterMetrics;
  "model/counters": typeof model_counters;
  "model/dataExport": typeof model_dataExport;
  "model/dataExportHtml": typeof model_dataExportHtml;
  "model/dataExportParts": typeof model_dataExportParts;
  "model/fatturaPa": typeof model_fatturaPa;
  "model/figureContributions": typeof model_figureContributions;
  "model/fiscal": typeof model_fiscal;
  "model/fiscalDocuments": typeof model_fiscalDocuments;
  "model/format": typeof model_format;
  "model/ledger": typeof model_ledger;
  "model/nextAvailability": typeof model_nextAvailability;
  "model/origins": typeof model_origins;
  "model/payoutDebts": typeof model_payoutDebts;
  "model/payoutTransitions": typeof model_payoutTransitions;
  "model/payouts": typeof model_payouts;
  "model/profileRules": typeof model_profileRules;
  "model/profileSlug": typeof model_profileSlug;
  "model/providerJobs": typeof model_providerJobs;
  "model/psychicFigures": typeof model_psychicFigures;
  "model/psychicMonthFigures": typeof model_psychicMonthFigures;
  "model/psychics": typeof model_psychics;
  "model/receipts": typeof model_receipts;
  "model/refundTerms": typeof model_refundTerms;
  "model/reminders": typeof model_reminders;
  "model/rescheduling": typeof model_rescheduling;
  "model/retention": typeof model_retention;
  "model/reviews": typeof model_reviews;
  "model/ruleWords": typeof model_ruleWords;
  "model/settings": typeof model_settings;
  "model/slots": typeof model_slots;
  "model/spendingLimit": typeof model_spendingLimit;
  "model/stripeRequests": typeof model_stripeRequests;
  "model/textSearch": typeof model_textSearch;
  "model/topicSearch": typeof model_topicSearch;
  "model/uploads": typeof model_uploads;
  notices: typeof notices;
  originPasses: typeof originPasses;
  payments: typeof payments;
  payoutDebts: typeof payoutDebts;
  payouts: typeof payouts;
  profileAddresses: typeof profileAddresses;
  providerJobs: typeof providerJobs;
  psychicFigures: typeof psychicFigures;
  psychicMonthFigures: typeof psychicMonthFigures;
  psychicProfiles: typeof psychicProfiles;
  psychics: typeof psychics;
  reminders: typeof reminders;
  retention: typeof retention;
  reviews: typeof reviews;
  seed: typeof seed;
  seedPayouts: typeof seedPayouts;
  settings: typeof settings;
  spendingLimits: typeof spendingLimits;
  twilio: typeof twilio;
  uploads: typeof uploads;
  users: typeof users;
}>;

/**
 * A utility for referencing Convex functions in your app's public API.
 *
 * Usage:
 * ```js
 * const myFunctionReference = api.myModule.myFunction;
 * ```
 */
export declare const api: FilterApi<
  typeof fullApi,
  FunctionReference<any, "public">
>;

/**
 * A utility for referencing Convex functions in your app's internal API.
 *
 * Usage:
 * ```js
 * const myFunctionReference = internal.myModule.myFunction;
 * ```
 */
export declare const internal: FilterApi<
  typeof fullApi,
  FunctionReference<any, "internal">
>;

export declare const components: {
  rateLimiter: import("@convex-dev/rate-limiter/_generated/component.js").ComponentApi<"rateLimiter">;
  stripeCalls: import("@convex-dev/workpool/_generated/component.js").ComponentApi<"stripeCalls">;
  emailSends: import("@convex-dev/workpool/_generated/component.js").ComponentApi<"emailSends">;
  fiscalIssues: import("@convex-dev/workpool/_generated/component.js").ComponentApi<"fiscalIssues">;
};
