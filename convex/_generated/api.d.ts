/* eslint-disable */
/**
 * Generated `api` utility.
 *
 * THIS CODE IS AUTOMATICALLY GENERATED.
 *
 * To regenerate, run `npx convex dev`.
 * @module
 */

import type {
  ApiFromModules,
  FilterApi,
  FunctionReference,
} from "convex/server";
import type * as accounts from "../accounts.js";
import type * as admin from "../admin.js";
import type * as adminEmails from "../adminEmails.js";
import type * as adminPayouts from "../adminPayouts.js";
import type * as auth from "../auth.js";
import type * as availabilityAlerts from "../availabilityAlerts.js";
import type * as bookings from "../bookings.js";
import type * as calls from "../calls.js";
import type * as conduct from "../conduct.js";
import type * as consultationReports from "../consultationReports.js";
import type * as consultationStats from "../consultationStats.js";
import type * as contact from "../contact.js";
import type * as crons from "../crons.js";
import type * as dataExport from "../dataExport.js";
import type * as demo_adminData from "../demo/adminData.js";
import type * as demo_data from "../demo/data.js";
import type * as demo_history from "../demo/history.js";
import type * as demoScenes from "../demoScenes.js";
import type * as earnings from "../earnings.js";
import type * as email_availabilityEmails from "../email/availabilityEmails.js";
import type * as email_bookingEmails from "../email/bookingEmails.js";
import type * as email_contactEmails from "../email/contactEmails.js";
import type * as email_resendRequest from "../email/resendRequest.js";
import type * as email_templates from "../email/templates.js";
import type * as favourites from "../favourites.js";
import type * as fiscalData from "../fiscalData.js";
import type * as holds from "../holds.js";
import type * as http from "../http.js";
import type * as lib_access from "../lib/access.js";
import type * as lib_accountDeletion from "../lib/accountDeletion.js";
import type * as lib_addresses from "../lib/addresses.js";
import type * as lib_adminViews from "../lib/adminViews.js";
import type * as lib_availabilityAlerts from "../lib/availabilityAlerts.js";
import type * as lib_bookingLifecycle from "../lib/bookingLifecycle.js";
import type * as lib_bookingLimits from "../lib/bookingLimits.js";
import type * as lib_bookingTime from "../lib/bookingTime.js";
import type * as lib_callPresence from "../lib/callPresence.js";
import type * as lib_callSessions from "../lib/callSessions.js";
import type * as lib_connectAccounts from "../lib/connectAccounts.js";
import type * as lib_counterRecount from "../lib/counterRecount.js";
import type * as lib_counters from "../lib/counters.js";
import type * as lib_dac7Figures from "../lib/dac7Figures.js";
import type * as lib_debtRecovery from "../lib/debtRecovery.js";
import type * as lib_deletedHistory from "../lib/deletedHistory.js";
import type * as lib_demoStandIn from "../lib/demoStandIn.js";
import type * as lib_emailParties from "../lib/emailParties.js";
import type * as lib_errors from "../lib/errors.js";
import type * as lib_fiscalRecords from "../lib/fiscalRecords.js";
import type * as lib_functions from "../lib/functions.js";
import type * as lib_ledger from "../lib/ledger.js";
import type * as lib_monthlyBooks from "../lib/monthlyBooks.js";
import type * as lib_originPasses from "../lib/originPasses.js";
import type * as lib_outbox from "../lib/outbox.js";
import type * as lib_passwordProvider from "../lib/passwordProvider.js";
import type * as lib_payoutDebts from "../lib/payoutDebts.js";
import type * as lib_payouts from "../lib/payouts.js";
import type * as lib_profileReview from "../lib/profileReview.js";
import type * as lib_providerCalls from "../lib/providerCalls.js";
import type * as lib_providerJobs from "../lib/providerJobs.js";
import type * as lib_rateLimits from "../lib/rateLimits.js";
import type * as lib_readerFigures from "../lib/readerFigures.js";
import type * as lib_settings from "../lib/settings.js";
import type * as lib_spendingLimits from "../lib/spendingLimits.js";
import type * as lib_stripe from "../lib/stripe.js";
import type * as lib_time from "../lib/time.js";
import type * as lib_triggers from "../lib/triggers.js";
import type * as lib_uploads from "../lib/uploads.js";
import type * as lib_userSearch from "../lib/userSearch.js";
import type * as lib_validators from "../lib/validators.js";
import type * as model_accounts from "../model/accounts.js";
import type * as model_admin from "../model/admin.js";
import type * as model_attendance from "../model/attendance.js";
import type * as model_availabilityAlerts from "../model/availabilityAlerts.js";
import type * as model_availabilityChange from "../model/availabilityChange.js";
import type * as model_bookingChanges from "../model/bookingChanges.js";
import type * as model_bookingLimits from "../model/bookingLimits.js";
import type * as model_bookingTransitions from "../model/bookingTransitions.js";
import type * as model_bookingView from "../model/bookingView.js";
import type * as model_bookings from "../model/bookings.js";
import type * as model_calls from "../model/calls.js";
import type * as model_catalogueOrder from "../model/catalogueOrder.js";
import type * as model_checkoutConsent from "../model/checkoutConsent.js";
import type * as model_conduct from "../model/conduct.js";
import type * as model_consultationReports from "../model/consultationReports.js";
import type * as model_contact from "../model/contact.js";
import type * as model_counterMetrics from "../model/counterMetrics.js";
import type * as model_counters from "../model/counters.js";
import type * as model_dataExport from "../model/dataExport.js";
import type * as model_dataExportHtml from "../model/dataExportHtml.js";
import type * as model_dataExportParts from "../model/dataExportParts.js";
import type * as model_figureContributions from "../model/figureContributions.js";
import type * as model_fiscal from "../model/fiscal.js";
import type * as model_format from "../model/format.js";
import type * as model_ledger from "../model/ledger.js";
import type * as model_nextAvailability from "../model/nextAvailability.js";
import type * as model_origins from "../model/origins.js";
import type * as model_payoutDebts from "../model/payoutDebts.js";
import type * as model_payoutTransitions from "../model/payoutTransitions.js";
import type * as model_payouts from "../model/payouts.js";
import type * as model_profileRules from "../model/profileRules.js";
import type * as model_providerJobs from "../model/providerJobs.js";
import type * as model_psychics from "../model/psychics.js";
import type * as model_readerFigures from "../model/readerFigures.js";
import type * as model_retention from "../model/retention.js";
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
import type * as providerJobs from "../providerJobs.js";
import type * as psychicProfiles from "../psychicProfiles.js";
import type * as psychics from "../psychics.js";
import type * as readerFigures from "../readerFigures.js";
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

/**
 * A utility for referencing Convex functions in your app's API.
 *
 * Usage:
 * ```js
 * const myFunctionReference = api.myModule.myFunction;
 * ```
 */
declare const fullApi: ApiFromModules<{
  accounts: typeof accounts;
  admin: typeof admin;
  adminEmails: typeof adminEmails;
  adminPayouts: typeof adminPayouts;
  auth: typeof auth;
  availabilityAlerts: typeof availabilityAlerts;
  bookings: typeof bookings;
  calls: typeof calls;
  conduct: typeof conduct;
  consultationReports: typeof consultationReports;
  consultationStats: typeof consultationStats;
  contact: typeof contact;
  crons: typeof crons;
  dataExport: typeof dataExport;
  "demo/adminData": typeof demo_adminData;
  "demo/data": typeof demo_data;
  "demo/history": typeof demo_history;
  demoScenes: typeof demoScenes;
  earnings: typeof earnings;
  "email/availabilityEmails": typeof email_availabilityEmails;
  "email/bookingEmails": typeof email_bookingEmails;
  "email/contactEmails": typeof email_contactEmails;
  "email/resendRequest": typeof email_resendRequest;
  "email/templates": typeof email_templates;
  favourites: typeof favourites;
  fiscalData: typeof fiscalData;
  holds: typeof holds;
  http: typeof http;
  "lib/access": typeof lib_access;
  "lib/accountDeletion": typeof lib_accountDeletion;
  "lib/addresses": typeof lib_addresses;
  "lib/adminViews": typeof lib_adminViews;
  "lib/availabilityAlerts": typeof lib_availabilityAlerts;
  "lib/bookingLifecycle": typeof lib_bookingLifecycle;
  "lib/bookingLimits": typeof lib_bookingLimits;
  "lib/bookingTime": typeof lib_bookingTime;
  "lib/callPresence": typeof lib_callPresence;
  "lib/callSessions": typeof lib_callSessions;
  "lib/connectAccounts": typeof lib_connectAccounts;
  "lib/counterRecount": typeof lib_counterRecount;
  "lib/counters": typeof lib_counters;
  "lib/dac7Figures": typeof lib_dac7Figures;
  "lib/debtRecovery": typeof lib_debtRecovery;
  "lib/deletedHistory": typeof lib_deletedHistory;
  "lib/demoStandIn": typeof lib_demoStandIn;
  "lib/emailParties": typeof lib_emailParties;
  "lib/errors": typeof lib_errors;
  "lib/fiscalRecords": typeof lib_fiscalRecords;
  "lib/functions": typeof lib_functions;
  "lib/ledger": typeof lib_ledger;
  "lib/monthlyBooks": typeof lib_monthlyBooks;
  "lib/originPasses": typeof lib_originPasses;
  "lib/outbox": typeof lib_outbox;
  "lib/passwordProvider": typeof lib_passwordProvider;
  "lib/payoutDebts": typeof lib_payoutDebts;
  "lib/payouts": typeof lib_payouts;
  "lib/profileReview": typeof lib_profileReview;
  "lib/providerCalls": typeof lib_providerCalls;
  "lib/providerJobs": typeof lib_providerJobs;
  "lib/rateLimits": typeof lib_rateLimits;
  "lib/readerFigures": typeof lib_readerFigures;
  "lib/settings": typeof lib_settings;
  "lib/spendingLimits": typeof lib_spendingLimits;
  "lib/stripe": typeof lib_stripe;
  "lib/time": typeof lib_time;
  "lib/triggers": typeof lib_triggers;
  "lib/uploads": typeof lib_uploads;
  "lib/userSearch": typeof lib_userSearch;
  "lib/validators": typeof lib_validators;
  "model/accounts": typeof model_accounts;
  "model/admin": typeof model_admin;
  "model/attendance": typeof model_attendance;
  "model/availabilityAlerts": typeof model_availabilityAlerts;
  "model/availabilityChange": typeof model_availabilityChange;
  "model/bookingChanges": typeof model_bookingChanges;
  "model/bookingLimits": typeof model_bookingLimits;
  "model/bookingTransitions": typeof model_bookingTransitions;
  "model/bookingView": typeof model_bookingView;
  "model/bookings": typeof model_bookings;
  "model/calls": typeof model_calls;
  "model/catalogueOrder": typeof model_catalogueOrder;
  "model/checkoutConsent": typeof model_checkoutConsent;
  "model/conduct": typeof model_conduct;
  "model/consultationReports": typeof model_consultationReports;
  "model/contact": typeof model_contact;
  "model/counterMetrics": typeof model_counterMetrics;
  "model/counters": typeof model_counters;
  "model/dataExport": typeof model_dataExport;
  "model/dataExportHtml": typeof model_dataExportHtml;
  "model/dataExportParts": typeof model_dataExportParts;
  "model/figureContributions": typeof model_figureContributions;
  "model/fiscal": typeof model_fiscal;
  "model/format": typeof model_format;
  "model/ledger": typeof model_ledger;
  "model/nextAvailability": typeof model_nextAvailability;
  "model/origins": typeof model_origins;
  "model/payoutDebts": typeof model_payoutDebts;
  "model/payoutTransitions": typeof model_payoutTransitions;
  "model/payouts": typeof model_payouts;
  "model/profileRules": typeof model_profileRules;
  "model/providerJobs": typeof model_providerJobs;
  "model/psychics": typeof model_psychics;
  "model/readerFigures": typeof model_readerFigures;
  "model/retention": typeof model_retention;
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
  providerJobs: typeof providerJobs;
  psychicProfiles: typeof psychicProfiles;
  psychics: typeof psychics;
  readerFigures: typeof readerFigures;
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
export declare const api: FilterApi<
  typeof fullApi,
  FunctionReference<any, "public">
>;
export declare const internal: FilterApi<
  typeof fullApi,
  FunctionReference<any, "internal">
>;
