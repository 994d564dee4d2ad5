// The pause after repeated full-refund cancellations names the moment new bookings open again, which the
// server sends with the refusal (convex/model/bookingLimits.ts).
import type { ErrorCode } from "@convex/framework/errors";
import { formatRomeDateTime } from "./format";
import { limits } from "./rules";

export const bookingPauseMessage = (until: number) =>
  `Hai annullato ${limits.fullRefundsBeforePause} consulti con rimborso completo negli ultimi ${limits.fullRefundsWindow}: potrai prenotarne di nuovi dal ${formatRomeDateTime(until)}. I consulti già prenotati restano validi e puoi ancora annullarli o spostarli.`;

/** The message with the refusal's own figures, or null when the code is not this one or the figure is missing. */
export function bookingLimitMessage(code: ErrorCode, data: Record<string, unknown>): string | null {
  if (code === "FULL_REFUNDS_PAUSE" && typeof data.until === "number") return bookingPauseMessage(data.until);
  return null;
}
