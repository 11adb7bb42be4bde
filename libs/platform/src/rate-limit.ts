import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { AppError } from '@app/contracts';
import { REDIS } from './redis';

/**
 * One fixed-window counter: its key (stored as `rl:<key>`), how many it allows per window, and the window.
 * Counters taken together must live in one Redis Cluster slot: give their keys one hash tag (`{...}`).
 */
export interface Counter {
  key: string;
  limit: number;
  windowSeconds: number;
}

/** The answer of `take`: allowed (every counter was below its limit and each was incremented), or how long to wait. */
export type Taken = { ok: true; counts: number[] } | { ok: false; retryAfter: number };

/** Whole seconds to wait from a key's remaining life in milliseconds (Redis PTTL): rounded up, at least 1. */
export function retryAfterSeconds(pttlMs: number, windowSeconds: number): number {
  if (!Number.isFinite(pttlMs) || pttlMs <= 0) return Math.max(1, windowSeconds);
  return Math.max(1, Math.ceil(pttlMs / 1000));
}

/**
 * All or nothing, atomically: when any counter is at its limit nothing is counted and the script answers
 * the longest remaining life (ms) among those at their limit; otherwise every counter is incremented (a
 * new one starts its window) and the script answers 0 followed by the new counts.
 * KEYS: the counters; ARGV: limit and window seconds of each, in pairs.
 */
const TAKE = `
local wait = 0
for i, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[2 * i - 1])
  local count = tonumber(redis.call('GET', key) or '0')
  if count >= limit then
    local pttl = redis.call('PTTL', key)
    if pttl < 0 then
      pttl = tonumber(ARGV[2 * i]) * 1000
      redis.call('PEXPIRE', key, pttl)
    end
    if pttl > wait then wait = pttl end
  end
end
if wait > 0 then return { wait } end
local out = { 0 }
for i, key in ipairs(KEYS) do
  out[i + 1] = redis.call('INCR', key)
  if redis.call('PTTL', key) < 0 then redis.call('EXPIRE', key, tonumber(ARGV[2 * i])) end
end
return out
`;

/** Give one back to each counter (never below zero; the window keeps running). */
const REFUND = `
for _, key in ipairs(KEYS) do
  local v = tonumber(redis.call('GET', key) or '0')
  if v > 1 then redis.call('DECR', key) elseif v == 1 then redis.call('DEL', key) end
end
return 0
`;

type ScriptedRedis = Redis & {
  rlTake(numKeys: number, ...args: (string | number)[]): Promise<number[]>;
  rlRefund(numKeys: number, ...args: string[]): Promise<number>;
};

/**
 * Fixed-window counters in Redis. `take` checks and counts several counters at once (atomic, so
 * concurrent requests cannot slip past a limit); over a limit the caller answers 429 'Too Many
 * Attempts.' with `Retry-After` = the real remaining seconds of the window (PTTL), never a guess.
 * The gateway's policy (what is counted for which route) is in services/gateway/src/core/sign-in-limits.ts.
 */
@Injectable()
export class RateLimiter {
  private readonly r: ScriptedRedis;

  constructor(@Inject(REDIS) redis: Redis) {
    const r = redis as ScriptedRedis;
    if (typeof r.rlTake !== 'function') r.defineCommand('rlTake', { lua: TAKE });
    if (typeof r.rlRefund !== 'function') r.defineCommand('rlRefund', { lua: REFUND });
    this.r = r;
  }

  /** Count one attempt against every counter, or none when any of them is spent. */
  async take(counters: readonly Counter[]): Promise<Taken> {
    if (!counters.length) return { ok: true, counts: [] };
    const args: (string | number)[] = [];
    for (const c of counters) args.push(`rl:${c.key}`);
    for (const c of counters) args.push(c.limit, c.windowSeconds);
    const [wait, ...counts] = (await this.r.rlTake(counters.length, ...args)).map(Number);
    if (wait > 0) return { ok: false, retryAfter: retryAfterSeconds(wait, Math.max(...counters.map((c) => c.windowSeconds))) };
    return { ok: true, counts };
  }

  /** `take`, throwing AppError TOO_MANY_ATTEMPTS (with `retryAfter` seconds for the Retry-After header) when refused. */
  async takeOrThrow(counters: readonly Counter[]): Promise<number[]> {
    const t = await this.take(counters);
    if (!t.ok) throw new AppError('TOO_MANY_ATTEMPTS', { details: { retryAfter: t.retryAfter } });
    return t.counts;
  }

  /** One counter: count an attempt, 429 over the limit. */
  async hit(bucket: string, limit: number, windowSeconds: number): Promise<{ count: number; remaining: number }> {
    const [count] = await this.takeOrThrow([{ key: bucket, limit, windowSeconds }]);
    return { count, remaining: Math.max(0, limit - count) };
  }

  /** Undo one counted attempt on each key (the attempt turned out not to count, e.g. the service failed). */
  async refund(keys: readonly string[]): Promise<void> {
    if (keys.length) await this.r.rlRefund(keys.length, ...keys.map((k) => `rl:${k}`));
  }

  /** Forget the counters (e.g. an account's failures after a successful sign-in). */
  async reset(keys: string | readonly string[]): Promise<void> {
    const list = typeof keys === 'string' ? [keys] : keys;
    if (list.length) await this.r.del(...list.map((k) => `rl:${k}`));
  }
}
