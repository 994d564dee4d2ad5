// The checkout's refusals under the client's own spending limit name the figures the server sends:
// the limit and what is left this month, or the pause's last day.
import type { ErrorCode } from "@convex/framework/errors";
import { formatCents, formatItalianDate } from "./format";

export const spendingPausedMessage = (pausedThrough: string) =>
  `Hai messo in pausa i pagamenti fino al ${formatItalianDate(pausedThrough)} compreso: fino ad allora non puoi prenotare nuovi consulti. Puoi cambiarlo nelle impostazioni.`;

export const spendingLimitMessage = (limitCents: number, remainingCents: number) =>
  `Con questo consulto supereresti il limite di spesa mensile che hai scelto (${formatCents(limitCents)}): questo mese puoi spendere ancora ${formatCents(remainingCents)}. Puoi cambiarlo nelle impostazioni.`;

/** The message with the refusal's own figures, or null when the code is not one of these or the figures are missing. */
export function spendingRefusalMessage(code: ErrorCode, data: Record<string, unknown>): string | null {
  if (code === "SPENDING_PAUSED" && typeof data.pausedThrough === "string") return spendingPausedMessage(data.pausedThrough);
  if (code === "SPENDING_LIMIT_REACHED" && typeof data.limitCents === "number" && typeof data.remainingCents === "number") {
    return spendingLimitMessage(data.limitCents, data.remainingCents);
  }
  return null;
}
