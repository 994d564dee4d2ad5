// Function logs: `console.*` inside a Convex function goes to the caller as `logLines` (as on Convex)
// and to this process's terminal, labelled with the function name.
import { AsyncLocalStorage } from "node:async_hooks";
import { createRequire } from "node:module";
import { inspect } from "node:util";

export class LogCollector {
  readonly lines: string[] = [];
  /** console.time timers of this request (Convex keeps them per function execution). */
  readonly timers = new Map<string, number>();
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

const debugEnabled = Boolean(process.env.LOCAL_BACKEND_DEBUG);

/** `build` is only called when debug logging is on, so building the message costs nothing otherwise. */
export function debugLog(build: () => string): void {
  if (debugEnabled) write(`[local-backend:debug] ${build()}`);
}

// Convex formats each console argument on its own and joins them with spaces, without printf-style
// substitution (both of its runtimes leave %s and friends as they are): the default runtime with
// object-inspect (npm-packages/udf-runtime/src/02_console.ts), "use node" actions with Node's util.inspect
// (the node executor's setupConsole). object-inspect is read from node_modules when present.
const objectInspect = ((): ((v: unknown, o: object) => string) | null => {
  try {
    return createRequire(import.meta.url)("object-inspect") as (v: unknown, o: object) => string;
  } catch {
    return null;
  }
})();

function formatIsolate(a: unknown): string {
  const opts = { maxStringLength: 32768, indent: 2, customInspect: true };
  return objectInspect ? objectInspect(a, opts) : inspect(a, opts);
}

function formatNode(a: unknown): string {
  return inspect(a, { maxStringLength: 32768, customInspect: true });
}

const timerLabel = (label: unknown) => (label === undefined ? "default" : label === null ? "null" : String(label));

/**
 * Replaces the console methods once. `currentUdf` names the function running in this async context
 * (scheduled jobs and crons have no collector of their own); `isNode` tells a "use node" function.
 */
export function installConsoleCapture(
  currentUdf: () => { udfPath: string; udfType: string } | undefined,
  isNode: (udfPath: string) => boolean,
): void {
  const context = () => {
    const collector = logContext.getStore();
    const udf = currentUdf();
    return collector || udf ? { collector, udf, node: udf ? isNode(udf.udfPath) : false } : null;
  };
  type Ctx = NonNullable<ReturnType<typeof context>>;
  /** `messages` are already formatted; one log line, to the caller and the terminal. */
  const emit = (c: Ctx, level: Level, messages: string[]) => {
    const line = `[${LEVELS[level]}] ${messages.join(" ")}`;
    if (c.collector?.open) c.collector.lines.push(line);
    const label = c.udf ? `${c.udf.udfType[0].toUpperCase()} ${c.udf.udfPath}` : c.collector?.label;
    write(`${new Date().toISOString()} [${label}] ${line}`);
  };
  const format = (c: Ctx, args: unknown[]) => args.map(c.node ? formatNode : formatIsolate);
  for (const level of Object.keys(LEVELS) as Level[]) {
    const original = console[level].bind(console);
    console[level] = (...args: unknown[]) => {
      const c = context();
      if (!c) return original(...args);
      emit(c, level, format(c, args));
    };
  }
  // Timers of this request. The default runtime writes their messages as plain text (crates/isolate
  // ops/console.rs); the node executor passes them through console formatting like any argument.
  const fallbackTimers = new Map<string, number>();
  const timersOf = (c: Ctx) => c.collector?.timers ?? fallbackTimers;
  const say = (c: Ctx, level: Level, text: string, extra: unknown[] = []) =>
    emit(c, level, c.node ? format(c, [text, ...extra]) : [text, ...format(c, extra)]);
  const originalTime = { time: console.time.bind(console), timeLog: console.timeLog.bind(console), timeEnd: console.timeEnd.bind(console) };
  console.time = (label?: unknown) => {
    const c = context();
    if (!c) return originalTime.time(label as string);
    const name = timerLabel(label);
    if (timersOf(c).has(name)) return say(c, "warn", `Timer '${name}' already exists`);
    timersOf(c).set(name, Date.now());
  };
  console.timeLog = (label?: unknown, ...data: unknown[]) => {
    const c = context();
    if (!c) return originalTime.timeLog(label as string, ...data);
    const name = timerLabel(label);
    const start = timersOf(c).get(name);
    if (start === undefined) return say(c, "warn", `Timer '${name}' does not exist`);
    say(c, "info", `${name}: ${Date.now() - start}ms`, data);
  };
  console.timeEnd = (label?: unknown) => {
    const c = context();
    if (!c) return originalTime.timeEnd(label as string);
    const name = timerLabel(label);
    const start = timersOf(c).get(name);
    if (start === undefined) return say(c, "warn", `Timer '${name}' does not exist`);
    timersOf(c).delete(name);
    say(c, "info", `${name}: ${Date.now() - start}ms`);
  };
}
