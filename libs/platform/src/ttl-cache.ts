import { LRUCache } from 'lru-cache';

export interface TtlCacheOptions {
  /** how long an entry answers after it was set (a get does not extend it) */
  ttlMs: number;
  /** the most entries kept; the least recently used one goes first */
  max: number;
  /** the clock, in milliseconds (tests: read on every call); performance.now() otherwise */
  now?: () => number;
}

/**
 * The backend's one in-memory cache with a lifetime (an organization's settings, an actor, a directory entry),
 * on the maintained `lru-cache`. Unlike lru-cache itself it stores `null`, so "the service said there is none"
 * is cached as well as a value; `undefined` from `get` means "not cached, ask".
 */
export class TtlCache<V> {
  private readonly lru: LRUCache<string, { v: V }>;

  constructor(opts: TtlCacheOptions) {
    const now = opts.now;
    this.lru = new LRUCache<string, { v: V }>({ max: opts.max, ttl: opts.ttlMs, ...(now ? { perf: { now: () => now() }, ttlResolution: 0 } : {}) });
  }

  get(key: string): V | undefined {
    return this.lru.get(key)?.v;
  }

  set(key: string, value: V): void {
    this.lru.set(key, { v: value });
  }

  /** forget one entry at once (the thing changed: an OrganizationUpdated event) */
  delete(key: string): void {
    this.lru.delete(key);
  }

  clear(): void {
    this.lru.clear();
  }

  get size(): number {
    return this.lru.size;
  }
}
