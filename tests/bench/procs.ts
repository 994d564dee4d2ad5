// Child processes for the bench: the embedded backend on the test fixture, and the plain WebSocket
// server the floors are measured against. Both run as `node --import tsx`, on 127.0.0.1 and free ports.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConvexCli } from "@arcano/local-backend/testing/cli";

interface Child<T> {
  info: T;
  proc: ChildProcess;
  stop(): Promise<void>;
}

const STARTUP_MS = 60_000;

/** Spawns `node --import tsx <args>` and resolves with the JSON after `marker` on its stdout. */
function start<T>(args: string[], marker: string, env: NodeJS.ProcessEnv, cleanup = () => {}, nodeArgs: string[] = []): Promise<Child<T>> {
  const proc = spawn(process.execPath, [...nodeArgs, "--import", "tsx", ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`${args[0]} did not start within ${STARTUP_MS} ms`)), STARTUP_MS);
    const fail = (e: Error) => {
      clearTimeout(timer);
      proc.kill("SIGKILL");
      cleanup();
      reject(new Error(`${e.message}\n${log.slice(-4000)}`));
    };
    let buffered = "";
    let ready = false;
    proc.stdout!.on("data", (d: Buffer) => {
      const text = d.toString();
      // Keep only the tail of the child's output, for error reports.
      log = (log + text).slice(-8000);
      if (ready) return;
      buffered += text;
      const line = buffered.split("\n").find((l) => l.startsWith(marker + " "));
      if (!line) return;
      ready = true;
      clearTimeout(timer);
      const stop = () =>
        new Promise<void>((done) => {
          if (proc.exitCode !== null || proc.signalCode !== null) return done(cleanup());
          proc.once("exit", () => done(cleanup()));
          proc.kill("SIGTERM");
          setTimeout(() => proc.kill("SIGKILL"), 5000).unref();
        });
      resolve({ info: JSON.parse(line.slice(marker.length + 1)) as T, proc, stop });
    });
    proc.stderr!.on("data", (d: Buffer) => (log = (log + d.toString()).slice(-8000)));
    proc.once("exit", (code) => !ready && fail(new Error(`${args[0]} exited with ${code} before it was ready`)));
  });
}

interface BackendInfo {
  cloudUrl: string;
  siteUrl: string;
  adminKey: string;
  pid: number;
}

/**
 * The backend on `code`: a Convex folder it builds itself (`{ convexDir }`), or a project pushed to it with the
 * Convex CLI once it is up (`{ push }`, the product: its components need the CLI's push). `env` adds to the bench's
 * environment: what the project's functions read (SITE_URL and the like).
 */
export async function startBackend(code: { convexDir: string } | { push: string }, env: NodeJS.ProcessEnv = {}): Promise<Child<BackendInfo>> {
  const dataDir = mkdtempSync(join(tmpdir(), "arcano-bench-"));
  // BENCH_BACKEND_MAIN points at another copy of the backend, to compare two versions on the same machine.
  const main = process.env.BENCH_BACKEND_MAIN ?? createRequire(import.meta.url).resolve("@arcano/local-backend/backend/main");
  const args = [main, ...("convexDir" in code ? ["--convex-dir", code.convexDir] : []), "--data-dir", dataDir, "--port", "0", "--site-port", "0"];
  const childEnv = { ...process.env, ...env, LOCAL_BACKEND_DEBUG_STATS: "1", LOCAL_BACKEND_DEBUG: "" };
  // e.g. BENCH_BACKEND_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the backend under load.
  const nodeArgs = process.env.BENCH_BACKEND_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const backend = await start<BackendInfo>(args, "LOCAL_BACKEND_READY", childEnv, () => rmSync(dataDir, { recursive: true, force: true }), nodeArgs);
  if ("push" in code) {
    try {
      await new ConvexCli(code.push, () => backend.info).deploy();
    } catch (e) {
      await backend.stop();
      throw e;
    }
  }
  return backend;
}

export function startFloorServer(): Promise<Child<{ url: string }>> {
  return start<{ url: string }>(["tests/bench/floorServer.ts"], "FLOOR_READY", process.env);
}
