// This booking's own refund terms before paying (docs/product-rules.md, "Payments and refunds"): the
// deadlines and amounts of model/refundTerms.ts for the chosen start and price, live. The page's clock
// steps once a minute; the terms also change at their exact edge (24 h and 2 h before the start), so a
// time chosen just over 24 hours ahead turns to the 50 % terms at that instant while the page is open.
import { useEffect, useState } from "react";
import { FULL_REFUND_NOTICE_MS, HALF_REFUND_NOTICE_MS } from "@convex/model/cancellationRefunds";
import type { RefundWindow } from "@convex/model/cancellationRefunds";
import { refundTermsLines, refundTermsOf } from "@convex/model/refundTerms";
import { romeToUtcMs } from "@convex/framework/time";
import type { BookingChoice } from "./useBookingChoice";

/** The longest delay setTimeout keeps (a signed 32-bit number of milliseconds). */
const MAX_TIMER_MS = 2 ** 31 - 1;

export type OwnRefundTerms = { lines: string[]; window: RefundWindow };

/** The start of the chosen time, or null while no time is chosen. */
export function startOfChoice(choice: Pick<BookingChoice, "date" | "time">): number | null {
  return choice.date !== null && choice.time !== null ? romeToUtcMs(choice.date, choice.time) : null;
}

/** The terms of the chosen time and price at `pageNow` (or later, once an edge has passed); null without a time or price. */
export function useRefundTerms(startsAt: number | null, priceCents: number | null, pageNow: number): OwnRefundTerms | null {
  const [edgeNow, setEdgeNow] = useState(0);
  const now = Math.max(pageNow, edgeNow);
  useEffect(() => {
    if (startsAt === null) return;
    // The next edge after the instant the terms were read at; a timer just past it reads them again.
    const edges = [startsAt - FULL_REFUND_NOTICE_MS, startsAt - HALF_REFUND_NOTICE_MS].filter((edge) => edge >= now);
    if (edges.length === 0) return;
    const delay = Math.max(0, Math.min(...edges) + 1 - Date.now());
    // A timer longer than a browser can hold (about 24.8 days) would fire at once, and again after every
    // render; an edge that far ahead is met by the page's minute clock, which runs this effect again.
    if (delay > MAX_TIMER_MS) return;
    const timer = setTimeout(() => setEdgeNow(Date.now()), delay);
    return () => clearTimeout(timer);
  }, [startsAt, now]);
  if (startsAt === null || priceCents === null) return null;
  const booking = { startsAt, priceCents };
  return { lines: refundTermsLines(booking, now), window: refundTermsOf(booking, now).window };
}
