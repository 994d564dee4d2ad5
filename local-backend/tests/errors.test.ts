// Errors reach every client worded and shaped as on Convex (cases from Convex's own error tests): the
// `    at …` frame lines and trailing newline, a ConvexError subclass's name, errors nested through
// ctx.runQuery/runMutation/runAction, and the JSON body of a failing HTTP action.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ConvexError } from "convex/values";
import type { FunctionReference } from "convex/server";
import { api } from "./fixture/convex/_generated/api";
import { Clients, removeDir, startBackend, type RunningBackend } from "../testing/backend";

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

/** Convex's own expectation format: NUM for line and column numbers. */
function matching(expected: string): RegExp {
  const body = expected.trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/NUM/g, "\\d+");
  return new RegExp(`^(\\[CONVEX [QMA]\\([a-zA-Z:]+\\)\\] )?\\[Request ID: [a-f0-9]{16}\\] Server Error\\n${body}(\\n\\n  Called by client)?$`);
}

type AnyClient = {
  query(f: FunctionReference<"query">, a?: object): Promise<unknown>;
  mutation(f: FunctionReference<"mutation">, a?: object): Promise<unknown>;
  action(f: FunctionReference<"action">, a?: object): Promise<unknown>;
};

const cases: { name: string; call: (c: AnyClient) => Promise<unknown>; message: string; data: unknown }[] = [
  {
    name: "a query throwing ConvexError",
    call: (c) => c.query(api.errors.queryThrowingConvexError),
    message: "Uncaught ConvexError: Boom boom bop\n    at <anonymous> (../convex/errors.ts:NUM:NUM)",
    data: "Boom boom bop",
  },
  {
    name: "a query throwing a ConvexError subclass (keeps its name)",
    call: (c) => c.query(api.errors.queryThrowingSubclass),
    message: 'Uncaught FooError: {"message":"Boom boom bop","code":"123n"}\n    at <anonymous> (../convex/errors.ts:NUM:NUM)',
    data: { message: "Boom boom bop", code: 123n },
  },
  {
    name: "an action calling a query throwing ConvexError",
    call: (c) => c.action(api.errors.actionCallingQuery),
    message:
      "Uncaught ConvexError: Uncaught ConvexError: Boom boom bop\n    at <anonymous> (../convex/errors.ts:NUM:NUM)\n\n    at async <anonymous> (../convex/errors.ts:NUM:NUM)",
    data: "Boom boom bop",
  },
  {
    name: "an action calling a query throwing a ConvexError subclass",
    call: (c) => c.action(api.errors.actionCallingSubclass),
    message:
      'Uncaught ConvexError: Uncaught FooError: {"message":"Boom boom bop","code":"123n"}\n    at <anonymous> (../convex/errors.ts:NUM:NUM)\n\n    at async <anonymous> (../convex/errors.ts:NUM:NUM)',
    data: { message: "Boom boom bop", code: 123n },
  },
  {
    name: "an action calling a mutation throwing ConvexError",
    call: (c) => c.action(api.errors.actionCallingMutation),
    message:
      'Uncaught ConvexError: Uncaught ConvexError: {"message":"Boom boom bop","code":"123n"}\n    at <anonymous> (../convex/errors.ts:NUM:NUM)\n\n    at async <anonymous> (../convex/errors.ts:NUM:NUM)',
    data: { message: "Boom boom bop", code: 123n },
  },
  {
    name: "an action calling an action throwing ConvexError",
    call: (c) => c.action(api.errors.actionCallingAction),
    message:
      "Uncaught ConvexError: Uncaught ConvexError: Boom boom bop\n    at <anonymous> (../convex/errors.ts:NUM:NUM)\n\n    at async <anonymous> (../convex/errors.ts:NUM:NUM)",
    data: "Boom boom bop",
  },
];

describe.each([
  ["ConvexHttpClient", () => clients.http()],
  ["ConvexClient", () => clients.browser()],
  ["ConvexReactClient", () => clients.react()],
] as const)("errors seen by %s", (_label, client) => {
  it.each(cases)("$name", async ({ call, message, data }) => {
    const err = await call(client() as unknown as AnyClient).then(
      () => expect.unreachable("the call succeeded"),
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ConvexError);
    expect((err as ConvexError<never>).name).toBe("ConvexError");
    expect((err as Error).message.trim()).toMatch(matching(message));
    expect((err as ConvexError<never>).data).toEqual(data);
  });

  it("a normal Error, also nested, is not a ConvexError and has no data", async () => {
    const c = client() as unknown as AnyClient;
    const direct = await c.query(api.errors.queryThrowingNormalError).catch((e: unknown) => e);
    expect(direct).not.toBeInstanceOf(ConvexError);
    expect((direct as Error).message.trim()).toMatch(matching("Uncaught Error: Normal error\n    at <anonymous> (../convex/errors.ts:NUM:NUM)"));
    const nested = await c.action(api.errors.actionCallingNormalError).catch((e: unknown) => e);
    expect(nested).not.toBeInstanceOf(ConvexError);
    expect((nested as Error).message.trim()).toMatch(
      matching("Uncaught Error: Uncaught Error: Normal error\n    at <anonymous> (../convex/errors.ts:NUM:NUM)\n\n    at async <anonymous> (../convex/errors.ts:NUM:NUM)"),
    );
  });
});

describe("error shapes", () => {
  it("the message the server sends ends with the frame line and a newline", async () => {
    const res = await fetch(`${backend.cloudUrl}/api/query`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: "errors:queryThrowingNormalError", format: "json", args: [{}] }),
    });
    expect(res.status).toBe(560);
    const body = (await res.json()) as { status: string; errorMessage: string };
    expect(body.status).toBe("error");
    expect(body.errorMessage).toMatch(/\nUncaught Error: Normal error\n {4}at <anonymous> \(\.\.\/convex\/errors\.ts:\d+:\d+\)\n$/);
  });

  it("an action catching a nested ConvexError sees a ConvexError with its data", async () => {
    expect(await clients.http().action(api.errors.actionCatching)).toEqual({
      isConvexError: true,
      name: "ConvexError",
      data: { message: "Boom boom bop", code: 123n },
    });
  });

  it("a failing HTTP action answers Convex's JSON body: code, trace and data", async () => {
    const res = await fetch(`${backend.siteUrl}/fail`);
    expect(res.status).toBe(500);
    const body = (await res.json()) as { code: string; trace: string; data?: unknown };
    expect(body.code).toMatch(/^\[Request ID: [a-f0-9]{16}\] Server Error: Uncaught Error: http action failed$/);
    expect(body.trace).toMatch(/^Uncaught Error: http action failed\n {4}at <anonymous> \(\.\.\/convex\/http\.ts:\d+:\d+\)\n$/);
    expect(body.data).toBeUndefined();
  });

  it("refuses to read an index or a search index still staged, in Convex's words", async () => {
    for (const [search, index] of [[false, "by_author"], [true, "search_body"]] as const)
      await expect(clients.http().query(api.errors.readStagedIndex, { search })).rejects.toThrow(
        `Index messages.${index} is currently staged and not available to query until it is enabled`,
      );
  });

  it("a commit race or an overloaded backend refuses the request over HTTP with 503 and Convex's code", async () => {
    for (const [failure, code, message] of [
      ["throwOcc", "OptimisticConcurrencyControlFailure", /^Documents read from or written to some table changed/],
      ["throwOverloaded", "Busy", /^I'm a bit busy\.$/],
    ] as const) {
      const res = await fetch(`${backend.cloudUrl}/api/mutation`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ path: "errors:failsUntilMessage", args: { channel: `http-${failure}`, failure }, format: "json" }),
      });
      expect(res.status).toBe(503);
      const body = (await res.json()) as { code: string; message: string };
      expect(body.code).toBe(code);
      expect(body.message).toMatch(message);
      await expect(clients.http().mutation(api.errors.failsUntilMessage, { channel: `http-${failure}`, failure })).rejects.toThrow(code);
    }
  });

  it("on a socket, such a mutation closes the connection and the client sends it again until it succeeds", async () => {
    for (const failure of ["throwOcc", "throwOverloaded"] as const) {
      const channel = `socket-${failure}`;
      const pending = clients.browser().mutation(api.errors.failsUntilMessage, { channel, failure });
      await expect.poll(() => backend.output()).toMatch(/refused \((OptimisticConcurrencyControlFailure|Busy)\); closing for the client to retry/);
      await clients.http().mutation(api.messages.send, { author: "test", body: `ok ${failure}`, channel });
      expect(await pending).toBe(`ok ${failure}`);
    }
  });

  it("an exception nothing catches in a Node action's callback fails that action, and the backend goes on", async () => {
    for (let i = 0; i < 2; i++) await expect(clients.http().action(api.calls.throwsInCallback, {})).rejects.toThrow("uncaughtException: Yikes");
    expect((await clients.http().action(api.calls.voiceToken, { identity: "dopo" })).runtime, "a Node action after it").toBe("string");
  });

  it("an HTTP action throwing ConvexError answers its data as a JSON value, not as text", async () => {
    const res = await fetch(`${backend.siteUrl}/fail-custom`);
    expect(res.status).toBe(500);
    const body = (await res.json()) as { code: string; data?: unknown };
    expect(body.code).toMatch(/^\[Request ID: [a-f0-9]{16}\] Server Error: Uncaught ConvexError: \{"message":"Hello world!","code":"7n"\}$/);
    expect(body.data).toEqual({ message: "Hello world!", code: { $integer: "BwAAAAAAAAA=" } });
  });
});
