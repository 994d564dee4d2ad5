// Objects made complete by their schema: what the stand-in models stays as it is, and every field it does not
// model is added as Stripe would send it: null where the spec allows null, [] for lists, and otherwise the
// value of Stripe's own example object (fixtures3.json) at that place, or a plain default (false, 0, the first
// enum value). Example objects are never copied whole: their ids and texts would describe other objects.
import { fixtures, refName, resolve, schemas, type Schema } from "./spec.ts";

type Value = unknown;
type Example = Value;
const isPlainObject = (value: Value): value is Record<string, Value> => typeof value === "object" && value !== null && !Array.isArray(value);

const exampleAt = (example: Example, key: string): Example => (isPlainObject(example) ? example[key] : undefined);

/** The example of a named schema, when the schema is one of Stripe's objects with a fixture. */
function exampleOf(schema: Schema, given: Example): Example {
  return schema.$ref ? (fixtures[refName(schema.$ref)] ?? given) : given;
}

/** The anyOf branch that describes `value`: the object whose `object` names it, or the first of its JSON type. */
function branchFor(anyOf: Schema[], value: Value): Schema | undefined {
  const typeOf = (v: Value) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v === "number" ? "number" : typeof v);
  if (isPlainObject(value) && typeof value.object === "string") {
    const named = anyOf.find((branch) => resolve(branch).properties?.object?.enum?.includes(value.object));
    if (named) return named;
  }
  return anyOf.find((branch) => {
    const type = resolve(branch).type ?? (resolve(branch).properties ? "object" : undefined);
    return type === typeOf(value) || (type === "integer" && typeof value === "number");
  });
}

/** A value for a field the stand-in does not model. */
function build(given: Schema, example?: Example): Value {
  const schema = resolve(given);
  const sample = exampleOf(given, example);
  if (schema.nullable) return null;
  if (schema.anyOf) return build(schema.anyOf[0], sample);
  if (schema.type === "array") return [];
  if (schema.type === "object" || schema.properties) {
    if (!schema.properties) return {};
    const out: Record<string, Value> = {};
    const required = new Set(schema.required ?? []);
    for (const [key, prop] of Object.entries(schema.properties)) {
      if (prop.nullable) out[key] = null;
      else if (required.has(key)) out[key] = build(prop, exampleAt(sample, key));
    }
    return out;
  }
  if (sample !== undefined && sample !== null && typeof sample !== "object" && (!schema.enum || schema.enum.includes(sample))) return sample;
  if (schema.enum) return schema.enum[0];
  if (schema.type === "boolean") return false;
  if (schema.type === "integer" || schema.type === "number") return 0;
  return "";
}

/** `value` with the fields its schema asks for that it lacks. */
export function complete(given: Schema, value: Value, example?: Example): Value {
  const schema = resolve(given);
  const sample = exampleOf(given, example);
  if (value === undefined) return build(given, example);
  if (value === null) return null;
  if (schema.anyOf) {
    const branch = branchFor(schema.anyOf, value);
    return branch ? complete(branch, value, sample) : value;
  }
  if (Array.isArray(value))
    return schema.items ? value.map((item) => complete(schema.items!, item, Array.isArray(sample) ? sample[0] : undefined)) : value;
  if (!isPlainObject(value) || !schema.properties) return value;
  const out: Record<string, Value> = { ...value };
  const required = new Set(schema.required ?? []);
  for (const [key, prop] of Object.entries(schema.properties)) {
    if (key in value) out[key] = complete(prop, value[key], exampleAt(sample, key));
    else if (prop.nullable || required.has(key)) out[key] = build(prop, exampleAt(sample, key));
  }
  return out;
}

/** A named schema's completion of `value` (an object the stand-in renders, or an event). */
export const completeAs = (name: string, value: Value): Value => (schemas[name] ? complete({ $ref: `#/components/schemas/${name}` }, value) : value);
