import { logger } from '../logger';

/**
 * Runs tasks in lanes: tasks with the same key run one after another, in the order they were pushed;
 * tasks with different keys run side by side, at most `limit` at a time overall.
 *
 * The event consumers use one lane per organization, so one organization's burst (a meeting with 400
 * members) does not hold back another organization's events, while each organization's events keep
 * their order.
 */
export class Lanes {
  private readonly tails = new Map<string, Promise<void>>();
  private pending = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {
    if (!(limit >= 1)) throw new Error(`lanes need a limit of at least 1, got ${limit}`);
  }

  /** Tasks pushed and not yet finished. */
  get size(): number {
    return this.pending;
  }

  /** Resolves once fewer than `limit` tasks are pending: await it before `push` to hold back the reader. */
  async room(): Promise<void> {
    while (this.pending >= this.limit) await new Promise<void>((r) => this.waiting.push(r));
  }

  /** Queue `task` behind the tasks of its key. A task's failure is its own: it never stops the lane. */
  push(key: string, task: () => Promise<void>): void {
    this.pending++;
    const before = this.tails.get(key) ?? Promise.resolve();
    const tail: Promise<void> = before
      .then(task)
      // a task reports its own failures (an event handler naks and logs); one that still throws is logged here, and the lane goes on
      .catch((err: unknown) => logger().error({ err, lane: key }, 'lane task failed'))
      .finally(() => {
        this.pending--;
        if (this.tails.get(key) === tail) this.tails.delete(key);
        this.waiting.shift()?.();
      });
    this.tails.set(key, tail);
  }

  /** Resolves when every task pushed so far has finished. */
  async drain(): Promise<void> {
    while (this.tails.size) await Promise.all([...this.tails.values()]);
  }
}
