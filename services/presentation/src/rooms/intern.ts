/**
 * Keeps one copy of equal values that many sockets hold (docs/presentation.md, "Memory per viewer"): a room may
 * hold thousands of sockets of the same person in the same meeting, and each join parses its own copy of the
 * actor, the presenters and the documents. Values given to `intern` must never be changed afterwards; the
 * oldest entry goes when `max` is reached, so the table stays small whatever the number of meetings.
 */
export class Interner {
  private readonly table = new Map<string, unknown>();

  constructor(private readonly max = 2000) {}

  /** the copy kept for `key` (under `kind`), or `value` kept from now on */
  intern<T>(kind: string, key: string, value: T): T {
    const k = `${kind}\u0000${key}`;
    const kept = this.table.get(k);
    if (kept !== undefined) return kept as T;
    if (this.table.size >= this.max) this.table.delete(this.table.keys().next().value as string);
    this.table.set(k, value);
    return value;
  }

  /** a JSON-able value, keyed by its JSON */
  json<T>(kind: string, value: T): T {
    return this.intern(kind, JSON.stringify(value), value);
  }

  /** a set of numbers, keyed by its sorted members */
  numbers(kind: string, value: Set<number>): Set<number> {
    return this.intern(kind, [...value].sort((a, b) => a - b).join(','), value);
  }

  get size(): number {
    return this.table.size;
  }
}
