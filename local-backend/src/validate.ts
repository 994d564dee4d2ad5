// Argument validation with Convex's wording (`ArgumentValidationError: ...`), checked before the function runs.
import { convexToJson, type Value } from "convex/values";
import { SystemError } from "./errors.ts";
import { tableNameFromId } from "./internals.ts";

export type ValidatorJson =
  | { type: "any" | "null" | "number" | "bigint" | "boolean" | "string" | "bytes" }
  | { type: "literal"; value: unknown }
  | { type: "id"; tableName: string }
  | { type: "array"; value: ValidatorJson }
  | { type: "record"; keys: ValidatorJson; values: { fieldType: ValidatorJson } }
  | { type: "object"; value: Record<string, { fieldType: ValidatorJson; optional: boolean }> }
  | { type: "union"; value: ValidatorJson[] };

function printValidator(v: ValidatorJson): string {
  switch (v.type) {
    case "literal":
      return `v.literal(${JSON.stringify(v.value)})`;
    case "id":
      return `v.id("${v.tableName}")`;
    case "array":
      return `v.array(${printValidator(v.value)})`;
    case "record":
      return `v.record(${printValidator(v.keys)}, ${printValidator(v.values.fieldType)})`;
    case "object":
      return `v.object({${Object.entries(v.value)
        .map(([k, f]) => `${k}: ${f.optional ? `v.optional(${printValidator(f.fieldType)})` : printValidator(f.fieldType)}`)
        .join(", ")}})`;
    case "union":
      return `v.union(${v.value.map(printValidator).join(", ")})`;
    case "bigint":
      return "v.int64()";
    case "number":
      return "v.float64()";
    default:
      return `v.${v.type}()`;
  }
}

const show = (value: unknown) => JSON.stringify(convexToJson(value as Value));

function matches(v: ValidatorJson, value: unknown): boolean {
  return check(v, value, "") === null;
}

/** Returns a Convex-style description of the first mismatch, or null. */
function check(v: ValidatorJson, value: unknown, path: string): string | null {
  const mismatch = () => `Value does not match validator.\nPath: ${path || "."}\nValue: ${show(value)}\nValidator: ${printValidator(v)}`;
  switch (v.type) {
    case "any":
      return null;
    case "null":
      return value === null ? null : mismatch();
    case "number":
      return typeof value === "number" ? null : mismatch();
    case "bigint":
      return typeof value === "bigint" ? null : mismatch();
    case "boolean":
      return typeof value === "boolean" ? null : mismatch();
    case "string":
      return typeof value === "string" ? null : mismatch();
    case "bytes":
      return value instanceof ArrayBuffer ? null : mismatch();
    case "literal":
      return value === v.value ? null : mismatch();
    case "id":
      return typeof value === "string" && tableNameFromId(value) === v.tableName ? null : mismatch();
    case "array": {
      if (!Array.isArray(value)) return mismatch();
      for (let i = 0; i < value.length; i++) {
        const r = check(v.value, value[i], `${path}[${i}]`);
        if (r) return r;
      }
      return null;
    }
    case "record": {
      if (typeof value !== "object" || value === null || Array.isArray(value)) return mismatch();
      for (const [k, x] of Object.entries(value)) {
        const r = check(v.values.fieldType, x, `${path}.${k}`);
        if (r) return r;
      }
      return null;
    }
    case "union":
      return v.value.some((u) => matches(u, value)) ? null : mismatch();
    case "object": {
      if (typeof value !== "object" || value === null || Array.isArray(value) || value instanceof ArrayBuffer) return mismatch();
      const obj = value as Record<string, unknown>;
      for (const [k, f] of Object.entries(v.value)) {
        if (obj[k] === undefined) {
          if (!f.optional)
            return `Object is missing the required field \`${k}\`. Consider wrapping the field validator in \`v.optional(...)\` if this is expected.\n\nObject: ${show(obj)}\nValidator: ${printValidator(v)}`;
          continue;
        }
        const r = check(f.fieldType, obj[k], `${path}.${k}`);
        if (r) return r;
      }
      for (const k of Object.keys(obj)) {
        if (!(k in v.value) && obj[k] !== undefined)
          return `Object contains extra field \`${k}\` that is not in the validator.\n\nObject: ${show(obj)}\nValidator: ${printValidator(v)}`;
      }
      return null;
    }
  }
}

/** Convex's description of why `value` does not match `validator`, or null when it does. */
export function describeMismatch(validator: ValidatorJson, value: unknown): string | null {
  return check(validator, value, "");
}

export function validateArgs(validator: ValidatorJson, args: unknown): void {
  const problem = check(validator, args, "");
  if (problem) throw new SystemError(`ArgumentValidationError: ${problem}`);
}
