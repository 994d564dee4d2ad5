// Scheduled housekeeping. Each job is an internal function, safe to run twice.
import { cronJobs } from "convex/server";
import { internal } from "./_generated/api";

const crons = cronJobs();

crons.hourly("remove expired origin passes and sign-ups", { minuteUTC: 41 }, internal.originPasses.removeExpired, {});

crons.hourly("remove unattached uploads", { minuteUTC: 17 }, internal.uploads.removeUnattached, {});

// Bookings whose call nobody opened still settle: the psychic's absence refunds, the end completes.
crons.interval("settle calls that are due", { minutes: 1 }, internal.calls.settleDue, {});

// The catalogue's 'prima disponibilità' order follows time: rows whose first free half hour is no longer bookable,
// or whose day turned, computed again (convex/catalogue.ts).
crons.interval("recompute the catalogue's free times that are due", { minutes: 5 }, internal.catalogue.refreshFreeTimes, {});

// What the privacy page promises to forget (convex/model/retention.ts), once a day at night.
crons.daily("forget notes, call records and old messages", { hourUTC: 2, minuteUTC: 23 }, internal.retention.sweep, {});

// 'Avvisami': a wish for a day ends when the day is over (docs/product-rules.md).
crons.daily("remove wishes whose day is over", { hourUTC: 23, minuteUTC: 7 }, internal.availabilityAlerts.removeOver, {});

// The platform's commission invoices for the month just ended (convex/fiscalDocuments.ts), on the 1st early in the morning.
crons.monthly("issue last month's commission invoices", { day: 1, hourUTC: 5, minuteUTC: 13 }, internal.fiscalDocuments.issueMonthlyInvoices, {});

export default crons;
