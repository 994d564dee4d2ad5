// Writes resend.subset.json: the operations the mail catcher serves (operations.ts) out of Resend's
// published OpenAPI, with every component they reach through $ref, and a header naming the source.
// To regenerate (after changing operations.ts, or RESEND_OPENAPI_SOURCE for a newer commit):
//   curl -o /tmp/resend.json https://raw.githubusercontent.com/resend/resend-openapi/<commit>/resend.json
//   npx tsx local-backend/mail/openapi/extractSubset.ts /tmp/resend.json
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { operationName, RESEND_OPENAPI_SOURCE, SERVED_OPERATIONS } from "./operations.ts";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Spec = {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, Json>>;
  components: Record<string, Record<string, Json>>;
  security?: Json;
};

const SUBSET_FILE = join(dirname(fileURLToPath(import.meta.url)), "resend.subset.json");

/** The "#/components/<kind>/<name>" references anywhere inside a value. */
function refsIn(value: Json, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => refsIn(item, found));
  else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string") found.push(inner);
      else refsIn(inner, found);
    }
  }
  return found;
}

function extractSubset(spec: Spec) {
  if (spec.openapi !== RESEND_OPENAPI_SOURCE.openapi || spec.info.version !== RESEND_OPENAPI_SOURCE.version) {
    throw new Error(
      `The file is OpenAPI ${spec.openapi}, version ${spec.info.version}; operations.ts names ${RESEND_OPENAPI_SOURCE.openapi}, ${RESEND_OPENAPI_SOURCE.version}`,
    );
  }
  const paths: Spec["paths"] = {};
  for (const operation of SERVED_OPERATIONS) {
    const found = spec.paths[operation.path]?.[operation.method];
    if (!found) throw new Error(`${operationName(operation)} is not in the specification`);
    paths[operation.path] = { ...paths[operation.path], [operation.method]: found };
  }
  // The $ref closure: follow references until no new component turns up.
  const components: Spec["components"] = {};
  const pending = refsIn(paths as Json);
  while (pending.length) {
    const ref = pending.pop()!;
    const match = /^#\/components\/([^/]+)\/([^/]+)$/.exec(ref);
    if (!match) throw new Error(`Unsupported reference ${ref}`);
    const [, kind, name] = match;
    if (components[kind]?.[name] !== undefined) continue;
    const target = spec.components[kind]?.[name];
    if (target === undefined) throw new Error(`Dangling reference ${ref}`);
    (components[kind] ??= {})[name] = target;
    pending.push(...refsIn(target));
  }
  // The security schemes the document requires (Resend: a bearer API key on every operation).
  for (const requirement of (spec.security ?? []) as Array<Record<string, unknown>>) {
    for (const name of Object.keys(requirement)) (components.securitySchemes ??= {})[name] = spec.components.securitySchemes[name];
  }
  return {
    "x-subset-of": { ...RESEND_OPENAPI_SOURCE, operations: SERVED_OPERATIONS.map(operationName) },
    openapi: spec.openapi,
    info: spec.info,
    security: spec.security,
    paths,
    components,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const source = process.argv[2];
  if (!source) {
    console.error("Uso: npx tsx local-backend/mail/openapi/extractSubset.ts <resend.json>");
    process.exit(2);
  }
  const subset = extractSubset(JSON.parse(readFileSync(source, "utf8")) as Spec);
  writeFileSync(SUBSET_FILE, `${JSON.stringify(subset, null, 2)}\n`);
  console.log(
    `${SUBSET_FILE}: ${Object.keys(subset.paths).length} path(s), ${Object.values(subset.components).flatMap(Object.keys).length} component(s)`,
  );
}
