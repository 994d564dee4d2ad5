// The answers to the mutations clients sent, by session and request id, kept (and logged) for a while: a mutation
// re-sent after a reconnect is answered from here, never run twice.
import { RESPONSE_TTL_MS, type Durability, type StoredResponse } from "./durability.ts";
import type { ReplayStore } from "./sync.ts";

export class Replay implements ReplayStore {
  private readonly map = new Map<string, StoredResponse>();
  private puts = 0;
  constructor(private readonly durability: Durability) {}
  load(list: StoredResponse[]) {
    for (const r of list) this.map.set(`${r.session}:${r.requestId}`, r);
  }
  get(session: string, requestId: number) {
    return this.map.get(`${session}:${requestId}`)?.response;
  }
  put(session: string, requestId: number, response: string) {
    const r = { session, requestId, response, at: Date.now() };
    this.map.set(`${session}:${requestId}`, r);
    this.durability.appendResponse(r);
    // Insertion order is age order: drop expired responses from the front now and then, so memory stays bounded.
    if (++this.puts % 1000 === 0) {
      for (const [key, old] of this.map) {
        if (Date.now() - old.at < RESPONSE_TTL_MS) break;
        this.map.delete(key);
      }
    }
  }
  all(): StoredResponse[] {
    return [...this.map.values()];
  }
}
