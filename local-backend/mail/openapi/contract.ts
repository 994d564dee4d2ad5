// Holds the mail catcher to Resend's published OpenAPI (resend.subset.json, from extractSubset.ts):
// each request it serves is checked against the operation's security, header parameters and JSON body
// schema, and each answer against the operation's response schema. What breaks the specification is a
// violation, kept for tests (GET /__standin/violations) and logged to stderr.
import { readFileSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import { operationName, type ResendOperation } from "./operations.ts";

export type Violation = {
  operation: string;
  direction: "request" | "response";
  /** Where: `headers/<name>`, `body<JSON pointer>` or `status`. */
  path: string;
  message: string;
  /** `openapi`: the published specification; `resend`: a rule of Resend's API the specification does not state. */
  rule: "openapi" | "resend";
};

/** Resend's error body, as the SDK reads it (`error.statusCode`, `error.name`, `error.message`). */
type ResendError = { statusCode: number; name: string; message: string };

type Schema = Record<string, unknown>;
type Parameter = { in: string; name: string; required?: boolean; schema: Schema };
type OperationObject = {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
};

const SUBSET_ID = "resend.subset.json";
const subset = JSON.parse(readFileSync(new URL(SUBSET_ID, import.meta.url), "utf8")) as { paths: Record<string, Record<string, OperationObject>> };
const pointer = (...parts: string[]) => `${SUBSET_ID}#/${parts.map((part) => part.replaceAll("~", "~0").replaceAll("/", "~1")).join("/")}`;

// `format` is off: the only one these schemas use is `binary` (attachment content, base64 in JSON).
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
ajv.addSchema(subset, SUBSET_ID);

function operationObject({ method, path }: ResendOperation): OperationObject {
  const found = subset.paths[path]?.[method];
  if (!found) throw new Error(`${operationName({ method, path })} is not in resend.subset.json: add it to operations.ts and run extractSubset.ts`);
  return found;
}

/** The header parameters as one object schema over Node's lower-cased headers. */
function headersSchema(parameters: Parameter[] = []): Schema {
  const headers = parameters.filter((parameter) => parameter.in === "header");
  return {
    type: "object",
    properties: Object.fromEntries(headers.map((parameter) => [parameter.name.toLowerCase(), parameter.schema])),
    required: headers.filter((parameter) => parameter.required).map((parameter) => parameter.name.toLowerCase()),
  };
}

/** A field path as Resend writes it in its messages: `attachments[0].filename`. */
const fieldName = (instancePath: string) =>
  instancePath
    .split("/")
    .slice(1)
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join("")
    .replace(/^\./, "");

/** Resend's answer to a body that breaks the schema: a missing field first, else the outermost wrong one. */
function refusalFor(errors: ErrorObject[]): ResendError {
  const missing = errors.find((error) => error.keyword === "required");
  if (missing) {
    const field = [fieldName(missing.instancePath), String(missing.params.missingProperty)].filter(Boolean).join(".");
    return { statusCode: 422, name: "missing_required_field", message: `Missing \`${field}\` field.` };
  }
  const outermost = errors.reduce((best, error) => (error.instancePath.length <= best.instancePath.length ? error : best));
  const field = fieldName(outermost.instancePath) || "body";
  return { statusCode: 422, name: "validation_error", message: `Invalid \`${field}\` field: ${outermost.message}.` };
}

// Resend takes `email@example.com` or `Name <email@example.com>`; the specification types these as plain strings.
const ADDRESS_FIELDS = ["from", "to", "cc", "bcc", "reply_to"];
function isResendAddress(value: string): boolean {
  const address = /^[^<>]*<([^<>]+)>$/.exec(value.trim())?.[1] ?? value.trim();
  return /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>.]+$/.test(address);
}

export function resendContract(record: (violation: Violation) => void) {
  const compiled = new Map<string, { headers: ValidateFunction; body?: ValidateFunction; responses: Map<string, ValidateFunction> }>();
  function validatorsOf(operation: ResendOperation) {
    const name = operationName(operation);
    const known = compiled.get(name);
    if (known) return known;
    const found = operationObject(operation);
    const json = found.requestBody?.content["application/json"];
    const validators = {
      headers: ajv.compile(headersSchema(found.parameters)),
      body: json
        ? ajv.compile({ $ref: pointer("paths", operation.path, operation.method, "requestBody", "content", "application/json", "schema") })
        : undefined,
      responses: new Map(
        Object.entries(found.responses)
          .filter(([, response]) => response.content?.["application/json"])
          .map(([status]) => [
            status,
            ajv.compile({ $ref: pointer("paths", operation.path, operation.method, "responses", status, "content", "application/json", "schema") }),
          ]),
      ),
    };
    compiled.set(name, validators);
    return validators;
  }

  function report(operation: ResendOperation, direction: Violation["direction"], rule: Violation["rule"], path: string, message: string) {
    const violation: Violation = { operation: operationName(operation), direction, path, message, rule };
    console.error(`[Resend stand-in] ${violation.operation} ${direction} ${path}: ${message}`);
    record(violation);
  }
  function reportAll(operation: ResendOperation, direction: Violation["direction"], prefix: string, errors: ErrorObject[]) {
    for (const error of errors) report(operation, direction, "openapi", `${prefix}${error.instancePath}`, error.message ?? error.keyword);
  }

  return {
    /**
     * The request's body when it meets the operation's specification, or Resend's refusal. Security comes
     * first, as at Resend (bearerAuth: `Authorization: Bearer <key>`, a key `isApiKey` knows).
     */
    checkRequest(
      operation: ResendOperation,
      headers: IncomingHttpHeaders,
      rawBody: string,
      isApiKey: (key: string) => boolean,
    ): { body: unknown } | { refusal: ResendError } {
      const validators = validatorsOf(operation);
      const key = /^Bearer (\S+)$/.exec(headers.authorization ?? "")?.[1];
      if (!key) {
        report(operation, "request", "openapi", "headers/authorization", "bearerAuth: no `Bearer <API key>`");
        return { refusal: { statusCode: 401, name: "missing_api_key", message: "Missing API key in the authorization header." } };
      }
      // A well-formed but unknown key breaks no schema: refused as the catcher always has, not recorded.
      if (!isApiKey(key)) return { refusal: { statusCode: 401, name: "missing_api_key", message: "Chiave API non valida" } };
      if (!validators.headers(headers)) {
        reportAll(operation, "request", "headers", validators.headers.errors ?? []);
        // Resend's one header parameter is Idempotency-Key, refused with its own code.
        return { refusal: { statusCode: 400, name: "invalid_idempotency_key", message: "The key must be between 1-256 chars." } };
      }
      if (!validators.body) return { body: undefined };
      let body: unknown;
      try {
        if (!/^application\/json\b/.test(headers["content-type"] ?? "")) throw new Error("the content type is not application/json");
        body = JSON.parse(rawBody);
      } catch (error) {
        report(operation, "request", "openapi", "body", `not a JSON body: ${error instanceof Error ? error.message : String(error)}`);
        return { refusal: { statusCode: 422, name: "validation_error", message: "Invalid JSON body." } };
      }
      if (!validators.body(body)) {
        const errors = validators.body.errors ?? [];
        reportAll(operation, "request", "body", errors);
        return { refusal: refusalFor(errors) };
      }
      // SendEmailRequest sets no additionalProperties, so the specification accepts extra fields: none is refused here.
      for (const field of ADDRESS_FIELDS) {
        const value = (body as Record<string, unknown>)[field];
        const addresses = typeof value === "string" ? [value] : Array.isArray(value) ? (value as string[]) : [];
        const wrong = addresses.findIndex((address) => !isResendAddress(address));
        if (wrong === -1) continue;
        report(
          operation,
          "request",
          "resend",
          `body/${field}${Array.isArray(value) ? `/${wrong}` : ""}`,
          `not an email address: ${JSON.stringify(addresses[wrong])}`,
        );
        const message = `Invalid \`${field}\` field. The email address needs to follow the \`email@example.com\` or \`Name <email@example.com>\` format.`;
        return { refusal: { statusCode: 422, name: "validation_error", message } };
      }
      return { body };
    },
    /**
     * Whether an answer meets the operation's response schema. The specification describes only the
     * success answers; error bodies (Resend's `{statusCode, name, message}`) have no schema there.
     */
    checkResponse(operation: ResendOperation, status: number, body: unknown): boolean {
      const validators = validatorsOf(operation);
      const validate = validators.responses.get(String(status));
      if (!validate) {
        if (status >= 400) return true;
        report(operation, "response", "openapi", "status", `status ${status} is not among the operation's responses`);
        return false;
      }
      if (validate(body)) return true;
      reportAll(operation, "response", "body", validate.errors ?? []);
      return false;
    },
  };
}
