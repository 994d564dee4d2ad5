// Stripe's list responses: `{object: "list", data, has_more, url}`, newest first, paged with `limit`
// (1–100, default 10), `starting_after` and `ending_before`.
import { parseInteger } from "./checkoutSessions.ts";
import { invalidParam, StripeApiError } from "./errors.ts";
import type { FormObject } from "./form.ts";
import type { ApiObject } from "./store.ts";

/** Newest first; objects created in the same second keep the reverse of the order they were stored in. */
export function newestFirst<T extends object>(items: T[]): T[] {
  const createdOf = (item: T) => Number((item as { created?: unknown }).created);
  return [...items].reverse().sort((a, b) => createdOf(b) - createdOf(a));
}

export function listOf(items: ApiObject[], params: FormObject, url: string, kind: string) {
  const limit = parseInteger(params.limit, "limit") ?? 10;
  if (limit < 1 || limit > 100) throw invalidParam("limit", "This value must be between 1 and 100.");
  const cursor = (param: "starting_after" | "ending_before") => {
    const id = params[param];
    if (id === undefined || id === "") return undefined;
    const index = items.findIndex((item) => item.id === id);
    if (index < 0) throw new StripeApiError(400, "invalid_request_error", `No such ${kind}: '${String(id)}'`, "resource_missing", param);
    return index;
  };
  const after = cursor("starting_after");
  const before = cursor("ending_before");
  let data: ApiObject[];
  let hasMore: boolean;
  if (before !== undefined) {
    data = items.slice(Math.max(0, before - limit), before);
    hasMore = before - limit > 0;
  } else {
    const start = after === undefined ? 0 : after + 1;
    data = items.slice(start, start + limit);
    hasMore = start + limit < items.length;
  }
  return { object: "list", data, has_more: hasMore, url };
}
