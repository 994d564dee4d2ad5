// Vitest global setup of the local-backend project: the Stripe stand-in's validators compiled once and cached
// (local-backend/stripe/openapi/spec.ts) before the tests start the stand-in again and again.
import { warmValidators } from "../../../local-backend/stripe/openapi/conformance";

export default function setup() {
  warmValidators();
}
