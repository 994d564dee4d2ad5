// Tokens Convex refuses are refused here with Convex's codes and texts (crates/authentication validate_id_token):
// a custom JWT without `kid`, one issued in the future beyond the 5 s leeway, an unknown issuer, a malformed
// token; an HTTP action called with a header Convex cannot use still runs, and getUserIdentity is null.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { api } from "./fixture/convex/_generated/api";
import { Clients, removeDir, startBackend, type RunningBackend } from "../testing/backend";
import { customJwt } from "./helpers/customJwt";

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

/** What ConvexHttpClient reports for a refused token: the 401 body, as JSON in the error's message. */
async function refusal(token: string): Promise<{ code: string; message: string }> {
  const http = clients.http();
  http.setAuth(token);
  const err = await http.query(api.messages.whoami, {}).then(
    () => expect.unreachable("the token was accepted"),
    (e: unknown) => e as Error,
  );
  return JSON.parse(err.message) as { code: string; message: string };
}

describe("custom JWT tokens", () => {
  it("a valid one is accepted, by the HTTP client and on the socket", async () => {
    const token = await customJwt({ claims: { name: "Presley" } });
    const http = clients.http();
    http.setAuth(token);
    const who = (await http.query(api.messages.whoami, {})) as { identity: { subject: string; name: string; tokenIdentifier: string } };
    expect(who.identity).toMatchObject({ subject: "custom-user", name: "Presley", tokenIdentifier: "https://issuer.example.test|custom-user" });
    const c = clients.browser();
    expect(await new Promise<boolean>((resolve) => c.setAuth(async () => token, resolve))).toBe(true);
  });

  it("without a kid: InvalidAuthHeader, and AuthError on the socket", async () => {
    const token = await customJwt({ kid: null });
    const err = await refusal(token);
    expect(err).toEqual({ code: "InvalidAuthHeader", message: "Could not decode token. JWT may be missing a 'kid' (key ID) header." });
    const c = clients.browser();
    expect(await new Promise<boolean>((resolve) => c.setAuth(async () => token, resolve))).toBe(false);
  });

  it("with a kid the JWKS does not have: InvalidAuthHeader naming the kid", async () => {
    const err = await refusal(await customJwt({ kid: "key-2 (the wrong one)" }));
    expect(err).toEqual({
      code: "InvalidAuthHeader",
      message: "Could not decode token. The JWT's 'kid' (key ID) header is 'key-2 (the wrong one)', does this key match any key in the provider's JWKS?",
    });
  });

  it("issued 3 s in the future is within Convex's leeway; 10 s is refused", async () => {
    const http = clients.http();
    http.setAuth(await customJwt({ issuedIn: 3 }));
    expect(((await http.query(api.messages.whoami, {})) as { identity: { subject: string } }).identity.subject).toBe("custom-user");
    const err = await refusal(await customJwt({ issuedIn: 10 }));
    expect(err.code).toBe("InvalidAuthHeader");
    expect(err.message).toMatch(/^Could not validate token: Token will be valid in (9|10) seconds$/);
  });

  it("expired beyond the 5 s leeway: InvalidAuthHeader, Token expired … seconds ago", async () => {
    const err = await refusal(await customJwt({ issuedIn: -20, expiresIn: -10 }));
    expect(err.code).toBe("InvalidAuthHeader");
    expect(err.message).toMatch(/^Could not validate token: Token expired (10|11) seconds ago$/);
    const http = clients.http();
    http.setAuth(await customJwt({ issuedIn: -20, expiresIn: -2 }));
    expect(((await http.query(api.messages.whoami, {})) as { identity: { subject: string } }).identity.subject).toBe("custom-user");
  });

  it("an unknown issuer or audience: NoAuthProvider, listing the configured providers", async () => {
    for (const token of [await customJwt({ issuer: "https://unknown.example.test" }), await customJwt({ audience: "someone-else" })]) {
      const err = await refusal(token);
      expect(err.code).toBe("NoAuthProvider");
      expect(err.message).toMatch(
        /^No auth provider found matching the given token\. Check that your JWT's issuer and audience match one of your configured providers: \[OIDC\(domain=http:\/\/127\.0\.0\.1:\d+, app_id=convex\), CustomJWT\(issuer=https:\/\/issuer\.example\.test, app_id=arcano-test\)\]$/,
      );
    }
  });

  it("a malformed token: InvalidAuthHeader", async () => {
    const err = await refusal("not.a.jwt");
    expect(err).toEqual({
      code: "InvalidAuthHeader",
      message: "Could not parse JWT payload. Check that the token is a valid JWT format with three base64-encoded parts separated by dots.",
    });
  });
});

describe("Authorization headers", () => {
  const call = (authorization: string) =>
    fetch(`${backend.cloudUrl}/api/query`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization },
      body: JSON.stringify({ path: "messages:whoami", args: [{}], format: "convex_encoded_json" }),
    });

  it("the HTTP API refuses a header that is not Bearer, and a wrong admin key", async () => {
    const basic = await call("Basic dXNlcjpwYXNz");
    expect(basic.status).toBe(401);
    expect(await basic.json()).toEqual({ code: "InvalidAuthHeader", message: "Header must begin with `bearer `" });
    const admin = await call("Convex not-the-key");
    expect(admin.status).toBe(401);
    expect(await admin.json()).toEqual({ code: "BadAdminKey", message: "The provided admin key was invalid for this instance" });
  });

  // Convex's action executor throws from getUserIdentity() for an unusable header (user_identity,
  // Identity::Unknown), as its Auth docs and its own HTTP tests say. The backend's log reaches this process
  // through a pipe, possibly after the HTTP answer: the log is polled for, not read once.
  it("an HTTP action called with a non-Convex Authorization header runs; getUserIdentity throws", async () => {
    const ping = await fetch(`${backend.siteUrl}/ping`, { headers: { authorization: "Basic dXNlcjpwYXNz" } });
    expect(ping.status).toBe(200);
    expect(await ping.text()).toBe("pong");
    const who = await fetch(`${backend.siteUrl}/whoami`, { headers: { authorization: "Basic dXNlcjpwYXNz" } });
    expect(who.status).toBe(500);
    expect(((await who.json()) as { code: string }).code).toMatch(/Server Error: Uncaught Error: Header must begin with `bearer `$/);
    await expect.poll(() => backend.output()).toContain("Http Action called getUserIdentity with unknown identity: InvalidAuthHeader");
  });
});
