// convex/ is loaded as Convex loads it: "use node" files run in Node.js (CommonJS packages such as twilio,
// Node built-ins), files with more than one dot are not modules, and a default-runtime file reaching a
// Node built-in or a "use node" file defining a query is refused with Convex's words.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { makeFunctionReference } from "convex/server";
import { Clients, fixtureConvexDir, nodeModulesDir, removeDir, startBackend, type RunningBackend } from "../testing/backend";

let backend: RunningBackend;
const clients = new Clients(() => backend);
beforeAll(async () => {
  backend = await startBackend();
});
afterEach(() => clients.closeAll());
afterAll(async () => {
  await backend?.stop();
  if (backend) removeDir(backend.dataDir);
});

interface VoiceToken {
  header: Record<string, unknown>;
  grants: { identity: string; voice: { incoming: { allow: boolean }; outgoing: { application_sid: string } } };
  runtime: string;
}
const voiceToken = makeFunctionReference<"action", { identity: string }, VoiceToken>("calls:voiceToken");

/** A copy of the fixture project with extra files, its packages reachable from it. */
function projectWith(files: Record<string, string>): string {
  const project = fs.mkdtempSync(path.join(os.tmpdir(), "local-backend-runtimes-"));
  fs.cpSync(fixtureConvexDir, path.join(project, "convex"), { recursive: true });
  fs.symlinkSync(nodeModulesDir, path.join(project, "node_modules"));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(project, "convex", name), text);
  return project;
}

/** Starts the backend on `project` and returns what it printed when it refused to start. */
async function refusal(project: string): Promise<string> {
  try {
    const b = await startBackend({ convexDir: path.join(project, "convex") });
    await b.stop();
    removeDir(b.dataDir);
    throw new Error("the backend started");
  } catch (e) {
    return (e as Error).message;
  } finally {
    removeDir(project);
  }
}

describe('"use node" actions', () => {
  it("run twilio (CommonJS, Node built-ins) and the result reaches the client", async () => {
    const token = await clients.browser().action(voiceToken, { identity: "alice" });
    expect(token.header).toEqual({ alg: "HS256", typ: "JWT", cty: "twilio-fpa;v=1" });
    expect(token.grants).toEqual({
      identity: "alice",
      voice: { incoming: { allow: true }, outgoing: { application_sid: `AP${"1".repeat(32)}` } },
    });
    expect(token.runtime).toBe("string");
    // The HTTP client reaches the same action.
    expect((await clients.http().action(voiceToken, { identity: "bob" })).grants.identity).toBe("bob");
  });
});

describe("modules", () => {
  it("a file with more than one dot in its name is not a function module", async () => {
    const hidden = makeFunctionReference<"query", Record<string, never>, string>("notes.draft:hidden");
    await expect(clients.http().query(hidden, {})).rejects.toThrow(
      "Could not find public function for 'notes.draft:hidden'. Did you forget to run `npx convex dev`?",
    );
  });

  it("a default-runtime file importing a Node built-in is refused with Convex's message", async () => {
    const out = await refusal(
      projectWith({
        "hashing.ts": 'import { createHash } from "node:crypto";\nimport { query } from "./_generated/server";\n' +
          'export const digest = query({ args: {}, handler: async () => createHash("sha256").update("x").digest("hex") });\n',
      }),
    );
    expect(out).toContain('Could not resolve "node:crypto"');
    expect(out).toContain('It looks like you are using Node APIs from a file without the "use node" directive.');
  });

  it("a default-runtime file importing a package that needs Node (twilio) is refused too", async () => {
    const out = await refusal(
      projectWith({ "calls.ts": fs.readFileSync(path.join(fixtureConvexDir, "calls.ts"), "utf8").replace('"use node";', "") }),
    );
    expect(out).toContain('It looks like you are using Node APIs from a file without the "use node" directive.');
  });

  it('a "use node" file may define actions only', async () => {
    const out = await refusal(
      projectWith({
        "nodeQuery.ts": '"use node";\nimport { query } from "./_generated/server";\nexport const inNode = query({ args: {}, handler: async () => 1 });\n',
      }),
    );
    expect(out).toContain(
      "`inNode` defined in `nodeQuery.js` is a Query function. Only actions can be defined in Node.js. See https://docs.convex.dev/functions/actions for more details.",
    );
  });
});
