/**
 * The protocol's timing rule, used on both ends (the browser before sending, the presentation service per
 * socket): pointer moves at most every 200 ms, drawing at most every 1000 ms (PRESENTATION_THROTTLE_MS).
 *
 * A per-connection throttle with a leading and a trailing edge: the first frame in a window goes out at once,
 * later ones are merged into one pending frame that goes out when the window ends. Pointer moves keep only the
 * latest position; drawing operations are concatenated, so nothing drawn is lost. Timers are injected so the
 * rule is tested without waiting.
 */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms) as unknown as { unref?: () => void };
    t.unref?.();
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as Parameters<typeof clearTimeout>[0]),
};

export class Throttle<T> {
  private lastSentAt = Number.NEGATIVE_INFINITY;
  private pending: T | null = null;
  private timer: unknown = null;

  constructor(
    private readonly intervalMs: number,
    private readonly merge: (pending: T, next: T) => T,
    private readonly emit: (value: T) => void,
    private readonly clock: Clock = systemClock,
  ) {}

  /** true when the value went out now, false when it waits for the window's end */
  offer(value: T): boolean {
    const now = this.clock.now();
    if (this.pending === null && now - this.lastSentAt >= this.intervalMs) {
      this.lastSentAt = now;
      this.emit(value);
      return true;
    }
    this.pending = this.pending === null ? value : this.merge(this.pending, value);
    if (this.timer === null) {
      const wait = Math.max(0, this.lastSentAt + this.intervalMs - now);
      this.timer = this.clock.setTimeout(() => this.flush(), wait);
    }
    return false;
  }

  /** what waits for the window's end, if anything */
  peek(): T | null {
    return this.pending;
  }

  /** send what waits now (the window ended, or the connection closes) */
  flush(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    if (this.pending === null) return;
    const value = this.pending;
    this.pending = null;
    this.lastSentAt = this.clock.now();
    this.emit(value);
  }

  /** forget what waits (the connection is gone) */
  cancel(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.pending = null;
  }
}
