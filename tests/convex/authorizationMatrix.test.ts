// The authorization matrix: every public function, called as each of the seven people of the access
// rules, with valid arguments. Those allowed succeed; the rest are refused with an access code and
// write nothing; no answer carries another person's email, notes, admin notes or password data.
import { ConvexError } from "convex/values";
import { describe, expect, it } from "vitest";
import schema from "../../convex/schema";
import { accessMatrix, isInAudience } from "./fixtures/accessMatrix";
import { callAs, leakedSecrets, publicFunctions } from "./fixtures/publicFunctions";
import { buildWorld, personas, snapshotAllTables } from "./fixtures/world";
import { setupTest, useStripeStandIn } from "./setup";

useStripeStandIn();

const ACCESS_CODES = ["NOT_AUTHENTICATED", "FORBIDDEN", "CLIENT_ONLY", "PSYCHIC_ONLY", "NOT_FOUND"];
const tableNames = Object.keys(schema.tables);

describe("the authorization matrix", () => {
  it("has an entry for every public function, and no entry for a function that is gone", () => {
    const names = publicFunctions.map((fn) => fn.name);
    expect(names.filter((name) => !(name in accessMatrix))).toEqual([]);
    expect(Object.keys(accessMatrix).filter((name) => !names.includes(name))).toEqual([]);
  });

  for (const fn of publicFunctions) {
    const entry = accessMatrix[fn.name];
    if (entry === undefined) continue;
    for (const persona of personas) {
      const allowed = isInAudience(persona, entry.who);
      it(`${fn.name} as ${persona}: ${allowed ? "allowed" : "refused, nothing written"}`, async () => {
        const world = await buildWorld(setupTest());
        const args = await entry.args(world, persona);
        const before = await snapshotAllTables(world.t, tableNames);
        let answer: unknown;
        let failure: unknown = null;
        try {
          answer = await callAs(world, persona, fn, args);
        } catch (error) {
          failure = error;
        }
        if (allowed) {
          expect(failure).toBeNull();
          expect(leakedSecrets(world, persona, answer)).toEqual([]);
        } else {
          expect(failure).toBeInstanceOf(ConvexError);
          const data = (failure as ConvexError<{ code: string }>).data;
          expect(ACCESS_CODES).toContain(data.code);
          expect(leakedSecrets(world, persona, data)).toEqual([]);
          expect(await snapshotAllTables(world.t, tableNames)).toEqual(before);
        }
      });
    }
  }
});
