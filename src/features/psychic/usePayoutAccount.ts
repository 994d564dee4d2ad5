// The psychic's Stripe account as the Connect webhook last said it, live: the dashboard's banner and
// the settings' card follow the same answer.
import { useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "@convex/_generated/api";

type MyPayoutAccount = FunctionReturnType<typeof api.payouts.getMyAccount>;

/** Undefined while loading. */
export function useMyPayoutAccount(): MyPayoutAccount | undefined {
  return useQuery(api.payouts.getMyAccount, {});
}
