// Test-only provider outages for the Stripe stand-in and the mail catcher: `POST /__local/faults` arms one,
// `DELETE /__local/faults` disarms it (and forgets its hits), `GET /__local/faults` shows it and the requests it hit. While armed, the
// provider's API requests whose path starts with one of `paths` (all of them by default) either get the
// provider's own error shape with status 500 ("error500": the request never reached the provider's API, so
// nothing is done and no idempotency key is spent), or no answer at all ("hang"): the connection is held open
// for `hangMs` (60 s by default) and then dropped. With `apply: true` a hung request is carried out first and
// only its answer is lost, the case an idempotency key exists for. `count` limits how many requests it hits.
import type http from "node:http";

type FaultMode = "error500" | "hang";

type FaultPlan = { mode: FaultMode; count: number | null; paths: string[]; hangMs: number; apply: boolean };

/** One request the armed fault answered (or did not answer). */
export type FaultHit = { method: string; path: string; mode: FaultMode; applied: boolean; at: number };

const DEFAULT_HANG_MS = 60_000;
const MAX_HANG_MS = 10 * 60_000;
const MAX_HITS = 200;

/** The plan `body` asks for, or why it is refused. */
export function parseFaultPlan(body: unknown): FaultPlan | { refused: string } {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return { refused: "expected a JSON object" };
  const input = body as Record<string, unknown>;
  const known = new Set(["mode", "count", "paths", "hangMs", "apply"]);
  const unknown = Object.keys(input).find((key) => !known.has(key));
  if (unknown !== undefined) return { refused: `unknown field: ${unknown}` };
  if (input.mode !== "error500" && input.mode !== "hang") return { refused: 'mode must be "error500" or "hang"' };
  const count = input.count ?? null;
  if (count !== null && !(Number.isInteger(count) && (count as number) > 0)) return { refused: "count must be a positive integer" };
  const paths = input.paths ?? [];
  if (!Array.isArray(paths) || !paths.every((path) => typeof path === "string" && path.startsWith("/"))) {
    return { refused: 'paths must be a list of path prefixes starting with "/"' };
  }
  const hangMs = input.hangMs ?? DEFAULT_HANG_MS;
  if (!(Number.isInteger(hangMs) && (hangMs as number) >= 0 && (hangMs as number) <= MAX_HANG_MS)) {
    return { refused: `hangMs must be an integer from 0 to ${MAX_HANG_MS}` };
  }
  const apply = input.apply ?? false;
  if (typeof apply !== "boolean") return { refused: "apply must be true or false" };
  if (apply && input.mode !== "hang") return { refused: "apply is for hang only (an error500 never reaches the API)" };
  return { mode: input.mode, count: count as number | null, paths: paths as string[], hangMs: hangMs as number, apply };
}

/** The switch of one stand-in: what is armed, what it hit, and the connections it holds open. */
export class FaultSwitch {
  private plan: FaultPlan | null = null;
  private readonly hits: FaultHit[] = [];
  private readonly held = new Set<{ timer: NodeJS.Timeout; res: http.ServerResponse }>();

  arm(plan: FaultPlan): void {
    this.plan = plan;
  }

  /** Disarms and forgets the hits, for the next test. */
  disarm(): void {
    this.plan = null;
    this.hits.splice(0);
  }

  /** What `GET /__local/faults` answers: the plan (with what is left of its count) and the requests hit. */
  state() {
    return { armed: this.plan, hits: [...this.hits] };
  }

  /** The fault this API request meets, counted as hit; null when none is armed for it. */
  take(method: string, path: string): FaultPlan | null {
    const plan = this.plan;
    if (plan === null || (plan.paths.length > 0 && !plan.paths.some((prefix) => path.startsWith(prefix)))) return null;
    if (plan.count !== null) {
      plan.count -= 1;
      if (plan.count === 0) this.plan = null;
    }
    this.hits.push({ method, path, mode: plan.mode, applied: plan.apply, at: Date.now() });
    if (this.hits.length > MAX_HITS) this.hits.shift();
    return { ...plan };
  }

  /** No answer: the connection stays open for `ms`, then is dropped (the client sees a reset socket). */
  hang(res: http.ServerResponse, ms: number): void {
    const entry = {
      res,
      timer: setTimeout(() => {
        this.held.delete(entry);
        res.socket?.destroy();
      }, ms),
    };
    this.held.add(entry);
  }

  /** Drops every held connection now (the stand-in is closing). */
  close(): void {
    for (const { timer, res } of this.held) {
      clearTimeout(timer);
      res.socket?.destroy();
    }
    this.held.clear();
  }
}

type Answer = (res: http.ServerResponse, status: number, body: unknown) => void;

/**
 * Serves `/__local/faults` (GET, POST, DELETE); returns false for any other request. `body` reads the
 * request's JSON text.
 */
export async function handleFaultsRequest(
  faults: FaultSwitch,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  answer: Answer,
  refusal: (message: string, status: number) => unknown,
  body: () => Promise<string>,
): Promise<boolean> {
  const path = new URL(req.url ?? "/", "http://localhost").pathname;
  if (path !== "/__local/faults") return false;
  if (req.method === "GET") {
    answer(res, 200, faults.state());
  } else if (req.method === "DELETE") {
    faults.disarm();
    answer(res, 200, faults.state());
  } else if (req.method === "POST") {
    let parsed: unknown;
    try {
      parsed = JSON.parse((await body()) || "null");
    } catch {
      answer(res, 400, refusal("the body is not JSON", 400));
      return true;
    }
    const plan = parseFaultPlan(parsed);
    if ("refused" in plan) {
      answer(res, 400, refusal(plan.refused, 400));
      return true;
    }
    faults.arm(plan);
    answer(res, 200, faults.state());
  } else {
    answer(res, 405, refusal(`${req.method} is not allowed here`, 405));
  }
  return true;
}
