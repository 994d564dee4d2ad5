// Wraps every function of convex/ as it is loaded, for what Convex does around a function that convex-test
// does not: an error crossing ctx.runQuery/runMutation/runAction reaches the caller nested as Convex nests
// it, and an action stops at Convex's execution time limit (after which its ctx refuses further calls and
// its fetches are aborted).
import { AsyncLocalStorage } from "node:async_hooks";
import type { AuthenticationError } from "./auth.ts";
import { CALL_BOUNDARY, SystemError, nestedError, nestedFailure } from "./errors.ts";
import { backendLog } from "./logs.ts";

/** A bundled module's exports, by name. */
export type LoadedModule = Record<string, unknown>;

type Handler = (ctx: Record<string, unknown>, ...args: unknown[]) => unknown;
interface Registered {
  isQuery?: boolean;
  isMutation?: boolean;
  isAction?: boolean;
  isHttp?: boolean;
  _handler?: Handler;
  [wrapped]?: true;
}
const wrapped = Symbol("local-backend wrapped");

/** Convex's limit on an action's execution time (10 minutes); LOCAL_BACKEND_ACTION_TIMEOUT_MS shortens it for tests. */
function actionTimeoutMs(): number {
  const fromEnv = Number(process.env.LOCAL_BACKEND_ACTION_TIMEOUT_MS);
  return Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : 600_000;
}

function formatDuration(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}

function timeoutError(ms: number): SystemError {
  return new SystemError(`Function execution timed out (maximum duration: ${formatDuration(ms)})`);
}

// Named so the callee's async stack can be cut where the caller's frames begin (see errors.ts).
const boundary = {
  async [CALL_BOUNDARY](call: (...a: unknown[]) => unknown, a: unknown[]): Promise<unknown> {
    return await call(...a);
  },
}[CALL_BOUNDARY];

/** ctx with runQuery/runMutation/runAction that nest the callee's error, and refuse once `stopped()`. */
function nestingCtx(ctx: Record<string, unknown>, stopped: () => Error | null): Record<string, unknown> {
  const out = { ...ctx };
  for (const name of ["runQuery", "runMutation", "runAction"] as const) {
    const call = ctx[name];
    if (typeof call !== "function") continue;
    out[name] = async (...a: unknown[]) => {
      const stop = stopped();
      if (stop) throw stop;
      const failure: { error?: unknown } = {};
      try {
        return await nestedFailure.run(failure, () => boundary(call as (...a: unknown[]) => unknown, a));
      } catch (e) {
        throw nestedError("error" in failure ? failure.error : e);
      }
    };
  }
  return out;
}

/** Ends the action running in this async context with an error (its timeout, an exception nothing caught). */
const endAction = new AsyncLocalStorage<(e: Error) => void>();

/**
 * An exception thrown where nothing catches it (a callback of `fs`, a timer) fails the action whose code
 * threw it, in the words of Convex's Node executor, instead of leaving it waiting for its time limit; the
 * process goes on. False when no action was running there.
 */
export function failActionOfUncaughtException(e: unknown): boolean {
  const end = endAction.getStore();
  if (!end) return false;
  end(new Error(`uncaughtException: ${(e as Error)?.message ?? String(e)}`));
  return true;
}

/** The abort signal of the action running in this async context (and of the actions that called it). */
const actionSignal = new AsyncLocalStorage<AbortSignal>();

/**
 * fetch inside an action is tied to the action's signal: when the action times out, its requests in flight
 * are aborted and new ones fail at once. The handler itself cannot be killed (it shares this process), so
 * timers, CPU work and other I/O (node:http) of a timed-out action still run; its results are dropped.
 */
function tieFetchToActions(): void {
  const original = globalThis.fetch;
  if ((original as { [wrapped]?: true })[wrapped]) return;
  const tied = ((input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const signal = actionSignal.getStore();
    if (!signal) return original(input, init);
    if (signal.aborted) return Promise.reject(signal.reason);
    return original(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal });
  }) as typeof fetch & { [wrapped]?: true };
  tied[wrapped] = true;
  globalThis.fetch = tied;
}

/**
 * Set while an HTTP action runs with an Authorization header that was refused. As on Convex (the action
 * executor's `user_identity` for `Identity::Unknown`), the action runs, and getUserIdentity() throws the
 * refusal (logged); an action that never asks is not affected.
 */
export const refusedAuth = new AsyncLocalStorage<AuthenticationError>();

function wrap(fn: Registered): void {
  const handler = fn._handler;
  if (typeof handler !== "function" || fn[wrapped]) return;
  fn[wrapped] = true;
  if (fn.isHttp) {
    fn._handler = (ctx, ...args) => {
      const refused = refusedAuth.getStore();
      const auth = refused
        ? {
            getUserIdentity: async () => {
              backendLog(`Http Action called getUserIdentity with unknown identity: ${refused.code}`);
              throw new Error(refused.message);
            },
          }
        : ctx.auth;
      return handler({ ...nestingCtx(ctx, () => null), auth }, ...args);
    };
    return;
  }
  if (!fn.isAction) {
    fn._handler = (ctx, ...args) =>
      handler(
        nestingCtx(ctx, () => null),
        ...args,
      );
    return;
  }
  fn._handler = (ctx, ...args) => {
    const ms = actionTimeoutMs();
    let stop: Error | null = null;
    let timer: NodeJS.Timeout | undefined;
    const controller = new AbortController();
    const parent = actionSignal.getStore();
    const signal = parent ? AbortSignal.any([parent, controller.signal]) : controller.signal;
    let end: (e: Error) => void = () => {};
    const ended = new Promise<never>((_, reject) => {
      end = (e) => {
        stop ??= e;
        controller.abort(stop);
        reject(stop);
      };
      timer = setTimeout(() => end(timeoutError(ms)), ms);
    });
    const run = Promise.resolve(
      actionSignal.run(signal, () =>
        endAction.run(end, () =>
          handler(
            nestingCtx(ctx, () => stop),
            ...args,
          ),
        ),
      ),
    );
    // Once ended (timed out, or an uncaught exception in its callbacks), the result is dropped, further ctx
    // calls are refused and fetches aborted.
    run.catch(() => {});
    return Promise.race([run, ended]).finally(() => clearTimeout(timer));
  };
}

interface RouterLike {
  exactRoutes?: Map<string, Map<string, Registered>>;
  prefixRoutes?: Map<string, Map<string, Registered>>;
}

/** Wraps every query, mutation, action and HTTP action exported by the loaded modules (once each). */
export function wrapFunctions(loaded: Map<string, LoadedModule>): void {
  tieFetchToActions();
  for (const mod of loaded.values()) {
    for (const value of Object.values(mod)) {
      if (!value || (typeof value !== "function" && typeof value !== "object")) continue;
      const fn = value as Registered & RouterLike;
      if (fn.isQuery || fn.isMutation || fn.isAction || fn.isHttp) wrap(fn);
      for (const routes of [fn.exactRoutes, fn.prefixRoutes]) {
        if (!(routes instanceof Map)) continue;
        for (const byMethod of routes.values()) for (const h of byMethod.values()) wrap(h);
      }
    }
  }
}
