// The bench's table, as Markdown so it can be pasted into the README unchanged.

export interface Row {
  name: string;
  value: string;
  floor: string;
  target: string;
  /** null for figures reported without a target. */
  ok: boolean | null;
}

export function formatTable(rows: Row[]): string {
  const cells = [
    ["Measure", "Measured", "Raw WebSocket floor", "Target", ""],
    ...rows.map((r) => [r.name, r.value, r.floor, r.target, r.ok === null ? "" : r.ok ? "ok" : "MISSED"]),
  ];
  const widths = cells[0].map((_, c) => Math.max(...cells.map((row) => row[c].length)));
  const line = (row: string[]) => `| ${row.map((v, c) => v.padEnd(widths[c])).join(" | ")} |`;
  return [line(cells[0]), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...cells.slice(1).map(line)].join("\n");
}
