import { describe, expect, it, vi } from "vitest";
import { getFunctionName } from "convex/server";
import type { ConvexReactClient } from "convex/react";
import { romeToUtcMs } from "@convex/framework/time";
import { askFirstPageQueries, firstPageQueries } from "@/app/firstPageQueries";

// Thursday 26 November 2026, 18:40:30 in Rome.
const NOW = romeToUtcMs("2026-11-26", "18:40") + 30_000;
const MINUTE = romeToUtcMs("2026-11-26", "18:40");
const named = (pathname: string, search = "") => firstPageQueries(pathname, search, NOW).map(({ query, args }) => [getFunctionName(query), args]);

describe("the first page's queries, asked before the first render", () => {
  it("are the layout's settings and what the home page, the list and a profile show first", () => {
    expect(named("/")).toEqual([
      ["settings:getPublic", {}],
      ["psychics:listFeatured", {}],
      ["psychics:getTrustFigures", {}],
    ]);
    // The filters' options; the cards' first page is paginated (its subscription carries its own id): the page asks it.
    expect(named("/psychics")).toEqual([
      ["settings:getPublic", {}],
      ["catalogue:listFacets", {}],
    ]);
    expect(named("/psychics", "?type=chat&topic=Tarocchi")).toEqual(named("/psychics"));
    expect(named("/psychics/abc123")).toEqual([
      ["settings:getPublic", {}],
      ["psychics:getPublicProfile", { id: "abc123" }],
    ]);
    expect(named("/contact")).toEqual([["settings:getPublic", {}]]);
  });

  it("on a booking page, the free times of the address's day and duration, at the page's minute, in the page's key order", () => {
    const [, profile, times] = named("/psychics/abc123/book", "?date=2026-12-03&time=10:30&duration=45");
    expect(profile).toEqual(["psychics:getPublicProfile", { id: "abc123" }]);
    expect(times).toEqual(["bookings:listFreeStarts", { psychicProfileId: "abc123", durationMinutes: 45, now: MINUTE, date: "2026-12-03" }]);
    // The subscription is shared only when the arguments serialize alike.
    expect(Object.keys(times![1] as object)).toEqual(["psychicProfileId", "durationMinutes", "now", "date"]);
  });

  it("without a day, the first free day from today; a past day or a move asks for no free times", () => {
    expect(named("/psychics/abc123/book")[2]).toEqual([
      "bookings:listBookableDates",
      { psychicProfileId: "abc123", durationMinutes: 30, now: MINUTE, from: "2026-11-26", days: 42 },
    ]);
    expect(named("/psychics/abc123/book", "?date=2020-01-01")[2]![0]).toBe("bookings:listBookableDates");
    expect(named("/psychics/abc123/book", "?reschedule=b1&date=2026-12-03")).toHaveLength(2);
  });

  it("are subscribed at once and let go after the hold", () => {
    vi.useFakeTimers();
    try {
      const stops: Array<ReturnType<typeof vi.fn>> = [];
      const client = {
        watchQuery: vi.fn(() => ({ onUpdate: () => stops[stops.push(vi.fn()) - 1] })),
      } as unknown as ConvexReactClient;
      askFirstPageQueries(client, { pathname: "/psychics", search: "" }, 1_000);
      expect(client.watchQuery).toHaveBeenCalledTimes(2);
      expect(stops.every((stop) => stop.mock.calls.length === 0)).toBe(true);
      vi.advanceTimersByTime(1_000);
      expect(stops.every((stop) => stop.mock.calls.length === 1)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
