// Origin passes: the HTTP action that sees the client's address hands out a pass naming its origin
// (hashed); sign-up, contact and checkout count their limits under it (docs/product-rules.md, "Limits").
import { afterEach, describe, expect, it, vi } from "vitest";
import { internal } from "../../convex/_generated/api";
import { setupTest, type TestConvex } from "./setup";

const ask = (t: TestConvex, address?: string, origin = "http://127.0.0.1:5173") =>
  t.fetch("/origin-pass", { method: "POST", headers: { ...(address ? { "x-forwarded-for": address } : {}), origin } });
const passes = (t: TestConvex) => t.run((ctx) => ctx.db.query("originPasses").collect());
const originOf = async (t: TestConvex, response: Response) => {
  const { pass } = (await response.json()) as { pass: string };
  return (await passes(t)).find((row) => row.token === pass)?.origin;
};

afterEach(() => {
  delete process.env.CLIENT_ADDRESS_HEADER;
});

describe("the origin pass", () => {
  it("names the caller's origin as a hash, never the address, for the app's own pages only", async () => {
    const t = setupTest();
    const response = await ask(t, "203.0.113.50");
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("http://127.0.0.1:5173");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const { pass } = (await response.json()) as { pass: string };
    expect(pass).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const [stored] = await passes(t);
    expect(stored.token).toBe(pass);
    expect(stored.origin).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(stored)).not.toContain("203.0.113");
    // The same origin, asked again, is the same hash; another is another.
    await ask(t, "10.0.0.1, 203.0.113.50");
    await ask(t, "198.51.100.50");
    const origins = (await passes(t)).map((row) => row.origin);
    expect(origins[1]).toBe(origins[0]);
    expect(origins[2]).not.toBe(origins[0]);
  });

  it("names the address the deployment's proxy added, the last entry: a first entry the caller wrote changes nothing", async () => {
    const t = setupTest();
    const real = await originOf(t, await ask(t, "203.0.113.54"));
    expect(real).toMatch(/^[0-9a-f]{32}$/);
    for (const forged of ["127.0.0.1", "::1", "unknown", "198.51.100.99", `10.${Math.floor(Math.random() * 250)}.0.1`]) {
      expect(await originOf(t, await ask(t, `${forged}, 203.0.113.54`))).toBe(real);
    }
  });

  it("loopback (the machine itself: the developer, the tests) is not limited per origin; a request whose address is unknown gets no pass", async () => {
    const t = setupTest();
    expect((await ask(t, "127.0.0.1")).status).toBe(200);
    for (const unknown of [undefined, "unknown", "203.0.113.55, unknown", "sconosciuto"]) {
      const response = await ask(t, unknown);
      expect(response.status).toBe(503);
      expect(response.headers.get("access-control-allow-origin")).toBe("http://127.0.0.1:5173");
    }
    expect((await passes(t)).map((row) => row.origin)).toEqual([undefined]);
  });

  it("reads the client's address from the header named in CLIENT_ADDRESS_HEADER, and then only from it", async () => {
    const t = setupTest();
    const real = await originOf(t, await ask(t, "203.0.113.56"));
    process.env.CLIENT_ADDRESS_HEADER = "X-Real-IP";
    const viaOwnHeader = await t.fetch("/origin-pass", {
      method: "POST",
      headers: { "x-real-ip": "203.0.113.56", "x-forwarded-for": "198.51.100.56", origin: "http://127.0.0.1:5173" },
    });
    expect(await originOf(t, viaOwnHeader)).toBe(real);
    expect((await ask(t, "203.0.113.56")).status).toBe(503);
  });

  it("one origin gets at most 120 passes an hour, so nobody can fill the table", async () => {
    const t = setupTest();
    for (let index = 0; index < 120; index++) expect((await ask(t, "203.0.113.51")).status).toBe(200);
    expect((await ask(t, "203.0.113.51")).status).toBe(429);
    expect((await ask(t, "203.0.113.52")).status).toBe(200);
  });

  it("expired passes and sign-ups whose code lapsed are removed by the hourly job; live ones stay", async () => {
    const t = setupTest();
    await ask(t, "203.0.113.53");
    await t.run((ctx) =>
      ctx.db.insert("pendingSignUps", {
        email: "attesa@esempio.it",
        name: "In Attesa",
        accountType: "client",
        passwordHash: "x",
        codeHash: "y",
        consentGivenAt: Date.now(),
        expiresAt: Date.now() + 15 * 60_000,
        failedAttempts: 0,
      }),
    );
    vi.advanceTimersByTime(10 * 60_000);
    await ask(t, "203.0.113.53");
    await t.mutation(internal.originPasses.removeExpired, {});
    expect(await passes(t)).toHaveLength(2);
    vi.advanceTimersByTime(10 * 60_000);
    await t.mutation(internal.originPasses.removeExpired, {});
    expect(await passes(t)).toHaveLength(1);
    expect(await t.run((ctx) => ctx.db.query("pendingSignUps").collect())).toEqual([]);
  });
});
