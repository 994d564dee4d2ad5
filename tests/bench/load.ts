// How much CPU the rest of the machine used while the bench ran (Linux /proc; null elsewhere). Other
// work lands in the latency tails, so the results carry it.
import { readFileSync } from "node:fs";

function machineBusy(): number {
  // cpu user nice system idle iowait irq softirq steal …
  const f = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  return f[0] + f[1] + f[2] + f[5] + f[6] + f[7];
}

function machineTotal(): number {
  return readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1, 9).map(Number).reduce((a, b) => a + b, 0);
}

function processBusy(pid: number): number {
  try {
    // Fields after the command name: utime and stime are the 12th and 13th.
    const rest = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return Number(rest[11]) + Number(rest[12]);
  } catch {
    return 0;
  }
}

interface CpuWindow {
  /** Share of the machine's CPU used by processes other than `pids`, in percent. */
  stop(): number | null;
}

export function cpuWindow(pids: () => number[]): CpuWindow {
  let start: { busy: number; total: number; ours: number } | null = null;
  const ours = () => pids().reduce((a, p) => a + processBusy(p), 0);
  try {
    start = { busy: machineBusy(), total: machineTotal(), ours: ours() };
  } catch {
    start = null;
  }
  return {
    stop() {
      if (!start) return null;
      const total = machineTotal() - start.total;
      const others = machineBusy() - start.busy - (ours() - start.ours);
      return total > 0 ? Math.max(0, Math.round((others / total) * 100)) : null;
    },
  };
}
