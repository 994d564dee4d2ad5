// Limits against abuse (docs/product-rules.md, "Limits"). Fixed windows, counted in the same
// transaction as the work they guard, so a refused request writes nothing else.
import { defineRateLimits } from "convex-helpers/server/rateLimit";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export const { rateLimit, checkRateLimit, resetRateLimit } = defineRateLimits({
  /** Reset-code emails per address: at most 5 an hour. */
  passwordResetByEmail: { kind: "fixed window", rate: 5, period: HOUR_MS },
  /** Upload URLs per person: a psychic changing a photo needs a few, never hundreds. */
  uploadUrlByUser: { kind: "fixed window", rate: 20, period: HOUR_MS },
  /** Contact messages per sender address: at most 5 an hour. */
  contactByEmail: { kind: "fixed window", rate: 5, period: HOUR_MS },
  /** Contact messages per signed-in account, whatever address it types: at most 10 a day. */
  contactByUser: { kind: "fixed window", rate: 10, period: DAY_MS },
});
