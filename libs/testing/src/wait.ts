/**
 * Polling for tests that wait on something asynchronous (an event consumed, a job finished, an e-mail
 * caught). Two contracts:
 * - `pollUntil` returns the last value when time runs out, so the test's own assertion reports what it saw;
 * - `waitFor` throws `timed out waiting for <what>` (with the last error the probe threw, if any).
 */

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Calls `fn` every `everyMs` until `ok(value)` holds or `timeoutMs` has passed; returns the last value either way. */
export async function pollUntil<T>(fn: () => T | Promise<T>, ok: (v: T) => boolean, timeoutMs = 20_000, everyMs = 250): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > end) return v;
    await sleep(everyMs);
  }
}

type Falsy = undefined | null | false | 0 | '';

/**
 * Calls `fn` every `everyMs` until it gives a truthy value, and returns that value. A probe that throws
 * counts as not yet; after `timeoutMs` it throws, naming `what` and the last error.
 */
export async function waitFor<T>(what: string, fn: () => T | Falsy | Promise<T | Falsy>, timeoutMs = 20_000, everyMs = 100): Promise<T> {
  let last: unknown;
  const probe = async (): Promise<T | Falsy> => {
    try {
      return await fn();
    } catch (e) {
      last = e;
      return undefined;
    }
  };
  const v = await pollUntil(probe, (x) => !!x, timeoutMs, everyMs);
  if (v) return v as T;
  throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
}
