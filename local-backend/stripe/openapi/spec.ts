// Stripe's OpenAPI subset (spec3.subset.json, written by extract.ts) with our overlay (spec3.overlay.json) applied:
// the operations the stand-in serves, found by method and path, and ajv validators of their requests and of
// the objects they answer. Responses are held to "complete" objects: a field the spec marks nullable must be
// present (Stripe sends it as null), and an object with declared properties has no others.
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export type Schema = { [key: string]: unknown } & {
  $ref?: string;
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  maxLength?: number;
};
export type Parameter = { name: string; in: "query" | "path" | "header"; required?: boolean; schema: Schema };
export type Operation = {
  key: string;
  method: string;
  template: string;
  parameters: Parameter[];
  body?: Schema;
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
};
type Overlay = {
  schemas?: Array<{ schema: string; property: string; value: Schema; required?: boolean; why: string }>;
  requestParams?: Array<{ operation: string; path: string[]; value: Schema; why: string }>;
};
type Spec = {
  info: { "x-operations": string[] };
  paths: Record<
    string,
    Record<string, Omit<Operation, "key" | "method" | "template"> & { requestBody?: { content: Record<string, { schema: Schema }> } }>
  >;
  components: { schemas: Record<string, Schema> };
};

const here = dirname(fileURLToPath(import.meta.url));
const readJson = <T>(name: string): T => JSON.parse(readFileSync(join(here, name), "utf8")) as T;

/** Applies each overlay addition to the spec (in place). */
function applyOverlay(spec: Spec, overlay: Overlay): void {
  for (const add of overlay.schemas ?? []) {
    const target = spec.components.schemas[add.schema];
    if (!target?.properties) throw new Error(`overlay: no schema ${add.schema}`);
    target.properties[add.property] = add.value;
    if (add.required) target.required = [...(target.required ?? []), add.property];
  }
  for (const add of overlay.requestParams ?? []) {
    const [method, path] = add.operation.split(" ");
    let node = spec.paths[path]?.[method]?.requestBody?.content["application/x-www-form-urlencoded"]?.schema;
    for (const part of add.path.slice(0, -1)) node = node?.properties?.[part];
    if (!node?.properties) throw new Error(`overlay: no ${add.operation} ${add.path.join(".")}`);
    node.properties[add.path[add.path.length - 1]] = add.value;
  }
}

export const spec: Spec = readJson<Spec>("spec3.subset.json");
applyOverlay(spec, readJson<Overlay>("spec3.overlay.json"));
export const fixtures = readJson<{ resources: Record<string, Record<string, unknown> | null> }>("fixtures3.subset.json").resources;
export const schemas = spec.components.schemas;

export const refName = (ref: string) => ref.replace("#/components/schemas/", "");

/** The schema itself, `$ref`s followed. */
export function resolve(schema: Schema): Schema {
  let current = schema;
  while (current.$ref) current = schemas[refName(current.$ref)];
  return current;
}

const operations: Operation[] = spec.info["x-operations"].map((key) => {
  const [method, template] = key.split(" ");
  const found = spec.paths[template][method];
  return {
    key,
    method: method.toUpperCase(),
    template,
    parameters: found.parameters ?? [],
    body: found.requestBody?.content["application/x-www-form-urlencoded"]?.schema,
    responses: found.responses,
  };
});

/** The served operation a request names, with its path parameters; undefined when none. */
export function findOperation(method: string, path: string): { operation: Operation; pathParams: Record<string, string> } | undefined {
  for (const operation of operations) {
    if (operation.method !== method) continue;
    const names: string[] = [];
    const pattern = operation.template.replace(/\{(\w+)\}/g, (_, name: string) => (names.push(name), "([^/]+)"));
    const match = path.match(new RegExp(`^${pattern}$`));
    if (match) return { operation, pathParams: Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1])])) };
  }
  return undefined;
}

export const operationKeys = () => operations.map((operation) => operation.key);

/** OpenAPI 3.0 to JSON Schema: `nullable` as a null alternative; for responses, complete and closed objects. */
function convert(value: unknown, forResponse: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => convert(item, forResponse));
  if (value === null || typeof value !== "object") return value;
  const schema = value as Schema;
  const out: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(schema)) {
    if (key === "nullable" || key.startsWith("x-")) continue;
    out[key] =
      key === "properties"
        ? Object.fromEntries(Object.entries(entry as object).map(([k, v]) => [k, convert(v, forResponse)]))
        : convert(entry, forResponse);
  }
  if (forResponse && schema.properties && typeof schema.properties === "object") {
    const nullable = Object.entries(schema.properties)
      .filter(([, prop]) => prop.nullable)
      .map(([name]) => name);
    out.required = [...new Set([...(schema.required ?? []), ...nullable])];
    if (schema.additionalProperties === undefined) out.additionalProperties = false;
  }
  if (schema.nullable) {
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    return { anyOf: [out, { type: "null" }] };
  }
  return out;
}

const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true, inlineRefs: false });
ajv.addSchema({ $id: "request.json", components: { schemas: convert(schemas, false) } });
ajv.addSchema({ $id: "response.json", components: { schemas: convert(schemas, true) } });
const compiled = new Map<string, ValidateFunction>();

/** A validator of `schema` (a piece of the spec): its `$ref`s point into the request or response copy. */
export function validatorOf(cacheKey: string, schema: Schema, direction: "request" | "response"): ValidateFunction {
  const key = `${direction} ${cacheKey}`;
  let validate = compiled.get(key);
  if (!validate) {
    const converted = JSON.parse(
      JSON.stringify(convert(schema, direction === "response")).replaceAll('"#/components/', `"${direction}.json#/components/`),
    );
    validate = ajv.compile(converted as object);
    compiled.set(key, validate);
  }
  return validate;
}

export const schemaValidator = (name: string) => validatorOf(`#${name}`, { $ref: `#/components/schemas/${name}` }, "response");

export type { ErrorObject };
