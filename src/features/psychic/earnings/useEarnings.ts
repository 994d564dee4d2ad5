// The psychic's own money as the earnings page reads it: each consultation's share and Stripe's payouts.
import { useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "@convex/_generated/api";
import { useCachedQuery } from "@/lib/offline/useCachedQuery";

export type EarningRow = FunctionReturnType<typeof api.earnings.listMyEarnings>[number];
export type PayoutRow = FunctionReturnType<typeof api.earnings.listMyPayouts>[number];

/** Each consultation's share, newest first, kept on the device. */
export function useMyEarnings() {
  return useCachedQuery(api.earnings.listMyEarnings, {});
}

/** Stripe's payouts to the psychic's bank, newest first, kept on the device. */
export function useMyPayouts() {
  return useCachedQuery(api.earnings.listMyPayouts, {});
}

/**
 * What has moved so far (shares transferred / payouts), null while loading: it changes when a transfer or a
 * payout happens. Live answers only, so a kept one is never taken for news.
 */
export function useMoneyMoved(): string | null {
  const earnings = useQuery(api.earnings.listMyEarnings, {});
  const payouts = useQuery(api.earnings.listMyPayouts, {});
  return earnings === undefined || payouts === undefined ? null : `${earnings.filter((share) => share.state === "transferred").length}/${payouts.length}`;
}
