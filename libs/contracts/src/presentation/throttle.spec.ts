import { Throttle, type Clock } from './throttle';

/** a clock the test moves by hand */
function manualClock() {
  let now = 0;
  const timers: Array<{ at: number; fn: () => void; id: number }> = [];
  let seq = 0;
  const clock: Clock = {
    now: () => now,
    setTimeout: (fn, ms) => {
      const id = ++seq;
      timers.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimeout: (h) => {
      const i = timers.findIndex((t) => t.id === h);
      if (i >= 0) timers.splice(i, 1);
    },
  };
  /** move time forward, firing each due timer at its own time */
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers.splice(timers.indexOf(due), 1);
      now = Math.max(now, due.at);
      due.fn();
    }
    now = end;
  };
  return { clock, advance };
}

describe('Throttle (leading and trailing edge)', () => {
  it.each([
    // [name, interval, steps: [advance ms, value or null], expected emissions [time, value]]
    ['one value goes out at once', 200, [[0, 1]], [[0, '1']]],
    ['values in one window: the first at once, the merged rest at its end', 200, [[0, 1], [50, 2], [50, 3], [200, null]], [[0, '1'], [200, '2+3']]],
    ['values in separate windows each go out at once', 200, [[0, 1], [250, 2], [250, 3]], [[0, '1'], [250, '2'], [500, '3']]],
    ['a value right after a trailing flush waits for the next window', 100, [[0, 1], [10, 2], [90, null], [10, 3], [100, null]], [[0, '1'], [100, '2'], [200, '3']]],
    ['interval 0 never holds anything', 0, [[0, 1], [0, 2]], [[0, '1'], [0, '2']]],
  ] as Array<[string, number, Array<[number, number | null]>, Array<[number, string]>]>)('%s', (_name, interval, steps, expected) => {
    const { clock, advance } = manualClock();
    const out: Array<[number, string]> = [];
    const th = new Throttle<string>(interval, (a, b) => `${a}+${b}`, (v) => out.push([clock.now(), v]), clock);
    for (const [ms, value] of steps) {
      if (ms) advance(ms);
      if (value !== null) th.offer(String(value));
    }
    expect(out).toEqual(expected);
  });

  it('flush sends what waits at once; cancel forgets it', () => {
    const { clock, advance } = manualClock();
    const out: string[] = [];
    const th = new Throttle<string>(1000, (a, b) => a + b, (v) => out.push(v), clock);
    th.offer('a');
    th.offer('b');
    expect(th.peek()).toBe('b');
    th.flush();
    expect(out).toEqual(['a', 'b']);
    th.offer('c');
    th.cancel();
    advance(5000);
    expect(out).toEqual(['a', 'b']);
  });
});
