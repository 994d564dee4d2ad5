// Node fires a timer whose delay exceeds 2^31-1 ms (about 24.8 days) after 1 ms instead. A job scheduled
// further ahead (a reminder of a booking six weeks away, a share due at its end) waits in legs instead.
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface LongTimeout {
  clear(): void;
}

/** `setTimeout` for any delay: legs of at most MAX_TIMER_MS until the time is reached. */
export function setLongTimeout(
  fn: () => void,
  delayMs: number,
  timers: Pick<typeof globalThis, "setTimeout" | "clearTimeout"> = globalThis,
): LongTimeout {
  const at = Date.now() + delayMs;
  let current: ReturnType<typeof setTimeout>;
  const leg = (ms: number) => {
    current = timers.setTimeout(
      () => {
        const left = at - Date.now();
        if (left > 0) leg(left);
        else fn();
      },
      Math.min(Math.max(0, ms), MAX_TIMER_MS),
    );
  };
  leg(delayMs);
  return { clear: () => timers.clearTimeout(current) };
}

/**
 * convex-test arms each scheduled function with one `setTimeout` at its time: a delay past MAX_TIMER_MS would
 * run it at once. In the backend's process, such a delay goes through `setLongTimeout`; shorter ones are untouched.
 */
export function installLongTimers(): void {
  const original = globalThis.setTimeout;
  const originalClear = globalThis.clearTimeout;
  const legs = new WeakMap<object, LongTimeout>();
  const patched = ((fn: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    if (typeof ms !== "number" || ms <= MAX_TIMER_MS) return original(fn, ms, ...args);
    const handle = {} as ReturnType<typeof setTimeout>;
    legs.set(
      handle,
      setLongTimeout(() => fn(...args), ms, { setTimeout: original, clearTimeout: originalClear } as never),
    );
    return handle;
  }) as typeof setTimeout;
  globalThis.setTimeout = patched;
  globalThis.clearTimeout = ((handle?: Parameters<typeof clearTimeout>[0]) => {
    const long = handle && typeof handle === "object" ? legs.get(handle) : undefined;
    if (long) long.clear();
    else originalClear(handle);
  }) as typeof clearTimeout;
}
