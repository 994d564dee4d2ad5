// An ordered set of index entries (key tuple → document) kept sorted through inserts and removals: the
// entries live in chunks of a few hundred, so a write moves one chunk's worth, not the whole index, and a
// range is found by binary search and read entry by entry. Keys compare as Convex orders values.
import { compareValues, type Value } from "convex/values";

/** One document in one index: its key (the index's fields, then `_creationTime` and `_id`, so unique). */
export interface Entry {
  key: unknown[];
  doc: Record<string, unknown> & { _id: string; _creationTime: number };
}

/** A position between entries: chunk and offset (offset 0 of chunk `chunks.length` is the end). */
interface Position {
  chunk: number;
  offset: number;
}

const CHUNK = 512;

/** Compares two keys on their first `length` components (all of the shorter one's by default). */
export function compareKeys(a: readonly unknown[], b: readonly unknown[], length = Math.min(a.length, b.length)): number {
  for (let i = 0; i < length; i++) {
    const c = compareValue(a[i], b[i]);
    if (c !== 0) return c;
  }
  return 0;
}

/**
 * Convex's order of two values (convex/values compareValues), answered directly for the common cases: two ordinary
 * numbers, two booleans, two strings differing outside the surrogate range (where UTF-16 code units order as UTF-8
 * bytes do). Building an index sorts millions of pairs: the general comparison allocates for each.
 */
function compareValue(a: unknown, b: unknown): number {
  if (typeof a === "number" && typeof b === "number" && !Number.isNaN(a) && !Number.isNaN(b) && (a !== 0 || b !== 0)) return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === "boolean" && typeof b === "boolean") return a === b ? 0 : a ? 1 : -1;
  if (typeof a === "string" && typeof b === "string") {
    if (a === b) return 0;
    const n = Math.min(a.length, b.length);
    let i = 0;
    while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
    if (i === n) return a.length < b.length ? -1 : 1;
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if ((x < 0xd800 || x > 0xdfff) && (y < 0xd800 || y > 0xdfff)) return x < y ? -1 : 1;
  }
  return compareValues(a as Value, b as Value);
}

export class SortedEntries {
  private chunks: Entry[][] = [];

  /** From entries already in key order. */
  constructor(sorted: Entry[] = []) {
    for (let i = 0; i < sorted.length; i += CHUNK) this.chunks.push(sorted.slice(i, i + CHUNK));
  }

  get size(): number {
    let n = 0;
    for (const chunk of this.chunks) n += chunk.length;
    return n;
  }

  /** The first position whose entry is not `before` (`before` holds on a prefix of the order), or the end. */
  seek(before: (entry: Entry) => boolean): Position {
    let lo = 0;
    let hi = this.chunks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const chunk = this.chunks[mid];
      if (before(chunk[chunk.length - 1])) lo = mid + 1;
      else hi = mid;
    }
    if (lo === this.chunks.length) return { chunk: lo, offset: 0 };
    const chunk = this.chunks[lo];
    let a = 0;
    let b = chunk.length - 1;
    while (a < b) {
      const mid = (a + b) >> 1;
      if (before(chunk[mid])) a = mid + 1;
      else b = mid;
    }
    return { chunk: lo, offset: a };
  }

  insert(entry: Entry): void {
    if (this.chunks.length === 0) {
      this.chunks.push([entry]);
      return;
    }
    let { chunk, offset } = this.seek((e) => compareKeys(e.key, entry.key) < 0);
    if (chunk === this.chunks.length) {
      chunk -= 1;
      offset = this.chunks[chunk].length;
    }
    const target = this.chunks[chunk];
    target.splice(offset, 0, entry);
    if (target.length > 2 * CHUNK) this.chunks.splice(chunk, 1, target.slice(0, CHUNK), target.slice(CHUNK));
  }

  /** Removes the entry with exactly `key`; false when there is none. */
  remove(key: readonly unknown[]): boolean {
    const { chunk, offset } = this.seek((e) => compareKeys(e.key, key) < 0);
    const target = this.chunks[chunk];
    if (!target || offset >= target.length || compareKeys(target[offset].key, key) !== 0) return false;
    target.splice(offset, 1);
    if (target.length === 0) this.chunks.splice(chunk, 1);
    return true;
  }

  /** The entries from `from` (inclusive) to `to` (exclusive), in key order or, `descending`, the reverse. */
  *between(from: Position, to: Position, descending: boolean): Generator<Entry> {
    if (!descending) {
      for (let c = from.chunk, o = from.offset; c < to.chunk || (c === to.chunk && o < to.offset); ) {
        const chunk = this.chunks[c];
        if (o >= chunk.length) {
          c += 1;
          o = 0;
          continue;
        }
        yield chunk[o++];
      }
      return;
    }
    let c = to.chunk;
    let o = to.offset;
    for (;;) {
      if (c < from.chunk || (c === from.chunk && o <= from.offset)) return;
      if (o === 0) {
        c -= 1;
        o = this.chunks[c].length;
        continue;
      }
      yield this.chunks[c][--o];
    }
  }

  /** The later of two positions. */
  static max(a: Position, b: Position): Position {
    return a.chunk > b.chunk || (a.chunk === b.chunk && a.offset > b.offset) ? a : b;
  }

  /** The earlier of two positions. */
  static min(a: Position, b: Position): Position {
    return SortedEntries.max(a, b) === a ? b : a;
  }
}
