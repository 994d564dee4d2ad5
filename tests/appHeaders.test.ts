// The app's server (`vite preview`, what `npm start` serves) sends its security headers with everything it
// serves, computed from the Convex address the app is built with; docs/deployment.md "Hosting in production" lists the same.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../scripts/securityHeaders";
import { previewApp } from "./fixtures/appPreview";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** `vite preview` with the project's vite.config.ts over a small built app, built for `env`. */
async function appServer(env: Record<string, string>): Promise<string> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "app-headers-"));
  fs.mkdirSync(path.join(outDir, "assets"));
  fs.writeFileSync(path.join(outDir, "index.html"), '<!doctype html><html lang="it"><script type="module" src="/assets/app.js"></script></html>');
  fs.writeFileSync(path.join(outDir, "assets", "app.js"), "export {};");
  fs.writeFileSync(path.join(outDir, "sw.js"), "self.addEventListener('fetch', () => {});");
  fs.writeFileSync(path.join(outDir, "manifest.webmanifest"), '{"name":"Arcano"}');
  cleanups.push(() => fs.rmSync(outDir, { recursive: true, force: true }));
  const { url, close } = await previewApp(outDir, env);
  cleanups.push(close);
  return url;
}

const directive = (csp: string, name: string) =>
  csp
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));

describe("the app's security headers", () => {
  it("every page, asset and fallback of the app server carries the CSP, nosniff, the referrer policy and DENY framing", async () => {
    const url = await appServer({ VITE_CONVEX_URL: "http://127.0.0.1:3210", VITE_CONVEX_SITE_URL: "http://127.0.0.1:3211" });
    for (const page of ["/", "/psychics/abc/book", "/assets/app.js"]) {
      const answer = await fetch(`${url}${page}`);
      expect(answer.status, page).toBe(200);
      expect(answer.headers.get("x-content-type-options"), page).toBe("nosniff");
      expect(answer.headers.get("referrer-policy"), page).toBe("strict-origin-when-cross-origin");
      expect(answer.headers.get("x-frame-options"), page).toBe("DENY");
      const csp = answer.headers.get("content-security-policy") ?? "";
      expect(directive(csp, "default-src"), page).toBe("default-src 'self'");
      expect(directive(csp, "script-src"), page).toBe("script-src 'self'");
      expect(directive(csp, "frame-ancestors"), page).toBe("frame-ancestors 'none'");
      expect(directive(csp, "object-src"), page).toBe("object-src 'none'");
      expect(directive(csp, "worker-src"), page).toBe("worker-src 'self'");
      expect(directive(csp, "manifest-src"), page).toBe("manifest-src 'self'");
      expect(directive(csp, "base-uri"), page).toBe("base-uri 'self'");
      expect(directive(csp, "form-action"), page).toBe("form-action 'self'");
      // The embedded backend's API, its sync socket and its HTTP actions; photos from its storage.
      expect(directive(csp, "connect-src")?.split(" "), page).toEqual(
        expect.arrayContaining(["'self'", "http://127.0.0.1:3210", "ws://127.0.0.1:3210", "http://127.0.0.1:3211"]),
      );
      expect(directive(csp, "img-src"), page).toBe("img-src 'self' data: blob: http://127.0.0.1:3210");
    }
  });

  it("the service worker is served for revalidation at each check, so a new release is found; the manifest as a manifest", async () => {
    const url = await appServer({ VITE_CONVEX_URL: "http://127.0.0.1:3210" });
    const worker = await fetch(`${url}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get("cache-control")).toBe("no-cache");
    expect(worker.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(worker.headers.get("content-security-policy")).toContain("worker-src 'self'");
    const manifest = await fetch(`${url}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
  });

  it("built for a Convex Cloud deployment, the policy names its wss: socket and its .convex.site", async () => {
    const url = await appServer({ VITE_CONVEX_URL: "https://happy-otter-123.convex.cloud" });
    const csp = (await fetch(url)).headers.get("content-security-policy") ?? "";
    expect(directive(csp, "connect-src")?.split(" ")).toEqual(
      expect.arrayContaining(["https://happy-otter-123.convex.cloud", "wss://happy-otter-123.convex.cloud", "https://happy-otter-123.convex.site"]),
    );
    expect(csp).not.toContain("127.0.0.1");
  });

  it("docs/deployment.md's production values are the ones the code computes", () => {
    const readme = fs.readFileSync(path.join(repoRoot, "docs", "deployment.md"), "utf8");
    expect(readme).toContain(contentSecurityPolicy({ convexUrl: "https://happy-otter-123.convex.cloud" }));
    for (const header of ["X-Content-Type-Options: nosniff", "Referrer-Policy: strict-origin-when-cross-origin", "X-Frame-Options: DENY"]) {
      expect(readme).toContain(header);
    }
  });
});
