// Errors worded and shaped as Convex words them, so clients and tests see the same text as on a deployment:
// `Uncaught <Name>: <message>\n` then one `    at …` line per frame in convex/, each ending with a newline;
// an error crossing ctx.runQuery/runMutation/runAction is nested inside the caller's, as Convex nests it.
import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { ConvexError, convexToJson, type Value } from "convex/values";
import type { Json } from "./protocol.ts";

/** An error whose message is sent as is (after the request prefix), without "Uncaught". */
export class SystemError extends Error {}

export function notFoundError(udfPath: string): SystemError {
  return new SystemError(`Could not find public function for '${udfPath}'. Did you forget to run \`npx convex dev\`?`);
}

export function newRequestId(): string {
  return randomBytes(8).toString("hex");
}

/**
 * A failure of the service, not of the function (Convex's OCC and Overloaded error codes): the request is
 * refused with HTTP 503 and its code, and a socket running it is closed with "try again later" (1013), on
 * which Convex's clients reconnect and send their unfinished mutations again.
 */
export class ServiceUnavailableError extends SystemError {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Convex's words for a mutation whose reads kept changing (`ErrorMetadata::user_occ` without details). */
export const OCC_MESSAGE =
  'Documents read from or written to some table changed while this mutation was being run and on every subsequent retry. See https://docs.convex.dev/error#1';

export interface FormattedError {
  errorMessage: string;
  errorData?: Json;
  /** Set for a ServiceUnavailableError: what the request is refused with, instead of a function's error. */
  unavailable?: { code: string; message: string };
}

function isConvexError(e: unknown): e is Error & { data: Value } {
  return typeof e === "object" && e !== null && Symbol.for("ConvexError") in e;
}

/**
 * Where the app's functions are, so stack frames are kept for its files only: the folder they were built
 * from, or (`pushed`) the folder the CLI's bundles were written to, whose source maps name the sources.
 */
let functionsDir: string | null = null;
let pushedCode = false;
/** The folders of the pushed components' definitions (`_components/<definition>`), read once per push. */
let definitionDirs: Set<string> | null = null;
export function setFunctionsDir(dir: string, pushed = false): void {
  functionsDir = path.resolve(dir);
  pushedCode = pushed;
  definitionDirs = null;
}

/**
 * A frame's file in pushed code as Convex prints it, the source as the bundle's source map names it
 * (`../convex/x.ts`, `../component/x.ts`), or null for a file that is not the project's. The app's bundles
 * sit in the code folder, so their sources resolve one level up; a component's sit in
 * `_components/<definition>/`, so theirs resolve into `_components/`.
 */
function pushedSource(file: string, codeDir: string): string | null {
  const rel = path.relative(codeDir, file).split(path.sep);
  if (rel.includes("node_modules")) return null;
  if (rel[0] === ".." && rel.length > 1 && rel[1] !== "..") return rel.join("/");
  definitionDirs ??= new Set(fs.existsSync(path.join(codeDir, "_components")) ? fs.readdirSync(path.join(codeDir, "_components")) : []);
  if (rel[0] === "_components" && rel.length > 2 && !definitionDirs.has(rel[1])) return ["..", ...rel.slice(1)].join("/");
  return null;
}

/** A frame's file as Convex prints it, relative to the project (`../convex/x.ts`), or null when not the project's. */
function projectSource(file: string): string | null {
  if (pushedCode && functionsDir) return pushedSource(file, functionsDir);
  if (file.includes("node_modules")) return null;
  const dir = functionsDir ?? file.slice(0, Math.max(0, file.lastIndexOf(`${path.sep}convex${path.sep}`) + 7));
  if (!dir || !file.startsWith(dir + path.sep)) return null;
  return `../${path.basename(dir)}/${path.relative(dir, file).split(path.sep).join("/")}`;
}

/**
 * The error a nested call's callee threw, as it was: Convex's runtime rethrows a failed `runUdf` syscall
 * (a query or mutation calling another, or a component's) as a new error with the message only, so the
 * backend's syscall hook keeps the original here for the caller's `nestedError`, frames and all.
 */
export const nestedFailure = new AsyncLocalStorage<{ error?: unknown }>();

/** Marks where a nested call starts in an async stack: frames below it belong to the caller. */
export const CALL_BOUNDARY = "convexNestedCallBoundary";

const FRAME = /^\s+at (async )?(?:(.+?) \()?(?:file:\/\/)?([^()]+?):(\d+):(\d+)\)?$/;

/** Frames in the app's functions, printed as Convex prints them: `    at [async ]name (../convex/x.ts:1:2)`. */
function userFrames(e: Error, cutAtBoundary: boolean): string[] {
  const out: string[] = [];
  for (const line of (e.stack ?? "").split("\n")) {
    if (cutAtBoundary && line.includes(CALL_BOUNDARY)) break;
    const m = FRAME.exec(line);
    if (!m) continue;
    const source = projectSource(decodeURIComponent(m[3]));
    if (source === null) continue;
    const name = (m[2] ?? "").replace(/^Object\./, "").replace(/^<anonymous>$/, "") || "<anonymous>";
    out.push(`    at ${m[1] ?? ""}${name} (${source}:${m[4]}:${m[5]})`);
  }
  return out;
}

interface JsError {
  /** `Uncaught Name: message` (or a system error's text). */
  message: string;
  frames: string[];
  data?: Json;
}

function toJsError(e: unknown, cutAtBoundary = false): JsError {
  if (e instanceof SystemError) return { message: e.message, frames: [] };
  if (isConvexError(e)) {
    return { message: `Uncaught ${e.name || "ConvexError"}: ${e.message}`, frames: userFrames(e, cutAtBoundary), data: convexToJson(e.data) };
  }
  if (e instanceof Error) return { message: `Uncaught ${e.name || "Error"}: ${e.message}`, frames: userFrames(e, cutAtBoundary) };
  return { message: `Uncaught ${String(e)}`, frames: [] };
}

/** As Convex's JsError prints: the message, then every frame, each line ending with a newline. */
function jsErrorText(j: JsError): string {
  return `${j.message}\n${j.frames.map((f) => `${f}\n`).join("")}`;
}

export function formatError(e: unknown, requestId: string = newRequestId()): FormattedError {
  const j = toJsError(e);
  const prefix = `[Request ID: ${requestId}] Server Error\n`;
  if (e instanceof ServiceUnavailableError) return { errorMessage: prefix + j.message, unavailable: { code: e.code, message: e.message } };
  if (e instanceof SystemError) return { errorMessage: prefix + j.message };
  return j.data === undefined ? { errorMessage: prefix + jsErrorText(j) } : { errorMessage: prefix + jsErrorText(j), errorData: j.data };
}

/** The JSON body (status 500) Convex answers when an HTTP action throws. */
export function httpActionErrorBody(e: unknown, requestId: string = newRequestId()): { code: string; trace: string; data?: Json } {
  const j = toJsError(e);
  const body: { code: string; trace: string; data?: Json } = {
    code: `[Request ID: ${requestId}] Server Error: ${j.message}`,
    trace: jsErrorText(j),
  };
  if (j.data !== undefined) body.data = j.data;
  return body;
}

/**
 * Makes `error instanceof ConvexError` hold for any copy of `convex/values`' ConvexError class. Pushed code
 * bundles its own copy (each bundle, each component's), while the errors a nested call hands back are made
 * here or by another bundle: on Convex the caller's own runtime remakes them with the caller's class. A
 * ConvexError is recognised as Convex's clients recognise it, by its `Symbol.for("ConvexError")` mark; every
 * other `instanceof` keeps the language's own answer.
 */
export function recogniseConvexErrorsOfEveryCopy(): void {
  const ordinary = Function.prototype[Symbol.hasInstance];
  if (Object.prototype.hasOwnProperty.call(Error, Symbol.hasInstance)) return;
  Object.defineProperty(Error, Symbol.hasInstance, {
    value(this: unknown, instance: unknown): boolean {
      if (ordinary.call(this, instance)) return true;
      return typeof this === "function" && this.name === "ConvexError" && isConvexError(instance);
    },
  });
}

/**
 * What the caller of ctx.runQuery/runMutation/runAction receives when the callee failed: a ConvexError (data
 * kept) or an Error, whose message is the callee's whole error text, frames included.
 */
export function nestedError(e: unknown): Error {
  // The service's failure is the whole request's, not the callee's.
  if (e instanceof ServiceUnavailableError) return e;
  const j = toJsError(e, true);
  const text = e instanceof SystemError ? `${j.message}\n` : jsErrorText(j);
  if (j.data === undefined) return new Error(text);
  const err = new ConvexError<Value>(text);
  err.data = isConvexError(e) ? e.data : (j.data as Value);
  return err;
}
