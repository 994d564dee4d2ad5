// One backend per data folder: two processes appending to the same log would corrupt it.
import fs from "node:fs";
import path from "node:path";
import { OWNER_ONLY_FILE } from "../shared/ownerOnly.ts";

/** Whether `pid` still runs a backend (a recycled pid running something else does not count, where /proc tells). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("main.ts");
  } catch {
    return true;
  }
}

export class DataDirInUseError extends Error {}

/** Claims `dir` for this process; a lock left by a killed process is taken over. Returns the release. */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, "backend.pid");
  let holder = NaN;
  try {
    holder = Number(fs.readFileSync(file, "utf8").trim());
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
  if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) {
    throw new DataDirInUseError(
      `The data folder ${path.resolve(dir)} is in use by another backend (process ${holder}). Stop it first, or use another --data-dir.`,
    );
  }
  fs.writeFileSync(file, String(process.pid), { mode: OWNER_ONLY_FILE });
  return () => {
    try {
      if (fs.readFileSync(file, "utf8") === String(process.pid)) fs.rmSync(file);
    } catch {
      // Already gone.
    }
  };
}
