import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { zDrawOperation, type DrawOperation, type Presenter, type RoomHistory } from '@app/contracts';
import { CONFIG, REDIS } from '@app/platform';
import type { PresentationConfig } from '../config';
import { newRoom, presenterEntry, type RoomState } from './room-rules';
import { z } from 'zod';

export interface RoomKey {
  orgId: string;
  meetingId: number;
  documentId: number;
}

const zState = z.object({
  document: z.number().int(),
  slide: z.number().int(),
  scale: z.number(),
  presenterUserId: z.number().int().nullable(),
});
const zStoredOp = z.object({ slide: z.number().int(), operation: zDrawOperation });

/**
 * Room state in Redis, so every presentation process sees the same room: the state (document, slide, scale,
 * presenter) as one value and the drawing history as a capped list. Keys live `ROOM_TTL_SECONDS` after the last
 * write. A missing or unreadable value is a new room: the room is live state, not a record.
 */
@Injectable()
export class RoomStore {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(CONFIG) private readonly config: PresentationConfig,
  ) {}

  private base(k: RoomKey): string {
    return `pres:{${k.orgId}:${k.meetingId}}:${k.documentId}`;
  }
  private currentKey(orgId: string, meetingId: number): string {
    return `pres:{${orgId}:${meetingId}}:current`;
  }

  async state(k: RoomKey): Promise<RoomState> {
    const raw = await this.redis.get(`${this.base(k)}:state`);
    if (!raw) return newRoom(k.documentId);
    const parsed = zState.safeParse(safeJson(raw));
    return parsed.success ? parsed.data : newRoom(k.documentId);
  }

  async save(k: RoomKey, state: RoomState): Promise<void> {
    await this.redis.set(`${this.base(k)}:state`, JSON.stringify(state), 'EX', this.config.ROOM_TTL_SECONDS);
  }

  async append(k: RoomKey, ops: { slide: number; operation: DrawOperation }[]): Promise<void> {
    if (!ops.length) return;
    const key = `${this.base(k)}:ops`;
    await this.redis
      .multi()
      .rpush(key, ...ops.map((o) => JSON.stringify(o)))
      .ltrim(key, -this.config.ROOM_HISTORY_CAP, -1)
      .expire(key, this.config.ROOM_TTL_SECONDS)
      .exec();
  }

  async clear(k: RoomKey): Promise<void> {
    await this.redis.del(`${this.base(k)}:ops`);
  }

  async history(k: RoomKey, state: RoomState, presenters: readonly Presenter[]): Promise<RoomHistory> {
    const raw = await this.redis.lrange(`${this.base(k)}:ops`, 0, -1);
    const operations = raw.flatMap((r) => {
      const p = zStoredOp.safeParse(safeJson(r));
      return p.success ? [p.data] : [];
    });
    return { document: state.document, slide: state.slide, scale: state.scale, presenter: presenterEntry(presenters, state.presenterUserId), operations };
  }

  async setCurrentDocument(orgId: string, meetingId: number, documentId: number): Promise<void> {
    await this.redis.set(this.currentKey(orgId, meetingId), String(documentId), 'EX', this.config.ROOM_TTL_SECONDS);
  }
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null; // unreadable state is treated as a new room (see the class comment)
  }
}
