// The embedded backend reaches into convex-test's internals in one file, pinned to one exact version:
// a different version, or a missing member, must fail loudly at start-up rather than misbehave.
import fs from "node:fs";
import path from "node:path";
import { AsyncLocalStorage } from "node:async_hooks";
import { describe, expect, it } from "vitest";
import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";
import {
  CONVEX_TEST_VERSION,
  checkConvexTestVersion,
  convexTestVersion,
  createEngine,
  probeInternals,
  type Doc,
} from "../src/internals";
import { packageDir } from "../testing/backend";
import { noHooks } from "./helpers/noHooks";

const modules = { "./convex/_generated/api.js": async () => ({}) };

describe("the convex-test pin", () => {
  it("the installed convex-test is the version internals.ts was written for, pinned exactly in package.json", () => {
    expect(convexTestVersion()).toBe(CONVEX_TEST_VERSION);
    const pkg = JSON.parse(fs.readFileSync(path.join(packageDir, "package.json"), "utf8")) as { dependencies: Record<string, string> };
    expect(pkg.dependencies["convex-test"]).toBe(CONVEX_TEST_VERSION);
    expect(() => checkConvexTestVersion()).not.toThrow();
  });

  it("a different convex-test version fails loudly, saying what to do", () => {
    expect(() => checkConvexTestVersion("0.0.61")).toThrow(
      /convex-test internals changed \(installed version 0\.0\.61\)\. The embedded backend requires convex-test 0\.0\.60 exactly/,
    );
  });

  it("the probe accepts the installed convex-test and names a missing member", async () => {
    await expect(createEngine(undefined, modules, noHooks)).resolves.toBeDefined();
    expect(() => probeInternals({}, undefined, undefined)).toThrow(/convexGlobal not observed/);
    expect(() => probeInternals({}, {}, undefined)).toThrow(/executionContextStorage not observed/);
    expect(() => probeInternals({}, { components: {} }, new AsyncLocalStorage())).toThrow(/root component db/);
    const db = { _documents: {}, _writes: [], _nextDocId: 0, _lastCreationTime: 0, _schema: null };
    const global = { components: { "": { db, modules: async () => ({}) } } };
    expect(() => probeInternals({}, global, new AsyncLocalStorage())).toThrow(/DatabaseFake\.get/);
  });
});

describe("reaching the document store", () => {
  it("restores documents and finds the ones a stricter schema would refuse", async () => {
    const schema = defineSchema({ notes: defineTable({ text: v.string(), pinned: v.optional(v.boolean()) }) });
    const engine = await createEngine(schema, modules, noHooks);
    const docs: Record<string, Doc> = {
      "10001notes": { _id: "10001notes", _creationTime: 1, text: "ok" },
      "10002notes": { _id: "10002notes", _creationTime: 2, text: "also ok", pinned: true },
    };
    engine.restore(docs, { nextDocId: 12_345, lastCreationTime: 2, lastCommitTs: 5n });
    expect(Object.keys(engine.documents())).toEqual(["10001notes", "10002notes"]);
    expect(engine.counters()).toEqual({ nextDocId: 12_345, lastCreationTime: 2, lastCommitTs: 5n });
    expect(engine.schemaViolations(schema)).toEqual([]);

    const stricter = defineSchema({ notes: defineTable({ text: v.string(), pinned: v.boolean() }) });
    const found = engine.schemaViolations(stricter);
    expect(found).toMatchObject([{ table: "notes", id: "10001notes", message: expect.stringContaining("pinned"), fields: { text: "ok" } }]);
  });
});
