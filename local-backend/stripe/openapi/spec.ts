// Stripe's OpenAPI subset (spec3.subset.json, written by extract.ts) with our overlay (spec3.overlay.json) applied:
// the operations the stand-in serves, found by method and path, and ajv validators of their requests and of
// the objects they answer. Responses are held to "complete" objects: a field the spec marks nullable must be
// present (Stripe sends it as null), and an object with declared properties has no others.
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import standaloneCode from "ajv/dist/standalone/index.js";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
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
type Parameter = { name: string; in: "query" | "path" | "header"; required?: boolean; schema: Schema };
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

const spec: Spec = readJson<Spec>("spec3.subset.json");
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

/** The served operations themselves (the validator warm-up compiles each one's request and answer). */
export const servedOperations = (): readonly Operation[] => operations;

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

// Compiling the answers' schemas (Stripe's objects reach hundreds of schemas) takes seconds, and tests start the
// stand-in dozens of times: every validator a process compiles is also written as ajv's standalone code to
// node_modules/.cache (the owner's folder, never the shared tmp: it is code we load), keyed by this file, the
// subset, the overlay and ajv's version. A later process loads it on its first validation and compiles only keys
// it has never seen. conformance.ts warmValidators() compiles them all at once (the tests' global setup).
let ajvInstance: Ajv | undefined;
/** The compiler, made only when a validator is missing from the cache. */
function compiler(): Ajv {
  if (ajvInstance) return ajvInstance;
  ajvInstance = new Ajv({ strict: false, validateFormats: false, validateSchema: false, allErrors: true, inlineRefs: false, code: { source: true } });
  ajvInstance.addSchema({ $id: "request.json", components: { schemas: convert(schemas, false) } });
  ajvInstance.addSchema({ $id: "response.json", components: { schemas: convert(schemas, true) } });
  return ajvInstance;
}

type CacheEntry = { key: string; id: string; schema: object };
const cacheDir = join(here, "../../../node_modules/.cache/arcano-stripe-validators");
const cacheBase = join(
  cacheDir,
  createHash("sha256")
    .update(readFileSync(fileURLToPath(import.meta.url)))
    .update(readFileSync(join(here, "spec3.subset.json")))
    .update(readFileSync(join(here, "spec3.overlay.json")))
    .update(String((createRequire(import.meta.url)("ajv/package.json") as { version: string }).version))
    .digest("hex")
    .slice(0, 24),
);
let entries: CacheEntry[] | undefined;
const compiled = new Map<string, ValidateFunction>();
const inAjv = new Set<string>();

/** The cached validators, loaded on the first validation. */
function cachedEntries(): CacheEntry[] {
  if (entries) return entries;
  entries = [];
  try {
    if (existsSync(`${cacheBase}.json`) && existsSync(`${cacheBase}.cjs`)) {
      const listed = JSON.parse(readFileSync(`${cacheBase}.json`, "utf8")) as CacheEntry[];
      const loaded = createRequire(import.meta.url)(`${cacheBase}.cjs`) as Record<string, ValidateFunction>;
      for (const entry of listed) {
        if (!loaded[entry.id]) continue;
        compiled.set(entry.key, loaded[entry.id]);
        entries.push(entry);
      }
    }
  } catch (error) {
    console.error(`[stripe] validator cache not read: ${(error as Error).message}`);
  }
  return entries;
}

let unwritten = false;
/** Writes every validator known so far as one standalone module. */
function writeCache() {
  if (!unwritten || !entries) return;
  unwritten = false;
  try {
    const ajv = compiler();
    for (const entry of entries) {
      if (inAjv.has(entry.id)) continue;
      ajv.addSchema(entry.schema);
      inAjv.add(entry.id);
    }
    const code = standaloneCode(ajv, Object.fromEntries(entries.map((entry) => [entry.id, `${entry.id}.json`])));
    mkdirSync(cacheDir, { recursive: true, mode: 0o700 });
    const unique = `${process.pid}-${Date.now()}`;
    writeFileSync(`${cacheBase}.cjs.${unique}`, code, { mode: 0o600 });
    writeFileSync(`${cacheBase}.json.${unique}`, JSON.stringify(entries), { mode: 0o600 });
    // The module first, then the list naming it: a reader never finds a list whose module lacks an entry.
    renameSync(`${cacheBase}.cjs.${unique}`, `${cacheBase}.cjs`);
    renameSync(`${cacheBase}.json.${unique}`, `${cacheBase}.json`);
  } catch (error) {
    console.error(`[stripe] validator cache not written: ${(error as Error).message}`);
  }
}
// Compiles come in bursts (a flow's first requests): written after a quiet moment, and at the latest on exit.
let writeTimer: NodeJS.Timeout | undefined;
const scheduleCacheWrite = () => {
  unwritten = true;
  clearTimeout(writeTimer);
  writeTimer = setTimeout(writeCache, 300);
  writeTimer.unref();
};
process.on("exit", writeCache);

/** Writes the cache now (a warm-up about to exit). */
export function flushValidatorCache() {
  clearTimeout(writeTimer);
  writeCache();
}

/** A validator of `schema` (a piece of the spec): its `$ref`s point into the request or response copy. */
export function validatorOf(cacheKey: string, schema: Schema, direction: "request" | "response"): ValidateFunction {
  const key = `${direction} ${cacheKey}`;
  const known = cachedEntries();
  let validate = compiled.get(key);
  if (!validate) {
    const converted = JSON.parse(
      JSON.stringify(convert(schema, direction === "response")).replaceAll('"#/components/', `"${direction}.json#/components/`),
    );
    const id = `v${createHash("sha256").update(key).digest("hex").slice(0, 16)}`;
    const entry = { key, id, schema: { ...converted, $id: `${id}.json` } };
    const ajv = compiler();
    if (!inAjv.has(id)) ajv.addSchema(entry.schema);
    inAjv.add(id);
    validate = ajv.getSchema(`${id}.json`)!;
    compiled.set(key, validate);
    if (!known.some((entry) => entry.key === key)) known.push(entry);
    scheduleCacheWrite();
  }
  return validate;
}

export const schemaValidator = (name: string) => validatorOf(`#${name}`, { $ref: `#/components/schemas/${name}` }, "response");

export type { ErrorObject };
