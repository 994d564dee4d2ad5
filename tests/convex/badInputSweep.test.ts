// The bad-input sweep: every public function, called by someone allowed to call it, with one field
// at a time made wrong (wrong type, missing, 100 000 characters, 100 000 elements, NaN, Infinity,
// negative, far-off, ids of other tables and of other people's documents). Each is refused with a
// validation error or an error code and writes nothing; none surfaces a plain engine error.
import { ConvexError } from "convex/values";
import { describe, expect, it } from "vitest";
import schema from "../../convex/schema";
import { isErrorCode } from "../../convex/framework/errors";
import { accessMatrix, isInAudience, type MatrixEntry } from "./fixtures/accessMatrix";
import { callAs, publicFunctions, type PublicFunction } from "./fixtures/publicFunctions";
import { buildWorld, personas, snapshotAllTables, type Persona, type World } from "./fixtures/world";
import { setupTest, useStripeStandIn } from "./setup";

useStripeStandIn();

const tableNames = Object.keys(schema.tables);
const HUGE_STRING = "x".repeat(100_000);
const HUGE_LENGTH = 100_000;

/** The JSON form of a Convex validator, as `exportArgs()` gives it. */
type ValidatorJson =
  | { type: "string" | "number" | "float64" | "int64" | "bigint" | "boolean" | "null" | "any" | "bytes" }
  | { type: "id"; tableName: string }
  | { type: "literal"; value: unknown }
  | { type: "array"; value: ValidatorJson }
  | { type: "object"; value: Record<string, { fieldType: ValidatorJson; optional: boolean }> }
  | { type: "record"; keys: ValidatorJson; values: { fieldType: ValidatorJson } }
  | { type: "union"; value: ValidatorJson[] };

function accepts(validator: ValidatorJson, kind: "string" | "number"): boolean {
  if (validator.type === "union") return validator.value.some((member) => accepts(member, kind));
  if (kind === "string") return validator.type === "string";
  return validator.type === "number" || validator.type === "float64";
}

type Variant = { label: string; field: string; args: Record<string, unknown> };

/** Bad values for one field, each replacing the field in otherwise valid arguments. */
function badValues(world: World, validator: ValidatorJson, valid: unknown): Array<[string, unknown]> {
  if (validator.type === "any") return [];
  const values: Array<[string, unknown]> = [];
  // An object where no field of ours takes one, a string where an object is expected.
  values.push(["wrong type", validator.type === "object" || validator.type === "record" ? "oggetto" : { inatteso: true }]);
  if (accepts(validator, "string")) values.push(["100 000 characters", HUGE_STRING]);
  if (accepts(validator, "number")) {
    for (const [label, value] of [
      ["NaN", Number.NaN],
      ["Infinity", Number.POSITIVE_INFINITY],
      ["-Infinity", Number.NEGATIVE_INFINITY],
      ["negative", -1],
      ["far off", 9e15],
    ] as const) {
      values.push([label, value]);
    }
  }
  if (validator.type === "array") {
    const element = Array.isArray(valid) && valid.length > 0 ? valid[0] : "x";
    values.push(["100 000 elements", Array.from({ length: HUGE_LENGTH }, () => element)]);
  }
  if (validator.type === "record" && accepts(validator.values.fieldType, "number")) {
    values.push(["NaN inside", { "30": Number.NaN }], ["negative inside", { "30": -50 }]);
  }
  if (validator.type === "id") {
    const otherTable = validator.tableName === "users" ? world.profileA : world.userIds.clientA;
    values.push(["id of another table", otherTable]);
    const othersDocument: Record<string, unknown> = {
      bookings: world.bookingB,
      psychicProfiles: world.profileB,
      users: world.userIds.clientB,
    };
    if (validator.tableName in othersDocument) values.push(["another person's document", othersDocument[validator.tableName]]);
  }
  return values;
}

/** For a text field that names a document (an id from a URL): ids of other tables and other people's documents. */
function badReferences(world: World): Array<[string, unknown]> {
  return [
    ["id of another table as text", world.userIds.clientA],
    ["another person's document as text", world.bookingB],
  ];
}

function variantsFor(world: World, fn: PublicFunction, entry: MatrixEntry, valid: Record<string, unknown>): Variant[] {
  const argsValidator = JSON.parse(fn.exportArgs()) as ValidatorJson;
  if (argsValidator.type !== "object") return [];
  const variants: Variant[] = [{ label: "an unexpected field", field: "(extra)", args: { ...valid, ruolo: "admin" } }];
  for (const [field, { fieldType, optional }] of Object.entries(argsValidator.value)) {
    if (entry.sweepSkips?.[field]) continue;
    if (!optional) {
      const { [field]: _dropped, ...rest } = valid;
      variants.push({ label: "missing", field, args: rest });
    }
    const references = entry.lookupFields?.includes(field) ? badReferences(world) : [];
    for (const [label, value] of [...badValues(world, fieldType, valid[field]), ...references]) {
      variants.push({ label, field, args: { ...valid, [field]: value } });
    }
  }
  return variants;
}

/** Extra bad inputs where a field takes anything (`v.any()`): the auth library's sign-in params. */
const signInParams = (params: Record<string, unknown>) => ({ provider: "password", params });
const signUp = { flow: "signUp", email: "nuova@esempio.it", password: "segreta123", name: "Nuova", accountType: "client", consent: true };
const freeFormVariants: Record<string, Variant[]> = {
  "auth:signIn": [
    ["email of 100 000 characters", { ...signUp, email: `${HUGE_STRING}@esempio.it` }],
    ["password of 1 000 000 characters", { ...signUp, password: "p".repeat(1_000_000) }],
    ["name of 100 000 characters", { ...signUp, name: HUGE_STRING }],
    ["a role", { ...signUp, accountType: "admin" }],
    ["an admin flag", { ...signUp, isAdmin: true }],
    ["no consent", { ...signUp, consent: "sì" }],
    ["a number as email", { ...signUp, email: 42 }],
    ["no flow", { email: "nuova@esempio.it", password: "segreta123" }],
    ["an unknown flow", { ...signUp, flow: "promote" }],
  ].map(([label, params]) => ({ label: label as string, field: "params", args: signInParams(params as Record<string, unknown>) })),
};

/** The answer a lookup gives for something it cannot find. */
function isNotFoundAnswer(answer: unknown): boolean {
  return answer === null || (Array.isArray(answer) && answer.length === 0);
}

function isValidationError(error: unknown): boolean {
  return error instanceof Error && !(error instanceof ConvexError) && /Validator error|ArgumentValidationError/.test(error.message);
}

function refusalKind(error: unknown): "code" | "validation" | null {
  if (error instanceof ConvexError && isErrorCode((error.data as { code?: unknown })?.code)) return "code";
  return isValidationError(error) ? "validation" : null;
}

describe("the bad-input sweep", () => {
  for (const fn of publicFunctions) {
    const entry = accessMatrix[fn.name];
    if (entry === undefined) continue; // the matrix test reports the missing entry
    const caller: Persona | undefined = personas.find((persona) => isInAudience(persona, entry.who));
    if (caller === undefined) continue;

    it(`${fn.name} refuses bad input from ${caller} and writes nothing`, async () => {
      let world = await buildWorld(setupTest());
      const valid = await entry.args(world, caller);
      const variants = [...variantsFor(world, fn, entry, valid), ...(freeFormVariants[fn.name] ?? [])];
      const problems: string[] = [];
      for (const variant of variants) {
        const before = await snapshotAllTables(world.t, tableNames);
        let outcome: string;
        try {
          const answer = await callAs(world, caller, fn, variant.args);
          const lookup = entry.lookupFields?.includes(variant.field) && isNotFoundAnswer(answer);
          outcome = lookup ? "not found" : `accepted (${JSON.stringify(answer)?.slice(0, 80)})`;
        } catch (error) {
          const kind = refusalKind(error);
          outcome = kind ?? `plain error: ${error instanceof Error ? error.message.slice(0, 120) : String(error)}`;
        }
        const after = await snapshotAllTables(world.t, tableNames);
        for (const table of entry.countsRefusals ?? []) {
          delete after[table];
          delete before[table];
        }
        const unchanged = JSON.stringify(after) === JSON.stringify(before);
        if (!["code", "validation", "not found"].includes(outcome) || !unchanged) {
          problems.push(`${variant.field} = ${variant.label}: ${outcome}${unchanged ? "" : ", and it wrote"}`);
          // Start the next variant from a clean world.
          world = await buildWorld(setupTest());
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
