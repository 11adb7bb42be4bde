import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { minutesFieldsGenerationKey } from '@app/contracts';
import { logger, REDIS } from '@app/platform';

/** a generation outlives every answer the gateway keeps (seconds; the gateway keeps one at most a minute) */
const GENERATION_TTL_SECONDS = 24 * 3600;

/**
 * Tells the gateway that what a meeting's details show of its minutes (MeetingMinutesFields: the setting, the
 * versions, the meeting's conclusion, the board book) changed: one more on the meeting's generation in Redis
 * (minutesFieldsGenerationKey), so the gateway's kept answer is not used again (docs/minutes.md, "The minutes fields of
 * the meeting details"). Called after the change's transaction has committed and before the change is answered; a
 * failure is logged (the gateway's answer is then at most its MINUTES_FIELDS_CACHE_SECONDS old).
 */
@Injectable()
export class MinutesFieldsGeneration {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async changed(orgId: string, meetingId: number): Promise<void> {
    const key = minutesFieldsGenerationKey(orgId, meetingId);
    try {
      await this.redis.multi().incr(key).expire(key, GENERATION_TTL_SECONDS).exec();
    } catch (err) {
      logger().warn({ err, meetingId }, 'minutes fields generation not raised: the gateway may show the old fields for a few seconds');
    }
  }
}
