// The derived figures follow the rows they are derived from: every mutation's database writer is
// wrapped with these triggers (lib/platform/functions.ts, and the account written at sign-up in auth.ts), so a
// write to an account, a booking, a review or a contact message changes the figures by what the
// document adds now minus what it added before (model/figureContributions.ts), in the same
// transaction. No feature module counts anything by hand. The admin's user search keys follow each
// account's name and email the same way (lib/admin/userSearch.ts), and the catalogue's rows each profile and
// the bookings that block its time (lib/catalogue/catalogueEntries.ts).
import { Triggers } from "convex-helpers/server/triggers";
import type { DataModel, Doc } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import {
  accountContributions,
  bookingContributions,
  figureChanges,
  listedProfileContributions,
  messageContributions,
  reviewContributions,
} from "../../model/figureContributions";
import { applyFigureChanges, dropPersonFigures } from "../figures/figureRows";
import { dac7ShareChanged } from "../money/dac7Figures";
import { bookingChanged, reversalChanged, shareChanged } from "../money/moneyFigures";
import { reversalDebtChanged } from "../money/payoutDebts";
import { searchKeysChanged, syncSearchKeys } from "../admin/userSearch";
import { bookingMovesFreeTime, syncCatalogueEntries } from "../catalogue/catalogueEntries";
import { catalogueInputsChanged } from "../../model/catalogueEntries";

export const triggers = new Triggers<DataModel, MutationCtx>();

triggers.register("users", async (ctx, change) => {
  await applyFigureChanges(ctx, figureChanges(accountContributions(change.oldDoc), accountContributions(change.newDoc)));
  if (change.operation === "delete") await dropPersonFigures(ctx, change.id);
  // The admin's user search finds the account by its name and email as they are now.
  if (searchKeysChanged(change.oldDoc, change.newDoc)) await syncSearchKeys(ctx, change.id, change.newDoc);
});

triggers.register("bookings", async (ctx, change) => {
  await applyFigureChanges(ctx, figureChanges(bookingContributions(change.oldDoc), bookingContributions(change.newDoc)));
  await bookingChanged(ctx, change.oldDoc, change.newDoc);
  // A booking or hold that blocks or frees time moves the psychic's first free time in the catalogue.
  for (const profileId of bookingMovesFreeTime(change.oldDoc, change.newDoc)) await syncCatalogueEntries(ctx, profileId);
});

// The admin's monthly books follow each paid booking's share and its reversals too (lib/money/moneyFigures.ts),
// and the DAC7 figures each transferred share (lib/money/dac7Figures.ts).
triggers.register("psychicTransfers", async (ctx, change) => {
  await shareChanged(ctx, change.oldDoc, change.newDoc);
  await dac7ShareChanged(ctx, change.oldDoc, change.newDoc);
});

triggers.register("transferReversals", async (ctx, change) => {
  await reversalChanged(ctx, change.oldDoc, change.newDoc);
  // What the psychic owes back when Stripe refuses a reversal (lib/money/payoutDebts.ts).
  await reversalDebtChanged(ctx, change.oldDoc, change.newDoc);
});

triggers.register("reviews", async (ctx, change) => {
  // A review counts in the month of its consultation, which its booking knows.
  const withBooking = async (review: Doc<"reviews"> | null) =>
    reviewContributions(review, review === null ? null : await ctx.db.get("bookings", review.bookingId));
  await applyFigureChanges(ctx, figureChanges(await withBooking(change.oldDoc), await withBooking(change.newDoc)));
});

// The public list's counters (the home page's trust figures) follow each profile's listing and its reviews,
// which the review trigger above writes onto the profile: that write comes through here too.
triggers.register("psychicProfiles", async (ctx, change) => {
  await applyFigureChanges(ctx, figureChanges(listedProfileContributions(change.oldDoc), listedProfileContributions(change.newDoc)));
  // The catalogue's rows follow the profile: listed or not, its facets, rating, prices, hours.
  if (catalogueInputsChanged(change.oldDoc, change.newDoc)) await syncCatalogueEntries(ctx, change.id);
});

triggers.register("contactMessages", async (ctx, change) => {
  await applyFigureChanges(ctx, figureChanges(messageContributions(change.oldDoc), messageContributions(change.newDoc)));
});
