import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { minutesFieldsGenerationKey, type MeetingMinutesFields, type RequestOf, type ResponseOf } from '@app/contracts';
import { CONFIG, logger, REDIS, TtlCache } from '@app/platform';
import type { GatewayConfig } from '../config';

type Ask = RequestOf<typeof MeetingMinutesFields>;
type Fields = ResponseOf<typeof MeetingMinutesFields>;

/** answers kept at most (one per meeting, reader and rights-relevant facts) */
const MAX_ENTRIES = 20_000;

/**
 * The minutes service's fields of the meeting details (GET /api/meetings/{id}), kept by the gateway until the minutes
 * service says they changed (docs/minutes.md, "The minutes fields of the meeting details"): every read asks Redis for
 * the meeting's generation (one GET, sent beside the meeting service's request) and answers from memory when an answer
 * was taken under that same generation for the same question (the organization, the reader, and every fact of the
 * meeting the minutes rule looks at). The minutes service adds one to the generation after each committed change, so
 * a change is seen by the next read; the generation is read before the minutes service is asked, so an answer read
 * before a change is stored under the older generation and never answers after it. An entry also lives at most
 * MINUTES_FIELDS_CACHE_SECONDS (its presigned URLs stay fresh; a library file's address is re-read). When Redis does
 * not answer, the minutes service is asked and nothing is kept.
 */
@Injectable()
export class MinutesFieldsCache {
  private readonly entries: TtlCache<{ generation: string; fields: Fields }> | null;

  constructor(@Inject(REDIS) private readonly redis: Redis, @Inject(CONFIG) config: GatewayConfig) {
    const seconds = config.MINUTES_FIELDS_CACHE_SECONDS;
    this.entries = seconds > 0 ? new TtlCache({ ttlMs: seconds * 1000, max: MAX_ENTRIES }) : null;
  }

  /** the meeting's generation now, or null when it cannot be known (Redis down: nothing is kept) */
  generation(orgId: string, meetingId: number): Promise<string | null> {
    if (!this.entries) return Promise.resolve(null);
    return this.redis.get(minutesFieldsGenerationKey(orgId, meetingId)).then(
      (g) => g ?? '0',
      (err: unknown) => {
        logger().warn({ err, meetingId }, 'minutes fields generation unreadable: asking the minutes service');
        return null;
      },
    );
  }

  /** the fields for this question: kept ones of the same generation, else `ask()`'s, kept under `generation` */
  async fields(ask: Ask, generation: string | null, fetch: () => Promise<Fields>): Promise<Fields> {
    if (!this.entries || generation === null) return fetch();
    const key = MinutesFieldsCache.keyOf(ask);
    const kept = this.entries.get(key);
    if (kept && kept.generation === generation) return kept.fields;
    const fields = await fetch();
    this.entries.set(key, { generation, fields });
    return fields;
  }

  /** everything the minutes service's answer depends on besides its own tables: the organization, the reader, the meeting's facts */
  static keyOf(ask: Ask): string {
    const a = ask.actor;
    const m = ask.meeting;
    return JSON.stringify([
      ask.orgId, a.kind, a.userId, a.isAdmin,
      m.id, m.owner_id, m.admin_ids, m.member ? m.member.can_edit : null, m.meeting_status_id, m.mom, m.time_zone,
    ]);
  }
}
