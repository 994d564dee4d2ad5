// Money has one owner per table. Outside convex/lib/bookings/bookingLifecycle.ts no code creates a booking or
// writes any of its fields; each other money table (the psychics' shares, reversals, payout accounts and
// payouts, the provider jobs, the month's books, the DAC7 figures) is written by one module only, which
// applies pure transitions. Read from the source with TypeScript's parser, so a new writer anywhere in
// convex/ fails here.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const CONVEX_DIR = new URL("../convex/", import.meta.url).pathname;
const OWNER = "lib/bookings/bookingLifecycle.ts";

/** The fields only the lifecycle writes. */
const LIFECYCLE_FIELDS = new Set([
  "status",
  "holdExpiresAt",
  "holdReleasedFor",
  "checkoutUrl",
  "stripeCheckoutSessionId",
  "stripePaymentIntentId",
  "paidAt",
  "cancelledAt",
  "cancelledBy",
  "cancelReason",
  "refundCents",
  "refundStatus",
  "stripeRefundId",
  "refundRetries",
  "refundedAt",
  "completedAt",
  "statsMonth",
  "scheduledDate",
  "scheduledTime",
  "startsAt",
  "endsAt",
  "rescheduleCount",
]);

/** Each write to `bookings` in `source` that only the lifecycle may make, as "line: why". */
function bookingWriteViolations(source: string, fileName = "module.ts"): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node) => file.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  // A patch's fields must be visible (object literals, or a choice between them) and none of the owner's.
  const checkFields = (node: ts.Expression, line: number) => {
    if (ts.isParenthesizedExpression(node)) return checkFields(node.expression, line);
    if (ts.isConditionalExpression(node)) {
      checkFields(node.whenTrue, line);
      checkFields(node.whenFalse, line);
      return;
    }
    if (!ts.isObjectLiteralExpression(node)) return void found.push(`${line}: patch with fields that cannot be read`);
    for (const property of node.properties) {
      const name = property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) ? property.name.text : null;
      if (name === null) found.push(`${line}: patch with a computed or spread field`);
      else if (LIFECYCLE_FIELDS.has(name)) found.push(`${line}: writes ${name}`);
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const [table, , fields] = node.arguments;
      const onBookings = table !== undefined && ts.isStringLiteral(table) && table.text === "bookings";
      if (onBookings && (method === "insert" || method === "replace")) found.push(`${at(node)}: ${method}s a booking`);
      if (onBookings && method === "patch") {
        if (fields === undefined) found.push(`${at(node)}: patch without fields`);
        else checkFields(fields, at(node));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Each money table and the one module that writes it. */
const MONEY_WRITERS: Record<string, string> = {
  bookings: OWNER,
  psychicTransfers: "lib/money/payouts.ts",
  transferReversals: "lib/money/payouts.ts",
  payoutAccounts: "lib/money/payouts.ts",
  psychicPayouts: "lib/money/payouts.ts",
  providerJobs: "lib/money/providerJobs.ts",
  moneyFigures: "lib/money/moneyFigures.ts",
  dac7Figures: "lib/money/dac7Figures.ts",
  payoutDebts: "lib/money/payoutDebts.ts",
  // Fiscal documents are issued once and never changed: one writer, which only inserts them.
  fiscalDocuments: "lib/money/fiscalDocuments.ts",
  fiscalDocumentCounters: "lib/money/fiscalDocuments.ts",
  // A person's spending and takings follow their bookings through the triggers.
  personFigures: "lib/figures/figureRows.ts",
};

/** Every call in `source` that writes a table at all (insert, replace, patch or delete), as table → ["line: method"]. */
function tableWrites(source: string): Map<string, string[]> {
  const file = ts.createSourceFile("module.ts", source, ts.ScriptTarget.Latest, true);
  const found = new Map<string, string[]>();
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const [first] = node.arguments;
      const method = node.expression.name.text;
      if (["insert", "replace", "patch", "delete"].includes(method) && first !== undefined && ts.isStringLiteral(first)) {
        found.set(first.text, [...(found.get(first.text) ?? []), `${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${method}`]);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Every call in `source` that writes a booking at all (insert, replace, patch or delete), as "line: method". */
function anyBookingWrites(source: string): string[] {
  const file = ts.createSourceFile("module.ts", source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const [table] = node.arguments;
      const method = node.expression.name.text;
      if (
        ["insert", "replace", "patch", "delete"].includes(method) &&
        table !== undefined &&
        ts.isStringLiteral(table) &&
        table.text === "bookings"
      ) {
        found.push(`${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${method}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function convexModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "_generated" ? [] : convexModules(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

describe("the booking's one owner", () => {
  it("no module but lib/bookings/bookingLifecycle.ts writes a booking's life", () => {
    const outside = convexModules(CONVEX_DIR).filter((path) => relative(CONVEX_DIR, path) !== OWNER);
    expect(outside.length).toBeGreaterThan(20);
    const violations = outside.flatMap((path) =>
      bookingWriteViolations(readFileSync(path, "utf8"), path).map((problem) => `${relative(CONVEX_DIR, path)}:${problem}`),
    );
    expect(violations).toEqual([]);
  });

  it("no other module writes a booking at all: join times, reminders sent and names go through the owner too", () => {
    const outside = convexModules(CONVEX_DIR).filter((path) => relative(CONVEX_DIR, path) !== OWNER);
    const writes = outside.flatMap((path) => anyBookingWrites(readFileSync(path, "utf8")).map((write) => `${relative(CONVEX_DIR, path)}:${write}`));
    expect(writes).toEqual([]);
    expect(anyBookingWrites('await ctx.db.patch("bookings", id, { psychicName: "x" });\nawait ctx.db.delete("bookings", id);')).toEqual([
      "1: patch",
      "2: delete",
    ]);
  });

  it("the owner does write them (the check reads what it should)", () => {
    expect(bookingWriteViolations(readFileSync(join(CONVEX_DIR, OWNER), "utf8")).length).toBeGreaterThan(0);
  });

  it("finds each kind of stray write", () => {
    const source = [
      'await ctx.db.patch("bookings", id, { status: "cancelled" });',
      'await ctx.db.patch("bookings", id, other ? { refundStatus: "failed" } : { notes: "x" });',
      'await ctx.db.patch("bookings", id, { [field]: now });',
      'await ctx.db.patch("bookings", id, { ...fields });',
      'await ctx.db.patch("bookings", id, fields);',
      'await ctx.db.insert("bookings", fields);',
      'await ctx.db.replace("bookings", id, fields);',
      'await ctx.db.patch("bookings", id, { psychicName: "Account eliminato", clientJoinedAt: 1 });',
      'await ctx.db.patch("reviews", id, { status: "x" });',
    ].join("\n");
    expect(bookingWriteViolations(source)).toEqual([
      "1: writes status",
      "2: writes refundStatus",
      "3: patch with a computed or spread field",
      "4: patch with a computed or spread field",
      "5: patch with fields that cannot be read",
      "6: inserts a booking",
      "7: replaces a booking",
    ]);
  });
});

describe("every money table's one writer", () => {
  const writes = convexModules(CONVEX_DIR).map((path) => ({ name: relative(CONVEX_DIR, path), tables: tableWrites(readFileSync(path, "utf8")) }));

  it.each(Object.entries(MONEY_WRITERS))("%s is written only by %s, which does write it", (table, writer) => {
    const strays = writes.filter((module) => module.name !== writer).flatMap((module) => (module.tables.get(table) ?? []).map((write) => `${module.name}:${write}`));
    expect(strays).toEqual([]);
    expect(writes.find((module) => module.name === writer)?.tables.get(table)?.length ?? 0).toBeGreaterThan(0);
  });

  it("every table of the schema that holds money or a provider call is in the map", () => {
    const schema = readFileSync(join(CONVEX_DIR, "schema.ts"), "utf8");
    const tables = [...schema.matchAll(/^ {2}(\w+): defineTable\(/gm)].map((match) => match[1]);
    const money = tables.filter((table) => /booking|transfer|reversal|payout|money|personFigures|dac7|providerJob|fiscalDocument/i.test(table));
    expect(money.sort()).toEqual(Object.keys(MONEY_WRITERS).sort());
  });

  it("an issued fiscal document is never changed: its one writer only inserts, nothing patches, replaces or deletes one", () => {
    const changes = writes.flatMap((module) => (module.tables.get("fiscalDocuments") ?? []).filter((write) => !write.endsWith(": insert")).map((write) => `${module.name}:${write}`));
    expect(changes).toEqual([]);
  });

  it("finds a stray write of each kind", () => {
    const source = 'await ctx.db.patch("psychicTransfers", id, { state: "failed" });\nawait ctx.db.insert("transferReversals", {});\nawait ctx.db.delete("providerJobs", id);';
    expect(Object.fromEntries(tableWrites(source))).toEqual({ psychicTransfers: ["1: patch"], transferReversals: ["2: insert"], providerJobs: ["3: delete"] });
  });
});
