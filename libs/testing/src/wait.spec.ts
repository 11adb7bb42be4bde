import { pollUntil, waitFor } from './wait';

const counter = () => {
  let n = 0;
  return () => ++n;
};

describe('pollUntil', () => {
  it('returns the first value that passes', async () => {
    expect(await pollUntil(counter(), (n) => n >= 3, 1000, 1)).toBe(3);
  });
  it('returns the last value when time runs out, without throwing', async () => {
    const v = await pollUntil(counter(), () => false, 30, 5);
    expect(v).toBeGreaterThan(1);
  });
});

describe('waitFor', () => {
  it('returns the first truthy value, treating a throw as not yet', async () => {
    const next = counter();
    const v = await waitFor('three', () => {
      const n = next();
      if (n === 1) throw new Error('not ready');
      return n >= 3 && `got ${n}`;
    }, 1000, 1);
    expect(v).toBe('got 3');
  });
  it('throws naming what it waited for and the last error', async () => {
    await expect(waitFor('the thing', () => { throw new Error('boom'); }, 20, 5)).rejects.toThrow('timed out waiting for the thing: Error: boom');
    await expect(waitFor('zero', () => 0, 20, 5)).rejects.toThrow(/^timed out waiting for zero$/);
  });
});
