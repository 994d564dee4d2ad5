// Function logs: `console.*` inside a Convex function goes to the caller as `logLines` (as on Convex)
// and to this process's terminal, labelled with the function name.
import { AsyncLocalStorage } from "node:async_hooks";
import { inspect } from "node:util";

export class LogCollector {
  readonly lines: string[] = [];
  /** Closed once the response is sent; later output (e.g. a scheduled job inheriting this context) only reaches the terminal. */
  open = true;
  constructor(readonly label: string) {}
}

export const logContext = new AsyncLocalStorage<LogCollector>();

const LEVELS = { log: "LOG", info: "INFO", warn: "WARN", error: "ERROR", debug: "DEBUG" } as const;
type Level = keyof typeof LEVELS;

const write = (s: string) => process.stdout.write(s + "\n");

/** Backend's own messages (never captured as function logs). */
export function backendLog(message: string): void {
  write(`[local-backend] ${message}`);
}

export const debugEnabled = Boolean(process.env.LOCAL_BACKEND_DEBUG);

/** `build` is only called when debug logging is on, so building the message costs nothing otherwise. */
export function debugLog(build: () => string): void {
  if (debugEnabled) write(`[local-backend:debug] ${build()}`);
}

function formatArg(a: unknown): string {
  return typeof a === "string" ? inspect(a) : inspect(a, { depth: 4, breakLength: Infinity });
}

/** printf-style substitutions in a first string argument (%s %d %i %f %o %O %c %%), as the console standard has them. */
function substitute(args: unknown[]): unknown[] {
  if (typeof args[0] !== "string" || !args[0].includes("%")) return args;
  const rest = args.slice(1);
  const text = args[0].replace(/%([sdifoOc%])/g, (whole, spec: string) => {
    if (spec === "%") return "%";
    if (rest.length === 0) return whole;
    const v = rest.shift();
    switch (spec) {
      case "s":
        return typeof v === "string" ? v : inspect(v, { depth: 4, breakLength: Infinity });
      case "d":
      case "i":
        return typeof v === "bigint" ? `${v}n` : String(spec === "i" ? parseInt(String(v), 10) : Number(v));
      case "f":
        return String(parseFloat(String(v)));
      case "c":
        return "";
      default:
        return inspect(v, { depth: 4, breakLength: Infinity });
    }
  });
  return [text, ...rest];
}

/**
 * Replaces the console methods once. `currentUdf` names the function running in this async context
 * (scheduled jobs and crons have no collector of their own).
 */
export function installConsoleCapture(currentUdf: () => { udfPath: string; udfType: string } | undefined): void {
  for (const level of Object.keys(LEVELS) as Level[]) {
    const original = console[level].bind(console);
    console[level] = (...args: unknown[]) => {
      const collector = logContext.getStore();
      const udf = currentUdf();
      if (!collector && !udf) return original(...args);
      const line = `[${LEVELS[level]}] ${substitute(args).map(formatArg).join(" ")}`;
      if (collector?.open) collector.lines.push(line);
      const label = udf ? `${udf.udfType[0].toUpperCase()} ${udf.udfPath}` : collector?.label;
      write(`${new Date().toISOString()} [${label}] ${line}`);
    };
  }
  // console.time/timeLog/timeEnd inside a function: timers of this request, reported through console.info.
  const timers = new Map<string, number>();
  const originalTime = { time: console.time.bind(console), timeLog: console.timeLog.bind(console), timeEnd: console.timeEnd.bind(console) };
  const inFunction = () => logContext.getStore() !== undefined || currentUdf() !== undefined;
  const elapsed = (label: string) => `${label}: ${Math.round(performance.now() - timers.get(label)!)}ms`;
  console.time = (label = "default") => {
    if (!inFunction()) return originalTime.time(label);
    if (timers.has(label)) return console.warn(`Timer '${label}' already exists`);
    timers.set(label, performance.now());
  };
  console.timeLog = (label = "default", ...data: unknown[]) => {
    if (!inFunction()) return originalTime.timeLog(label, ...data);
    if (!timers.has(label)) return console.warn(`Timer '${label}' does not exist`);
    console.info(elapsed(label), ...data);
  };
  console.timeEnd = (label = "default") => {
    if (!inFunction()) return originalTime.timeEnd(label);
    if (!timers.has(label)) return console.warn(`Timer '${label}' does not exist`);
    console.info(elapsed(label));
    timers.delete(label);
  };
}
