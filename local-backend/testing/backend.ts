// Starts the embedded backend as a child process on a Convex project (the fixture by default), on free
// ports and a temporary data folder, and stops it: gracefully, or with `kill -9` to test durability.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ConvexClient, ConvexHttpClient } from "convex/browser";
import { ConvexReactClient } from "convex/react";
import WebSocket from "ws";

/** This package's folder. */
export const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const fixtureConvexDir = path.join(packageDir, "tests/fixture/convex");
/** The node_modules folder the package's dependencies are installed in (the workspace root's, when hoisted). */
export const nodeModulesDir = [packageDir, path.dirname(packageDir)]
  .map((dir) => path.join(dir, "node_modules"))
  .find((dir) => fs.existsSync(path.join(dir, "convex")))!;

interface BackendOptions {
  /** The Convex folder served at start (the fixture by default); null: the code last pushed with the CLI. */
  convexDir?: string | null;
  dataDir?: string;
  /** Reuse ports (a restart keeps the URLs, so tokens issued by the site URL stay valid). */
  port?: number;
  sitePort?: number;
  watch?: boolean;
  env?: Record<string, string>;
}

export interface RunningBackend {
  cloudUrl: string;
  siteUrl: string;
  adminKey: string;
  dataDir: string;
  /** The Convex folder it serves at start, or null (the code last pushed). */
  convexDir: string | null;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves when the output contains `text` (or matches it), failing after `timeoutMs`. */
  waitForOutput(text: string | RegExp, timeoutMs?: number): Promise<void>;
  /** SIGKILL: no shutdown code runs, as in a crash or power loss. */
  crash(): Promise<void>;
  stop(): Promise<void>;
  /** A new process on the same data folder and ports. */
  restart(): Promise<RunningBackend>;
}

const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

const READY = "LOCAL_BACKEND_READY ";

export async function startBackend(opts: BackendOptions = {}): Promise<RunningBackend> {
  const convexDir = opts.convexDir === undefined ? fixtureConvexDir : opts.convexDir;
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "local-backend-test-"));
  const args = [
    "--import",
    "tsx",
    path.join(packageDir, "src/main.ts"),
    ...(convexDir === null ? [] : ["--convex-dir", convexDir]),
    "--data-dir",
    dataDir,
    "--port",
    String(opts.port ?? 0),
    "--site-port",
    String(opts.sitePort ?? 0),
    ...(opts.watch ? ["--watch"] : []),
  ];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...opts.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let out = "";
  const listeners = new Set<() => void>();
  const onData = (d: Buffer) => {
    out += d.toString();
    for (const l of listeners) l();
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  const exited = new Promise<void>((resolve) =>
    child.once("exit", () => {
      running.delete(child);
      for (const l of listeners) l();
      resolve();
    }),
  );

  const waitForOutput = (text: string | RegExp, timeoutMs = 15_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (typeof text === "string" ? out.includes(text) : text.test(out)) {
          done();
          resolve();
        } else if (child.exitCode !== null || child.signalCode !== null) {
          done();
          reject(new Error(`backend exited before printing ${String(text)}:\n${out}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`timed out waiting for ${String(text)} in backend output:\n${out}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      check();
    });

  try {
    await waitForOutput(READY, 30_000);
  } catch (e) {
    child.kill("SIGKILL");
    if (!opts.dataDir) removeDir(dataDir);
    throw e;
  }
  const line = out.slice(out.indexOf(READY) + READY.length).split("\n")[0];
  const ready = JSON.parse(line) as { cloudUrl: string; siteUrl: string; adminKey: string };
  const portOf = (u: string) => Number(new URL(u).port);

  const backend: RunningBackend = {
    ...ready,
    dataDir,
    convexDir,
    output: () => out,
    waitForOutput,
    crash: async () => {
      child.kill("SIGKILL");
      await exited;
    },
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
    restart: async () => {
      if (child.exitCode === null && child.signalCode === null) await backend.stop();
      return startBackend({ ...opts, convexDir, dataDir, port: portOf(ready.cloudUrl), sitePort: portOf(ready.siteUrl) });
    },
  };
  return backend;
}

/** The Convex client's logger interface (not exported by convex/browser). */
type ClientLogger = Record<"log" | "logVerbose" | "warn" | "error", (...args: unknown[]) => void>;

const wsOptions = { webSocketConstructor: WebSocket as unknown as typeof globalThis.WebSocket, logger: false } as const;

/** Real Convex clients on this backend, closed by `closeAll`. */
export class Clients {
  private readonly open: Array<{ close(): unknown }> = [];

  constructor(private readonly backend: () => { cloudUrl: string }) {}

  /** `logger` receives what the client reports (e.g. a refused admin key); silent by default. */
  browser(logger?: ClientLogger): ConvexClient {
    const c = new ConvexClient(this.backend().cloudUrl, { ...wsOptions, logger: logger ?? false });
    this.open.push(c);
    return c;
  }

  react(): ConvexReactClient {
    const c = new ConvexReactClient(this.backend().cloudUrl, { ...wsOptions, unsavedChangesWarning: false });
    this.open.push(c);
    return c;
  }

  http(): ConvexHttpClient {
    return new ConvexHttpClient(this.backend().cloudUrl, { logger: false });
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.open.splice(0).map((c) => c.close()));
  }
}

/** Polls `probe` until it returns a value that is not undefined, or fails after `timeoutMs`. */
export async function eventually<T>(probe: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await probe();
      if (v !== undefined) return v;
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ""}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export function removeDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}
