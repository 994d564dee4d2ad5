// Errors worded as Convex words them, so clients and tests see the same text as on a deployment.
import { randomBytes } from "node:crypto";
import { convexToJson, type Value } from "convex/values";
import type { Json } from "./protocol.ts";

/** An error whose message is sent as is (after the request prefix), without "Uncaught". */
export class SystemError extends Error {}

export function notFoundError(udfPath: string): SystemError {
  return new SystemError(
    `Could not find public function for '${udfPath}'. Did you forget to run \`npx convex dev\`?`,
  );
}

export function newRequestId(): string {
  return randomBytes(8).toString("hex");
}

export interface FormattedError {
  errorMessage: string;
  errorData?: Json;
}

function isConvexError(e: unknown): e is Error & { data: Value } {
  return typeof e === "object" && e !== null && Symbol.for("ConvexError") in e;
}

/** Stack frames inside the app's functions only, with paths written `../convex/x.ts` as Convex prints them. */
function userFrames(e: Error): string {
  const frames = (e.stack ?? "")
    .split("\n")
    .filter((l) => /^\s+at /.test(l) && /[\\/]convex[\\/]/.test(l) && !l.includes("node_modules"))
    .map((l) => l.replace(/\(?(?:file:\/\/)?[^()\s]*?[\\/](convex[\\/][^():]+:\d+:\d+)\)?/, "(../$1)"));
  return frames.length ? "\n" + frames.slice(0, 5).join("\n") : "";
}

export function formatError(e: unknown, requestId: string = newRequestId()): FormattedError {
  const prefix = `[Request ID: ${requestId}] Server Error\n`;
  if (e instanceof SystemError) return { errorMessage: prefix + e.message };
  if (isConvexError(e)) {
    return { errorMessage: `${prefix}Uncaught ConvexError: ${e.message}`, errorData: convexToJson(e.data) };
  }
  if (e instanceof Error) {
    const name = e.name && e.name !== "Error" ? e.name : "Error";
    return { errorMessage: `${prefix}Uncaught ${name}: ${e.message}${userFrames(e)}` };
  }
  return { errorMessage: `${prefix}Uncaught ${String(e)}` };
}
