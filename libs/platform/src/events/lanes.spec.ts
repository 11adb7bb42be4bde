import { Lanes } from './lanes';

const tick = () => new Promise((r) => setImmediate(r));

/** A task that records its start and end and finishes when `release(name)` is called. */
function recorder() {
  const log: string[] = [];
  const gates = new Map<string, () => void>();
  const task = (name: string) => () =>
    new Promise<void>((resolve) => {
      log.push(`start ${name}`);
      gates.set(name, () => {
        log.push(`end ${name}`);
        resolve();
      });
    });
  const release = async (name: string) => {
    await tick();
    gates.get(name)!();
    await tick();
    await tick();
  };
  return { log, task, release };
}

describe('Lanes', () => {
  it.each([
    { limit: 0 },
    { limit: -1 },
    { limit: Number.NaN },
  ])('refuses a limit of $limit', ({ limit }) => {
    expect(() => new Lanes(limit)).toThrow('lanes need a limit of at least 1');
  });

  it('runs one key in order and other keys side by side', async () => {
    const lanes = new Lanes(10);
    const { log, task, release } = recorder();
    lanes.push('org-a', task('a1'));
    lanes.push('org-a', task('a2'));
    lanes.push('org-b', task('b1'));
    await tick();
    expect(log).toEqual(['start a1', 'start b1']);
    await release('b1');
    expect(log).toEqual(['start a1', 'start b1', 'end b1']);
    await release('a1');
    expect(log).toEqual(['start a1', 'start b1', 'end b1', 'end a1', 'start a2']);
    await release('a2');
    await lanes.drain();
    expect(lanes.size).toBe(0);
  });

  it('keeps a lane going after a task fails', async () => {
    const lanes = new Lanes(2);
    const done: string[] = [];
    lanes.push('k', async () => {
      throw new Error('boom');
    });
    lanes.push('k', async () => {
      done.push('second');
    });
    await lanes.drain();
    expect(done).toEqual(['second']);
  });

  it('room() waits while `limit` tasks are pending', async () => {
    const lanes = new Lanes(2);
    const { task, release } = recorder();
    lanes.push('a', task('a'));
    lanes.push('b', task('b'));
    let roomy = false;
    const waiting = lanes.room().then(() => {
      roomy = true;
    });
    await tick();
    expect(lanes.size).toBe(2);
    expect(roomy).toBe(false);
    await release('a');
    await waiting;
    expect(roomy).toBe(true);
    expect(lanes.size).toBe(1);
    await release('b');
    await lanes.drain();
  });

  it('drain() waits for tasks pushed while draining', async () => {
    const lanes = new Lanes(4);
    const done: number[] = [];
    lanes.push('k', async () => {
      await tick();
      done.push(1);
      lanes.push('other', async () => {
        await tick();
        done.push(2);
      });
    });
    await lanes.drain();
    expect(done).toEqual([1, 2]);
  });
});
