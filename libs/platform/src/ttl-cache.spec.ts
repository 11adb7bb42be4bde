import { TtlCache } from './ttl-cache';

type Step = ['set', string, string | null] | ['get', string, string | null | undefined] | ['wait', number] | ['delete', string];

describe('TtlCache', () => {
  const cases: [string, { ttlMs: number; max: number }, Step[]][] = [
    ['a fresh entry answers', { ttlMs: 100, max: 10 }, [['set', 'a', 'A'], ['wait', 99], ['get', 'a', 'A']]],
    ['an entry past its lifetime does not', { ttlMs: 100, max: 10 }, [['set', 'a', 'A'], ['wait', 101], ['get', 'a', undefined]]],
    ['a get does not extend the lifetime', { ttlMs: 100, max: 10 }, [['set', 'a', 'A'], ['wait', 60], ['get', 'a', 'A'], ['wait', 60], ['get', 'a', undefined]]],
    ['null is cached ("there is none")', { ttlMs: 100, max: 10 }, [['set', 'a', null], ['get', 'a', null]]],
    ['an unknown key is undefined', { ttlMs: 100, max: 10 }, [['get', 'b', undefined]]],
    ['a set again starts a new lifetime', { ttlMs: 100, max: 10 }, [['set', 'a', 'A'], ['wait', 60], ['set', 'a', 'A2'], ['wait', 60], ['get', 'a', 'A2']]],
    ['delete forgets at once', { ttlMs: 100, max: 10 }, [['set', 'a', 'A'], ['delete', 'a'], ['get', 'a', undefined]]],
    ['over max the least recently used goes', { ttlMs: 100, max: 2 }, [['set', 'a', 'A'], ['set', 'b', 'B'], ['get', 'a', 'A'], ['set', 'c', 'C'], ['get', 'b', undefined], ['get', 'a', 'A'], ['get', 'c', 'C']]],
  ];
  it.each(cases)('%s', (_name, opts, steps) => {
    let t = 1_000;
    const cache = new TtlCache<string | null>({ ...opts, now: () => t });
    for (const step of steps) {
      if (step[0] === 'set') cache.set(step[1], step[2]);
      else if (step[0] === 'wait') t += step[1];
      else if (step[0] === 'delete') cache.delete(step[1]);
      else expect([step[1], cache.get(step[1])]).toEqual([step[1], step[2]]);
    }
  });

  it('never holds more than max entries', () => {
    const cache = new TtlCache<number>({ ttlMs: 1000, max: 3 });
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, i);
    expect(cache.size).toBe(3);
  });
});
