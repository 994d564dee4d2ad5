// The reads table: runs tests/convex/readsBudget.test.ts under Vitest at two sizes of the bulk
// world and returns, for every public function, the documents and bytes it read at each size and its
// budget. Run alone: `node --import tsx tests/bench/reads.ts` prints the table and exits 1 when one is over.
import { spawn } from "node:child_process";
import { pathToFileURL } from "node:url";

/** The bulk world's sizes, in bookings: the test's size in `npm test`, and one fifty times larger. */
export const READS_SIZES = [1000, 50000];

interface ReadsRun {
  size: number;
  documentsRead: number;
  bytesRead: number;
  budget: number;
  largestTransaction: number;
  error?: string;
}

interface ReadsRow {
  name: string;
  kind: string;
  runs: ReadsRun[];
  ok: boolean;
  problems: string[];
}

/** Every function's READS_BUDGET line, and whether the test passed; rejects if it printed none or hung. */
export function functionReads(sizes = READS_SIZES, timeoutMs = 12 * 60_000): Promise<{ passed: boolean; rows: ReadsRow[]; seconds: number }> {
  const started = Date.now();
  const args = ["node_modules/vitest/vitest.mjs", "run", "--project", "convex", "tests/convex/readsBudget.test.ts"];
  const env = { ...process.env, READS_BUDGET_SIZES: sizes.join(","), NO_COLOR: "1", FORCE_COLOR: "0" };
  const proc = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  proc.stdout.on("data", (d: Buffer) => (out += d.toString()));
  proc.stderr.on("data", (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill("SIGKILL");
      reject(new Error(`readsBudget.test.ts did not finish within ${timeoutMs} ms\n${out.slice(-4000)}`));
    }, timeoutMs);
    proc.once("exit", (code) => {
      clearTimeout(timer);
      const rows = [...out.matchAll(/READS_BUDGET (\{.*\})/g)].map((m) => JSON.parse(m[1]) as ReadsRow);
      if (rows.length === 0) return reject(new Error(`readsBudget.test.ts printed no figures (exit ${code})\n${out.slice(-4000)}`));
      resolve({ passed: code === 0, rows, seconds: Math.round((Date.now() - started) / 1000) });
    });
  });
}

const thousands = (x: number) => x.toLocaleString("en-US").replace(/,/g, " ");

/** The reads table as Markdown: one line per function, its reads at each size beside its budget. */
export function formatReadsTable(rows: ReadsRow[]): string {
  const sizes = rows[0]?.runs.map((run) => run.size) ?? [];
  const cells = [
    ["Function", ...sizes.map((size) => `documents / bytes, ${thousands(size)} bookings`), "Budget (documents)", ""],
    ...rows.map((row) => [
      row.name,
      ...row.runs.map((run) => (run.error ? "failed" : `${thousands(run.documentsRead)} / ${thousands(run.bytesRead)} B`)),
      [...new Set(row.runs.map((run) => thousands(run.budget)))].join(" / "),
      row.ok ? "ok" : "OVER",
    ]),
  ];
  const widths = cells[0].map((_, c) => Math.max(...cells.map((line) => line[c].length)));
  const line = (cells: string[]) => `| ${cells.map((v, c) => v.padEnd(widths[c])).join(" | ")} |`;
  return [line(cells[0]), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...cells.slice(1).map(line)].join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const sizes = process.env.READS_BUDGET_SIZES?.split(",").map(Number) ?? READS_SIZES;
  const { rows, passed, seconds } = await functionReads(sizes);
  console.log(formatReadsTable(rows));
  const over = rows.filter((row) => !row.ok);
  for (const row of over) console.error(`${row.name}: ${row.problems.join("; ")}`);
  console.log(`${rows.length} functions, ${over.length} over budget; ${seconds} s`);
  process.exit(passed && over.length === 0 ? 0 : 1);
}
