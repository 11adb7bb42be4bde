import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { AppError } from '@app/contracts';
import { REDIS } from './redis';

/** Fixed-window counters in Redis; over the limit -> AppError TOO_MANY_ATTEMPTS (429 'Too Many Attempts.'). */
@Injectable()
export class RateLimiter {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async hit(bucket: string, limit: number, windowSeconds: number): Promise<{ count: number; remaining: number }> {
    const key = `rl:${bucket}`;
    const r = await this.redis.multi().incr(key).expire(key, windowSeconds, 'NX').exec();
    const count = Number(r?.[0]?.[1] ?? 0);
    if (count > limit) throw new AppError('TOO_MANY_ATTEMPTS', { details: { retryAfter: windowSeconds } });
    return { count, remaining: Math.max(0, limit - count) };
  }

  async reset(bucket: string): Promise<void> {
    await this.redis.del(`rl:${bucket}`);
  }
}
