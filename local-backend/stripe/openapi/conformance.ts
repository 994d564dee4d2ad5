// The stand-in held to Stripe's spec: requests are decoded and refused by the operation's schema (always, as
// Stripe does); in validating mode (the default; STRIPE_STANDIN_VALIDATE=0 turns it off) every answer and every
// webhook event is completed by its schema and validated. A violation is kept in a list the tests read
// (`GET /__local/violations`), written to stderr, and a response violation answers 500 instead
// (STRIPE_STANDIN_VALIDATE=report: recorded and logged only, the answer goes out as it is).
import { StripeApiError } from "../errors.ts";
import type { FormObject } from "../form.ts";
import { complete, completeAs } from "./complete.ts";
import { decodeRequest, requestSchema } from "./formDecode.ts";
import {
  findOperation,
  flushValidatorCache,
  schemas,
  schemaValidator,
  servedOperations,
  validatorOf,
  type ErrorObject,
  type Schema,
} from "./spec.ts";

type Violation = {
  at: string;
  operation: string;
  direction: "request" | "response" | "webhook";
  path: string;
  message: string;
};

const ERROR_SCHEMA: Schema = { $ref: "#/components/schemas/error" };
const MAX_KEPT = 500;

/** ajv's first errors, each at its place in the object; anyOf failures list what each alternative missed. */
function describe(errors: ErrorObject[] | null | undefined): Array<{ path: string; message: string }> {
  return (errors ?? []).slice(0, 8).map((error) => ({
    path: error.instancePath || "/",
    message: `${error.message ?? error.keyword}${Object.keys(error.params).length ? ` ${JSON.stringify(error.params)}` : ""}`,
  }));
}

export class Conformance {
  readonly violations: Violation[] = [];

  constructor(
    readonly validating: boolean,
    private readonly reportOnly = false,
  ) {}

  private record(operation: string, direction: Violation["direction"], found: Array<{ path: string; message: string }>): void {
    for (const { path, message } of found) {
      const violation: Violation = { at: new Date().toISOString(), operation, direction, path, message };
      this.violations.push(violation);
      console.error(`STRIPE_STANDIN_VIOLATION ${JSON.stringify(violation)}`);
    }
    this.violations.splice(0, Math.max(0, this.violations.length - MAX_KEPT));
  }

  /** Stripe's refusal of the request's parameters, or undefined when they are fine (or the path is not served). */
  checkRequest(method: string, path: string, params: FormObject): StripeApiError | undefined {
    const found = findOperation(method, path);
    if (!found) return undefined;
    const decoded = decodeRequest(found.operation, params, found.pathParams);
    if (!decoded.ok) {
      this.record(found.operation.key, "request", [{ path: String(decoded.error.param ?? "/"), message: decoded.error.message }]);
      return decoded.error;
    }
    // The decoded values, validated by the schema too: what the decoding's own checks do not cover.
    const validate = validatorOf(`${found.operation.key} request`, requestSchema(found.operation), "request");
    if (validate(decoded.value)) return undefined;
    const [first] = describe(validate.errors);
    const param =
      first.path
        .split("/")
        .filter(Boolean)
        .map((part, i) => (i === 0 ? part : `[${part}]`))
        .join("") || undefined;
    this.record(found.operation.key, "request", [first]);
    return new StripeApiError(400, "invalid_request_error", `Invalid ${param ?? "request"}: ${first.message}`, "parameter_invalid", param);
  }

  /** The answer completed by its schema; a 500 when it still breaks the schema. */
  respond(method: string, path: string, status: number, body: unknown): { status: number; body: unknown } {
    if (!this.validating) return { status, body };
    const operation = findOperation(method, path)?.operation;
    const success = status < 300 && operation ? operation.responses["200"]?.content?.["application/json"]?.schema : undefined;
    const schema = success ?? ERROR_SCHEMA;
    const completed = complete(schema, body);
    const validate = validatorOf(success ? `${operation!.key} 200` : "error", schema, "response");
    if (validate(completed)) return { status, body: completed };
    const name = operation?.key ?? `${method.toLowerCase()} ${path}`;
    this.record(name, "response", describe(validate.errors));
    if (this.reportOnly) return { status, body: completed };
    const message = `The local Stripe stand-in's answer to ${name} breaks Stripe's spec: ${describe(validate.errors)
      .map((v) => `${v.path} ${v.message}`)
      .join("; ")}`;
    return { status: 500, body: { error: { type: "api_error", message } } };
  }

  /** A webhook event completed by the `event` schema, its `data.object` by its object's schema; both validated. */
  event<T extends { type: string }>(event: T): T {
    if (!this.validating) return event;
    const data = (event as unknown as { data: { object: Record<string, unknown> } }).data;
    const objectName = String(data.object.object);
    const object = completeAs(objectName, data.object) as Record<string, unknown>;
    const completed = completeAs("event", { ...event, data: { ...data, object } }) as T;
    const operation = `event ${event.type}`;
    const validateEvent = schemaValidator("event");
    if (!validateEvent(completed)) this.record(operation, "webhook", describe(validateEvent.errors));
    if (!schemas[objectName]) {
      this.record(operation, "webhook", [{ path: "/data/object/object", message: `no schema ${objectName} in the spec subset` }]);
      return completed;
    }
    const validateObject = schemaValidator(objectName);
    if (!validateObject(object)) {
      this.record(
        operation,
        "webhook",
        describe(validateObject.errors).map((v) => ({ ...v, path: `/data/object${v.path === "/" ? "" : v.path}` })),
      );
    }
    return completed;
  }
}

/** Validating unless STRIPE_STANDIN_VALIDATE=0; answering 500 on a response violation unless it is `report`. */
export const conformanceFromEnv = () =>
  new Conformance(process.env.STRIPE_STANDIN_VALIDATE !== "0", process.env.STRIPE_STANDIN_VALIDATE === "report");

// The objects the stand-in's webhooks carry (checkout.session.*, charge.*, account.updated, payout.*, transfer.*).
const EVENT_OBJECTS = ["checkout.session", "charge", "dispute", "account", "payout", "transfer"];

/**
 * Compiles every validator the stand-in uses and writes them to the cache (spec.ts), so the stand-in processes
 * started after it (the tests start dozens) load them instead of compiling the response graph each.
 */
export function warmValidators(): number {
  let count = 0;
  for (const operation of servedOperations()) {
    validatorOf(`${operation.key} request`, requestSchema(operation), "request");
    const success = operation.responses["200"]?.content?.["application/json"]?.schema;
    if (success) validatorOf(`${operation.key} 200`, success, "response");
    count += success ? 2 : 1;
  }
  validatorOf("error", ERROR_SCHEMA, "response");
  for (const name of ["event", ...EVENT_OBJECTS]) {
    if (!schemas[name]) continue;
    schemaValidator(name);
    count += 1;
  }
  flushValidatorCache();
  return count + 1;
}
