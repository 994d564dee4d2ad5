// The queries of the page a visit opens on, asked for before React's first render: the connection opens
// and the answers travel while the page's code is still loading (bench:pages, "Page loads").
import type { ConvexReactClient } from "convex/react";
import type { FunctionReference } from "convex/server";
import { matchPath } from "react-router-dom";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { romeDateOf } from "@convex/framework/time";
import type { DurationMinutes } from "@convex/framework/validators";
import { paths } from "@/lib/paths";
import { readChoice } from "@/features/booking/useBookingChoice";
import { firstFreeDaysArgs, freeStartsArgs, slotQuery } from "@/features/booking/slotQueryArgs";

type FirstQuery = { query: FunctionReference<"query">; args: Record<string, unknown> };

/** The booking page's clock (useNow): the minute. */
const MINUTE_MS = 60_000;

/** How long the early subscriptions stay: by then the page has subscribed to the same queries itself. */
const FIRST_QUERIES_HOLD_MS = 20_000;

/**
 * The public queries the page at `pathname` (and `search`) renders first, with the arguments the page gives
 * them. The booking page's free times are asked for the duration and day of its address (or, without a day,
 * its first free day), as the page asks before the profile says which durations it offers.
 */
export function firstPageQueries(pathname: string, search = "", nowMs = Date.now()): FirstQuery[] {
  const queries: FirstQuery[] = [{ query: api.settings.getPublic, args: {} }];
  if (pathname === paths.home) {
    queries.push({ query: api.psychics.listFeatured, args: {} }, { query: api.psychics.getTrustFigures, args: {} });
  } else if (pathname === paths.psychics) {
    // The filters' options. The cards' first page is a paginated query, whose subscription carries its own id: the
    // page asks it itself (and paints meanwhile from the page sent by the server or kept on the device).
    queries.push({ query: api.catalogue.listFacets, args: {} });
  } else {
    const profile = matchPath(paths.psychic(":id"), pathname) ?? matchPath(paths.psychicBook(":id"), pathname);
    const id = profile?.params.id;
    if (id) queries.push({ query: api.psychics.getPublicProfile, args: { id } });
    const params = new URLSearchParams(search);
    if (id && pathname === paths.psychicBook(id) && !params.has("reschedule")) {
      const now = nowMs - (nowMs % MINUTE_MS);
      const today = romeDateOf(now);
      const choice = readChoice(params, undefined, today);
      const slots = slotQuery(id as Id<"psychicProfiles">, choice.duration as DurationMinutes, now);
      queries.push(
        choice.date === null
          ? { query: api.bookings.listBookableDates, args: firstFreeDaysArgs(slots, today) }
          : { query: api.bookings.listFreeStarts, args: freeStartsArgs(slots, choice.date) },
      );
    }
  }
  return queries;
}

/**
 * Subscribes to the first page's queries at once and lets go after `FIRST_QUERIES_HOLD_MS`. The page's own
 * `useQuery` of the same query and arguments shares the subscription, so it renders with the answer already here.
 */
export function askFirstPageQueries(
  client: ConvexReactClient,
  { pathname, search }: { pathname: string; search: string },
  holdMs = FIRST_QUERIES_HOLD_MS,
): void {
  const stops = firstPageQueries(pathname, search).map(({ query, args }) => client.watchQuery(query, args).onUpdate(() => {}));
  setTimeout(() => stops.forEach((stop) => stop()), holdMs);
}
