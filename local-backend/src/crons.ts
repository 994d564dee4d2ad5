// Crons from convex/crons.ts (and from each mounted component's crons), run on their schedule (UTC). The
// last run of each is persisted so a restart neither skips an interval nor runs it twice.
import { jsonToConvex, type JSONValue, type Value } from "convex/values";
import type { Engine } from "./engine.ts";
import { backendLog } from "./logs.ts";

type CronSchedule =
  | { type: "interval"; seconds?: number; minutes?: number; hours?: number }
  | { type: "hourly"; minuteUTC?: number }
  | { type: "daily"; hourUTC: number; minuteUTC?: number }
  | { type: "weekly"; dayOfWeek: string; hourUTC: number; minuteUTC?: number }
  | { type: "monthly"; day: number; hourUTC: number; minuteUTC?: number }
  | { type: "cron"; cron: string };

interface CronSpec {
  name: string;
  args: JSONValue[];
  schedule: CronSchedule;
}

const DAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

function parseField(f: string, min: number, max: number): Set<number> {
  const out = new Set<number>();
  for (const part of f.split(",")) {
    const [range, stepS] = part.split("/");
    const step = stepS ? Number(stepS) : 1;
    let lo = min;
    let hi = max;
    if (range !== "*") {
      const [a, b] = range.split("-");
      lo = Number(a);
      hi = b !== undefined ? Number(b) : stepS ? max : lo;
    }
    for (let i = lo; i <= hi; i += step) out.add(i);
  }
  return out;
}

/** Next minute (UTC) after `after` matching a 5-field cron expression. */
export function nextCron(expr: string, after: number): number {
  const [mi, h, dom, mon, dow] = expr.trim().split(/\s+/);
  const M = parseField(mi, 0, 59), H = parseField(h, 0, 23), D = parseField(dom, 1, 31);
  const Mo = parseField(mon, 1, 12), W = parseField(dow.replace(/7/g, "0"), 0, 6);
  const d = new Date(Math.floor(after / 60_000) * 60_000 + 60_000);
  for (let i = 0; i < 366 * 24 * 60; i++) {
    const domOk = D.has(d.getUTCDate()), dowOk = W.has(d.getUTCDay());
    const dayOk = dom === "*" || dow === "*" ? domOk && dowOk : domOk || dowOk;
    if (Mo.has(d.getUTCMonth() + 1) && dayOk && H.has(d.getUTCHours()) && M.has(d.getUTCMinutes())) return d.getTime();
    d.setTime(d.getTime() + 60_000);
  }
  throw new Error(`Cron expression "${expr}" never matches`);
}

export function nextRun(s: CronSchedule, lastRun: number | undefined, now: number): number {
  switch (s.type) {
    case "interval": {
      const ms = ((s.seconds ?? 0) + (s.minutes ?? 0) * 60 + (s.hours ?? 0) * 3600) * 1000;
      return lastRun === undefined ? now + ms : Math.max(now, lastRun + ms);
    }
    case "hourly":
      return nextCron(`${s.minuteUTC ?? 0} * * * *`, now);
    case "daily":
      return nextCron(`${s.minuteUTC ?? 0} ${s.hourUTC} * * *`, now);
    case "weekly":
      return nextCron(`${s.minuteUTC ?? 0} ${s.hourUTC} * * ${DAYS.indexOf(s.dayOfWeek)}`, now);
    case "monthly":
      return nextCron(`${s.minuteUTC ?? 0} ${s.hourUTC} ${s.day} * *`, now);
    case "cron":
      return nextCron(s.cron, now);
  }
}

class Crons {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly engine: Engine,
    private readonly specs: Record<string, CronSpec>,
    private readonly lastRuns: Record<string, number>,
    private readonly recordRun: (name: string, at: number) => void,
    /** The component whose crons these are ("" for the app's); its runs are recorded as `<path>/<name>`. */
    private readonly componentPath = "",
  ) {}

  private key(name: string): string {
    return this.componentPath ? `${this.componentPath}/${name}` : name;
  }

  start(): void {
    for (const name of Object.keys(this.specs)) this.arm(name);
    const n = Object.keys(this.specs).length;
    if (n) backendLog(`${n} cron job(s) scheduled${this.componentPath ? ` in component ${this.componentPath}` : ""}`);
  }

  private arm(name: string): void {
    if (this.stopped) return;
    const at = nextRun(this.specs[name].schedule, this.lastRuns[this.key(name)], Date.now());
    this.timers.set(
      name,
      setTimeout(() => void this.fire(name), Math.min(Math.max(0, at - Date.now()), 2 ** 31 - 1)),
    );
  }

  private async fire(name: string): Promise<void> {
    const spec = this.specs[name];
    const at = Date.now();
    this.recordRun(this.key(name), at);
    try {
      await this.engine.runByPath(spec.name, jsonToConvex(spec.args[0] ?? {}) as Value, this.componentPath);
    } catch (e) {
      backendLog(`cron "${name}" (${spec.name}) failed: ${(e as Error)?.message ?? String(e)}`);
    }
    this.arm(name);
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }
}

/** A crons module's specs (`export default crons`), none when it has no crons. */
function cronSpecsOf(mod: unknown): Record<string, CronSpec> {
  return (mod as { crons?: Record<string, CronSpec> } | undefined)?.crons ?? {};
}

/** The app's crons and each mounted component's, replaced together when new code is served. */
export class DeploymentCrons {
  private all: Crons[] = [];

  constructor(
    private readonly engine: Engine,
    private readonly lastRuns: Record<string, number>,
    private readonly recordRun: (name: string, at: number) => void,
  ) {}

  /** The crons of the app's `crons` module and of each component's (`[path, module]`); the previous ones stop. */
  replace(app: unknown, components: Array<[string, unknown]>): void {
    this.stop();
    this.all = [
      new Crons(this.engine, cronSpecsOf(app), this.lastRuns, this.recordRun),
      ...components.map(([component, mod]) => new Crons(this.engine, cronSpecsOf(mod), this.lastRuns, this.recordRun, component)),
    ];
  }

  start(): void {
    for (const crons of this.all) crons.start();
  }

  stop(): void {
    for (const crons of this.all) crons.stop();
  }
}
