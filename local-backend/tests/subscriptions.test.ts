// Query groups shared by several subscribers: one arriving while the group's first evaluation runs waits for
// its result, so no client is ever sent a group's empty body (an invalid Transition its JSON.parse refuses).
import { describe, expect, it } from "vitest";
import type { CallResult, Engine } from "../src/engine";
import { SubscriptionManager } from "../src/subscriptions";

/** An engine whose query calls wait until the test lets them answer. */
function slowEngine() {
  const waiting: Array<() => void> = [];
  let calls = 0;
  const engine = {
    call: () => {
      calls++;
      return new Promise<CallResult>((resolve) => waiting.push(() => resolve({ ok: true, value: { answer: 42 }, logLines: [] })));
    },
  } as unknown as Engine;
  return { engine, calls: () => calls, answer: () => waiting.splice(0).forEach((reply) => reply()) };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("a query group's subscribers", () => {
  it("wait for the evaluation under way instead of sending the group's empty body", async () => {
    const { engine, calls, answer } = slowEngine();
    const subs = new SubscriptionManager(engine);
    const group = subs.acquire("settings:getPublic", {}, null, null);
    const first = subs.ready(group);
    // A second page subscribes to the same query while the first evaluation runs.
    const second = subs.acquire("settings:getPublic", {}, null, null);
    expect(second).toBe(group);
    let secondReady = false;
    const waiting = subs.ready(second).then(() => (secondReady = true));
    await tick();
    expect(secondReady).toBe(false);
    answer();
    await Promise.all([first, waiting]);
    expect(calls()).toBe(1);
    const message = JSON.parse(group.modification(7)) as Record<string, unknown>;
    expect(message).toMatchObject({ type: "QueryUpdated", queryId: 7, value: { answer: 42 } });
  });

  it("are answered from the group's result without a new evaluation once it has one", async () => {
    const { engine, calls, answer } = slowEngine();
    const subs = new SubscriptionManager(engine);
    const group = subs.acquire("psychics:listPublic", {}, null, null);
    const first = subs.ready(group);
    await tick();
    answer();
    await first;
    await subs.ready(group);
    expect(calls()).toBe(1);
    expect(() => JSON.parse(group.modification(1))).not.toThrow();
  });
});
