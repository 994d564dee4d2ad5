// Convex's limits on the values a client passes to a function, with Convex's words (the `value` crate and
// the Limits page): arrays of at most 8192 elements, objects of at most 1024 fields, values nested at most
// 64 levels (arguments 63: Convex wraps them in an array), and 16 MiB of arguments in all.
import { getConvexSize, type Value } from "convex/values";
import { SystemError } from "./errors.ts";

const MAX_ARRAY_LENGTH = 8192;
const MAX_OBJECT_FIELDS = 1024;
const MAX_NESTING = 64;
const MAX_ARGS_BYTES = 16 * 1024 * 1024;

/** A byte count as Rust's humansize formats it with BINARY options (2 decimals, none when whole). */
function binarySize(bytes: number): string {
  const units = ["B", "KiB", "MiB", "GiB", "TiB"];
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${Number.isInteger(v) ? v : v.toFixed(2)} ${units[i]}`;
}

/** The first limit `value` breaks, worded as Convex words it; null when it fits. `depth` counts enclosing levels. */
function shapeProblem(value: unknown, depth: number): string | null {
  if (value === null || typeof value !== "object" || value instanceof ArrayBuffer) return null;
  if (depth + 1 > MAX_NESTING) return `Value is too nested (nested ${MAX_NESTING + 1} levels deep > maximum nesting ${MAX_NESTING})`;
  if (Array.isArray(value)) {
    if (value.length > MAX_ARRAY_LENGTH) return `Array length is too long (${value.length} > maximum length ${MAX_ARRAY_LENGTH})`;
    for (const v of value) {
      const p = shapeProblem(v, depth + 1);
      if (p) return p;
    }
    return null;
  }
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  if (entries.length > MAX_OBJECT_FIELDS) return `Object has too many fields (${entries.length} > maximum number ${MAX_OBJECT_FIELDS})`;
  for (const [, v] of entries) {
    const p = shapeProblem(v, depth + 1);
    if (p) return p;
  }
  return null;
}

/** Refuses arguments Convex would refuse, before the function runs. `path` is `module:function`. */
export function checkArgumentLimits(path: string, args: Value): void {
  const [mod, name] = path.split(":");
  // Convex receives the arguments as a one-element array: one more level of nesting.
  const problem = shapeProblem(args, 1);
  if (problem) throw new SystemError(`Invalid arguments for ${mod}.js:${name}: ${problem}`);
  const size = getConvexSize(args);
  // Worded as the isolate's validate_udf_args_size (limit 16 MiB as on the Limits page).
  if (size > MAX_ARGS_BYTES)
    throw new SystemError(`Arguments for ${mod}.js:${name} are too large (actual: ${binarySize(size)}, limit: ${binarySize(MAX_ARGS_BYTES)})`);
}
