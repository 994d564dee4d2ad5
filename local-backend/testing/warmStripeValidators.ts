// Vitest global setup of the projects that start the Stripe stand-in: its validators compiled once and cached
// (stripe/openapi/spec.ts) before the tests start the stand-in again and again.
import { warmValidators } from "../stripe/openapi/conformance.ts";

export default function setup() {
  warmValidators();
}
