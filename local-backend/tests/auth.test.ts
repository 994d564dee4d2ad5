// Sign-in through @convex-dev/auth (Password) on the embedded backend, identity in queries, and refused tokens.
import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SignJWT, decodeJwt, importPKCS8 } from "jose";
import WebSocket from "ws";
import { api } from "./fixture/convex/_generated/api";
import { Clients, eventually, removeDir, startBackend, type RunningBackend } from "../testing/backend";

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

async function signUp(email: string): Promise<{ token: string; refreshToken: string }> {
  const r = await clients.http().action(api.auth.signIn, {
    provider: "password",
    params: { email, password: "una-password-lunga", flow: "signUp" },
  });
  return (r as { tokens: { token: string; refreshToken: string } }).tokens;
}

/** A token signed with the data folder's own key, like @convex-dev/auth's, with the claims changed. */
async function forge(token: string, change: { expiresInSeconds: number }): Promise<string> {
  const keys = JSON.parse(fs.readFileSync(path.join(backend.dataDir, "keys.json"), "utf8")) as { JWT_PRIVATE_KEY: string };
  const claims = decodeJwt(token);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sub: claims.sub })
    .setProtectedHeader({ alg: "RS256" })
    .setIssuer(claims.iss!)
    .setAudience("convex")
    .setIssuedAt(now - 60)
    .setExpirationTime(now + change.expiresInSeconds)
    .sign(await importPKCS8(keys.JWT_PRIVATE_KEY, "RS256"));
}

function tamper(token: string): string {
  const [h, p, s] = token.split(".");
  const payload = JSON.parse(Buffer.from(p, "base64url").toString()) as Record<string, unknown>;
  payload.sub = "someone-else|x";
  return [h, Buffer.from(JSON.stringify(payload)).toString("base64url"), s].join(".");
}

type WhoAmI = { identity: { subject: string; tokenIdentifier: string; issuer: string } | null; userId: string | null };

describe("sign-in through @convex-dev/auth", () => {
  it("signs up, signs in again with the password, and the identity reaches queries and mutations", async () => {
    const { token } = await signUp("giulia@esempio.it");
    const again = await clients.http().action(api.auth.signIn, {
      provider: "password",
      params: { email: "giulia@esempio.it", password: "una-password-lunga", flow: "signIn" },
    });
    expect((again as { tokens: { token: string } }).tokens.token).toEqual(expect.any(String));

    const c = clients.browser();
    const changes: boolean[] = [];
    c.setAuth(async () => token, (isAuth) => changes.push(isAuth));
    const who = await eventually(async () => {
      const v = (await c.query(api.messages.whoami, {})) as WhoAmI;
      return v.identity ? v : undefined;
    }, "an authenticated whoami");
    const sub = decodeJwt(token).sub!;
    expect(who.identity).toMatchObject({ subject: sub, issuer: backend.siteUrl, tokenIdentifier: `${backend.siteUrl}|${sub}` });
    expect(who.userId).toBe(sub.split("|")[0]);
    expect(changes).toEqual([true]);

    const id = await c.mutation(api.messages.send, { author: "giulia", body: "firmato", channel: "auth" });
    const rows = await clients.http().query(api.messages.listChannel, { channel: "auth" });
    expect(rows.find((r) => r._id === id)?.userId).toBe(who.userId);

    const http = clients.http();
    http.setAuth(token);
    expect(((await http.query(api.messages.whoami, {})) as WhoAmI).userId).toBe(who.userId);

    // Signing out on the client: live queries re-run without the identity.
    let live: WhoAmI | undefined;
    c.onUpdate(api.messages.whoami, {}, (v) => (live = v as WhoAmI));
    await eventually(() => (live?.identity ? true : undefined), "the signed-in live query");
    c.client.clearAuth();
    await eventually(() => (live && live.identity === null ? true : undefined), "the live query without identity");
  });

  it("signing in keeps a paginated list's page boundary", async () => {
    const { token } = await signUp("elena@esempio.it");
    const http = clients.http();
    for (const body of ["b", "d", "f"]) await http.mutation(api.messages.send, { author: "e", body, channel: "auth-pages" });
    const c = clients.browser();
    let page: { page: { body: string }[]; continueCursor: string } | undefined;
    c.onUpdate(api.messages.pageByBody, { channel: "auth-pages", paginationOpts: { numItems: 2, cursor: null } }, (p) => (page = p));
    const first = await eventually(() => page, "the first page");
    await http.mutation(api.messages.send, { author: "e", body: "c", channel: "auth-pages" });
    await eventually(() => (page?.page.length === 3 ? true : undefined), "b c d");
    const signedIn = new Promise<boolean>((resolve) => c.setAuth(async () => token, resolve));
    expect(await signedIn).toBe(true);
    await eventually(async () => ((await c.query(api.messages.whoami, {})) as WhoAmI).identity ?? undefined, "the identity");
    expect(page!.page.map((m) => m.body)).toEqual(["b", "c", "d"]);
    expect(page!.continueCursor).toBe(first.continueCursor);
  });

  it("messages of one connection take effect in order: an action sent right after Authenticate runs as the new user", async () => {
    const { token } = await signUp("bruno@esempio.it");
    const ws = new WebSocket(`${backend.cloudUrl.replace("http", "ws")}/api/1.48.0/sync`);
    const messages: Array<{ type: string; requestId?: number; result?: unknown }> = [];
    ws.on("message", (d) => messages.push(JSON.parse(d.toString()) as { type: string }));
    await new Promise((r) => ws.once("open", r));
    // All sent at once, without waiting for any answer.
    ws.send(JSON.stringify({ type: "Connect", sessionId: "order-session", connectionCount: 0 }));
    ws.send(JSON.stringify({ type: "Action", requestId: 0, udfPath: "messages:whoamiAction", args: [{}] }));
    ws.send(JSON.stringify({ type: "Authenticate", tokenType: "User", value: token, baseVersion: 0 }));
    ws.send(JSON.stringify({ type: "Action", requestId: 1, udfPath: "messages:whoamiAction", args: [{}] }));
    const answer = (id: number) => eventually(() => messages.find((m) => m.type === "ActionResponse" && m.requestId === id), `action ${id}`);
    expect((await answer(0)).result).toBeNull();
    expect((await answer(1)).result).toBe(decodeJwt(token).sub);
    ws.close();
  });

  it("refuses a wrong password", async () => {
    await signUp("marco@esempio.it");
    await expect(
      clients.http().action(api.auth.signIn, {
        provider: "password",
        params: { email: "marco@esempio.it", password: "sbagliata-sbagliata", flow: "signIn" },
      }),
    ).rejects.toThrow();
  });

  it("refreshes the session with the refresh token", async () => {
    const { refreshToken, token } = await signUp("anna@esempio.it");
    const r = (await clients.http().action(api.auth.signIn, { refreshToken })) as { tokens: { token: string } };
    expect(decodeJwt(r.tokens.token).sub).toBe(decodeJwt(token).sub);
  });
});

describe("refused tokens", () => {
  it("a tampered token is refused: AuthError on the socket, 401 over HTTP", async () => {
    const { token } = await signUp("luca@esempio.it");
    const bad = tamper(token);
    const c = clients.browser();
    const isAuth = await new Promise<boolean>((resolve) => c.setAuth(async () => bad, resolve));
    expect(isAuth).toBe(false);
    expect(((await c.query(api.messages.whoami, {})) as WhoAmI).identity).toBeNull();

    const r = await fetch(`${backend.cloudUrl}/api/query`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${bad}` },
      body: JSON.stringify({ path: "messages:whoami", args: [{}], format: "convex_encoded_json" }),
    });
    expect(r.status).toBe(401);
    expect(await r.json()).toEqual({
      code: "Unauthenticated",
      message: "Could not verify OIDC token claim. Check that the token signature is valid and the token hasn't expired.",
    });
  });

  it("an HTTP action sees the identity of a Bearer token; with a bad one it runs and getUserIdentity throws", async () => {
    const { token } = await signUp("irene@esempio.it");
    const ok = await fetch(`${backend.siteUrl}/whoami`, { headers: { authorization: `Bearer ${token}` } });
    expect(await ok.json()).toEqual({ subject: decodeJwt(token).sub });
    const anonymous = await fetch(`${backend.siteUrl}/whoami`);
    expect(await anonymous.json()).toEqual({ subject: null });
    const bad = await fetch(`${backend.siteUrl}/whoami`, { headers: { authorization: `Bearer ${tamper(token)}` } });
    expect(bad.status).toBe(500);
    expect(((await bad.json()) as { code: string }).code).toContain("Uncaught Error: Could not verify OIDC token claim");
  });

  it("an expired token is refused: AuthError on the socket, 401 over HTTP", async () => {
    const { token } = await signUp("sara@esempio.it");
    const expired = await forge(token, { expiresInSeconds: -10 });
    const c = clients.browser();
    const isAuth = await new Promise<boolean>((resolve) => c.setAuth(async () => expired, resolve));
    expect(isAuth).toBe(false);

    const http = clients.http();
    http.setAuth(expired);
    await expect(http.query(api.messages.whoami, {})).rejects.toThrow(/"code":"Unauthenticated".*Could not verify OIDC token claim/);
  });

  it("a token that expires mid-session is answered with AuthError, and the client drops its identity", async () => {
    const { token } = await signUp("paolo@esempio.it");
    // Two tokens with a few seconds to live: one for the raw protocol, one for the real client, run side by side.
    const [rawToken, clientToken] = await Promise.all([forge(token, { expiresInSeconds: 3 }), forge(token, { expiresInSeconds: 3 })]);
    const exp = decodeJwt(rawToken).exp! * 1000;

    const raw = (async () => {
      // The server sends AuthError on its own once the token expires.
      const ws = new WebSocket(`${backend.cloudUrl.replace("http", "ws")}/api/1.48.0/sync`);
      const messages: Array<{ type: string; [k: string]: unknown }> = [];
      ws.on("message", (d) => messages.push(JSON.parse(d.toString()) as { type: string }));
      await new Promise((r) => ws.once("open", r));
      ws.send(JSON.stringify({ type: "Connect", sessionId: "expiry-session", connectionCount: 0 }));
      ws.send(JSON.stringify({ type: "Authenticate", tokenType: "User", value: rawToken, baseVersion: 0 }));
      const transition = await eventually(() => messages.find((m) => m.type === "Transition"), "the identity transition");
      expect(transition).toMatchObject({ endVersion: { identity: 1 } });
      const authError = await eventually(() => messages.find((m) => m.type === "AuthError"), "AuthError at expiry", 8_000);
      expect(Date.now()).toBeGreaterThanOrEqual(exp);
      expect(authError).toMatchObject({ baseVersion: 0, authUpdateAttempted: false });
      ws.close();
    })();

    // The real client asks for a fresh token; with none, it reports being signed out.
    const clientExp = decodeJwt(clientToken).exp! * 1000;
    const c = clients.browser();
    const changes: boolean[] = [];
    c.setAuth(async () => (Date.now() < clientExp - 1000 ? clientToken : null), (a) => changes.push(a));
    await eventually(() => (changes.includes(false) ? true : undefined), "the client to drop its identity", 8_000);
    expect(changes).toEqual([true, false]);
    expect(((await c.query(api.messages.whoami, {})) as WhoAmI).identity).toBeNull();
    await raw;
  });
});
