// Stripe's form encoding read by the operation's schema, refused as Stripe refuses it: strings become the
// integers, numbers and booleans the schema asks for, `""` stays where an `anyOf` allows unsetting, and the
// first problem is reported with Stripe's message and parameter name (`payment_intent_data[foo]`).
import { StripeApiError } from "../errors.ts";
import type { FormObject, FormValue } from "../form.ts";
import { resolve, type Operation, type Schema } from "./spec.ts";

type Decoded = unknown;
/** `shaped`: the value had the schema's shape (an object for an object...), so its error is the one to report. */
type Outcome = { ok: true; value: Decoded } | { ok: false; error: StripeApiError; shaped: boolean };

const refused = (param: string, message: string, code?: string, shaped = true): Outcome => ({
  ok: false,
  error: new StripeApiError(400, "invalid_request_error", message, code, param),
  shaped,
});

const unknownParameter = (param: string) => refused(param, `Received unknown parameter: ${param}`, "parameter_unknown");
const missingParameter = (param: string) => refused(param, `Missing required param: ${param}.`, "parameter_missing");

const child = (param: string, key: string | number) => (param ? `${param}[${key}]` : String(key));
/** The field's own name, as Stripe's enum messages use it: `interval` for `settings[payouts][schedule][interval]`. */
const fieldName = (param: string) => param.match(/([^[\]]+)\]?$/)?.[1] ?? param;
const shown = (value: FormValue) => (typeof value === "string" ? value : JSON.stringify(value));

/** "a", "a or b", "a, b, or c", as Stripe lists allowed values. */
function oneOf(values: unknown[]): string {
  const items = values.map(String);
  if (items.length <= 2) return items.join(" or ");
  return `${items.slice(0, -1).join(", ")}, or ${items[items.length - 1]}`;
}

const isObject = (value: FormValue): value is FormObject => typeof value === "object" && !Array.isArray(value);

function decodeObject(schema: Schema, value: FormValue, param: string): Outcome {
  if (!isObject(value)) return refused(param, `Invalid object`, "parameter_invalid", false);
  const properties = schema.properties ?? {};
  const extra = typeof schema.additionalProperties === "object" ? schema.additionalProperties : undefined;
  const open = schema.additionalProperties === true || (!schema.properties && schema.additionalProperties === undefined);
  const out: Record<string, Decoded> = {};
  for (const key of Object.keys(value)) {
    if (!(key in properties) && !extra && !open) return unknownParameter(child(param, key));
  }
  for (const [key, entry] of Object.entries(value)) {
    const propSchema = properties[key] ?? extra;
    if (!propSchema) {
      out[key] = entry;
      continue;
    }
    const decoded = decodeValue(propSchema, entry, child(param, key));
    if (!decoded.ok) return { ...decoded, shaped: true };
    out[key] = decoded.value;
  }
  for (const key of schema.required ?? []) if (value[key] === undefined) return missingParameter(child(param, key));
  return { ok: true, value: out };
}

function decodeScalar(schema: Schema, value: FormValue, param: string): Outcome {
  if (typeof value !== "string") return refused(param, `Invalid ${schema.type ?? "value"}: ${shown(value)}`, "parameter_invalid", false);
  if (value === "" && schema.type !== "string") {
    const message =
      `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; however '${param}' ` +
      `cannot be unset. You should remove '${param}' from your request or supply a non-empty value.`;
    return refused(param, message, "parameter_invalid_empty");
  }
  let decoded: Decoded = value;
  if (schema.type === "integer") {
    if (!/^-?\d+$/.test(value)) return refused(param, `Invalid integer: ${value}`, "parameter_invalid_integer");
    decoded = Number(value);
  } else if (schema.type === "number") {
    if (!/^-?(\d+\.?\d*|\.\d+)$/.test(value)) return refused(param, `Invalid decimal: ${value}`, "parameter_invalid");
    decoded = Number(value);
  } else if (schema.type === "boolean") {
    if (value !== "true" && value !== "false") return refused(param, `Invalid boolean: ${value}`, "parameter_invalid");
    decoded = value === "true";
  } else if (schema.maxLength !== undefined && value.length > schema.maxLength) {
    return refused(param, `Invalid string: ${value.slice(0, 10)}...; must be at most ${schema.maxLength} characters`, "parameter_invalid");
  }
  // Stripe marks enums it may extend without notice with x-stripeBypassValidation: it accepts other values.
  if (schema.enum && !schema.enum.includes(decoded) && !schema["x-stripeBypassValidation"]) {
    return refused(param, `Invalid ${fieldName(param)}: must be one of ${oneOf(schema.enum)}`, "parameter_invalid");
  }
  return { ok: true, value: decoded };
}

function decodeValue(given: Schema, value: FormValue, param: string): Outcome {
  const schema = resolve(given);
  if (schema.anyOf) {
    if (value === "" && schema.anyOf.some((branch) => resolve(branch).enum?.includes(""))) return { ok: true, value: "" };
    const failures: Array<Extract<Outcome, { ok: false }>> = [];
    for (const branch of schema.anyOf) {
      const outcome = decodeValue(branch, value, param);
      if (outcome.ok) return outcome;
      failures.push(outcome);
    }
    return failures.find((failure) => failure.shaped) ?? failures[0];
  }
  if (schema.type === "object" || (!schema.type && schema.properties)) return decodeObject(schema, value, param);
  if (schema.type === "array") {
    if (!Array.isArray(value)) return refused(param, `Invalid array`, "parameter_invalid", false);
    const out: Decoded[] = [];
    for (const [index, item] of value.entries()) {
      const decoded = schema.items ? decodeValue(schema.items, item, child(param, index)) : { ok: true as const, value: item };
      if (!decoded.ok) return { ...decoded, shaped: true };
      out.push(decoded.value);
    }
    return { ok: true, value: out };
  }
  if (!schema.type) return { ok: true, value };
  return decodeScalar(schema, value, param);
}

/** The schema of an operation's parameters: its query parameters as one object for GET, its form body for POST. */
export function requestSchema(operation: Operation): Schema {
  const query = operation.parameters.filter((p) => p.in === "query");
  if (operation.method !== "GET") return operation.body ?? { type: "object", properties: {}, additionalProperties: false };
  return {
    type: "object",
    properties: Object.fromEntries(query.map((p) => [p.name, p.schema])),
    required: query.filter((p) => p.required).map((p) => p.name),
    additionalProperties: false,
  };
}

/** The request's parameters (query for GET, form body for POST) decoded by the operation's schema. */
export function decodeRequest(operation: Operation, params: FormObject, pathParams: Record<string, string>): Outcome {
  for (const parameter of operation.parameters.filter((p) => p.in === "path")) {
    const decoded = decodeValue(parameter.schema, pathParams[parameter.name] ?? "", parameter.name);
    if (!decoded.ok) return decoded;
  }
  return decodeValue(requestSchema(operation), params, "");
}
