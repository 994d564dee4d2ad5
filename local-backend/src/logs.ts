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
      const line = `[${LEVELS[level]}] ${args.map(formatArg).join(" ")}`;
      if (collector?.open) collector.lines.push(line);
      const label = udf ? `${udf.udfType[0].toUpperCase()} ${udf.udfPath}` : collector?.label;
      write(`${new Date().toISOString()} [${label}] ${line}`);
    };
  }
}
