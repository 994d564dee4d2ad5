// What the e2e backend committed, read from its durability log (an append-only file of every committed
// write, local-backend/src/durability.ts): the proof that a write queued across a drop landed exactly once.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { e2eDataDir, e2ePorts } from "./env";

const backendDir = join(e2eDataDir, "backend");

function adminKey(): string {
  return (JSON.parse(readFileSync(join(backendDir, "keys.json"), "utf8")) as { adminKey: string }).adminKey;
}

/** The backend's latest commit timestamp (its /api/query_ts answer, a little-endian u64 in base64). */
export async function lastCommitTs(): Promise<bigint> {
  const response = await fetch(`http://127.0.0.1:${e2ePorts.backend}/api/query_ts`, { method: "POST" });
  const { ts } = (await response.json()) as { ts: string };
  return Buffer.from(ts, "base64").readBigUInt64LE();
}

/**
 * Every version of document `id` written by a commit after `after`, oldest first. A restart folds the log
 * into a snapshot, so only commits since the last start are there: enough for writes made while it was down.
 */
export function writesOf(id: string, after: bigint): Array<Record<string, unknown>> {
  const logs = readdirSync(backendDir)
    .map((name) => /^log\.(\d+)\.jsonl$/.exec(name))
    .filter((match) => match !== null)
    .sort((a, b) => Number(a[1]) - Number(b[1]))
    .map((match) => join(backendDir, match[0]));
  const versions: Array<Record<string, unknown>> = [];
  for (const file of logs) {
    // The last line may be half-written while the backend appends: only whole lines count.
    for (const line of readFileSync(file, "utf8").split("\n").slice(0, -1)) {
      const record = JSON.parse(line) as { k: string; t?: string; w?: Array<[string, Record<string, unknown> | null]> };
      if (record.k !== "c" || BigInt(record.t!) <= after) continue;
      for (const [written, doc] of record.w!) if (written === id && doc !== null) versions.push(doc);
    }
  }
  return versions;
}

/** The cookie that scopes `refuseSyncTag` to one browser's sockets (local-backend/src/faults.ts CUT_COOKIE). */
export const CUT_COOKIE = "arcano-test-cut";

/**
 * Arms a test-only fault of the e2e backend (playwright.config.ts starts it with LOCAL_BACKEND_TEST_FAULTS=1):
 * its sync sockets closed and refused for `refuseSyncMs`, only those of browsers carrying CUT_COOKIE=`refuseSyncTag` if given.
 */
export async function armBackendFault(faults: { refuseSyncMs: number; refuseSyncTag?: string }): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${e2ePorts.backend}/debug/faults`, {
    method: "POST",
    headers: { authorization: `Convex ${adminKey()}`, "content-type": "application/json" },
    body: JSON.stringify(faults),
  });
  if (!response.ok) throw new Error(`the backend refused the fault: ${response.status}`);
}

/** The running backend's process, and the `npm start` process that restarts it when it dies. */
export function backendProcesses(): { backend: number; supervisor: number } {
  const backend = Number(readFileSync(join(backendDir, "backend.pid"), "utf8").trim());
  // /proc/<pid>/stat: "pid (name) state ppid ..."; the name may hold spaces, so read after its ')'.
  const stat = readFileSync(`/proc/${backend}/stat`, "utf8");
  const supervisor = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  return { backend, supervisor };
}
