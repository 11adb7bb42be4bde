import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AppError, AppPaths, MeetingStatus, meetingIcsUid, renderIcs, type Actor, type CalendarFeed } from '@app/contracts';
import { CONFIG, PayloadSeal, logger } from '@app/platform';
import type { MeetingConfig } from '../config';
import { MeetingDb, type Scope } from '../db/db';
import { sha256 } from '../common/actor';
import { Directory } from '../common/directory';
import { CalendarFeedsRepository, type CalendarFeedRow } from '../repositories/calendar-feeds.repository';
import { MeetingsRepository } from '../repositories/meetings.repository';

/** how far back the feed goes (calendars keep what they already have); meetings ahead are all listed */
const PAST_DAYS = 180;
const MAX_EVENTS = 1000;

/**
 * The private calendar feed (docs/product/meetings.md#calendar-feed): a 192-bit token per user, looked up by its
 * SHA-256 and kept sealed so the address can be shown again; the feed lists the meetings the user owns or is a
 * member of, announced ones only (not drafts), cancelled ones as CANCELLED.
 */
@Injectable()
export class CalendarFeedService {
  private readonly seal: PayloadSeal;
  constructor(
    private readonly db: MeetingDb,
    private readonly feeds: CalendarFeedsRepository,
    private readonly meetings: MeetingsRepository,
    private readonly directory: Directory,
    @Inject(CONFIG) config: MeetingConfig,
  ) {
    this.seal = PayloadSeal.fromKey(config.OUTBOX_KEY, config.NODE_ENV === 'production', config.OUTBOX_KEY_PREVIOUS);
  }

  private userOf(actor: Actor): number {
    if (actor.kind !== 'user' || !actor.userId) throw new AppError('FORBIDDEN');
    return actor.userId;
  }

  private newToken(orgId: string, userId: number) {
    const token = randomBytes(24).toString('base64url');
    return { hash: sha256(token), sealed: this.seal.sealValue(token, `calendar-feed:${orgId}:${userId}`) };
  }

  private answer(orgId: string, row: CalendarFeedRow | null): CalendarFeed {
    if (!row) return { path: null, created_at: null };
    let token: string;
    try {
      token = this.seal.openValue(row.tokenSealed, `calendar-feed:${orgId}:${row.userId}`) as string;
    } catch (e) {
      // sealed under an OUTBOX_KEY no longer in the ring (docs/operations.md#rotating-secrets): the feed still works
      // (its token is checked by hash), but its address cannot be shown again; "reset" gives a new one
      logger().warn({ orgId, userId: row.userId, err: e }, 'a calendar feed address cannot be opened (OUTBOX_KEY rotated?); the user can reset it');
      return { path: null, created_at: row.createdAt.toISOString() };
    }
    return { path: `/api/calendar-feed/${token}.ics`, created_at: row.createdAt.toISOString() };
  }

  get(req: { orgId: string; actor: Actor; create: boolean }): Promise<CalendarFeed> {
    const userId = this.userOf(req.actor);
    return this.db.tenant(req.orgId, async (s) => {
      const row = (await this.feeds.ofUser(s, userId)) ?? (req.create ? await this.feeds.put(s, userId, this.newToken(req.orgId, userId), false) : null);
      return this.answer(req.orgId, row);
    });
  }

  reset(req: { orgId: string; actor: Actor }): Promise<CalendarFeed> {
    const userId = this.userOf(req.actor);
    return this.db.tenant(req.orgId, async (s) => this.answer(req.orgId, await this.feeds.put(s, userId, this.newToken(req.orgId, userId), true)));
  }

  revoke(req: { orgId: string; actor: Actor }): Promise<{ ok: true }> {
    const userId = this.userOf(req.actor);
    return this.db.tenant(req.orgId, async (s) => {
      await this.feeds.remove(s, userId);
      return { ok: true as const };
    });
  }

  async render(req: { orgId: string; token: string; baseUrl: string }): Promise<{ ics: string }> {
    const feed = await this.db.tenant(req.orgId, (s: Scope) => this.feeds.byTokenHash(s, sha256(req.token)));
    if (!feed) throw AppError.notFound('calendar');
    // the feed dies with its user: a deactivated, deleted (or unknown) user's address answers as an unknown one
    // (asked of the organization service now, not from the directory cache)
    const owner = await this.directory.userNow(req.orgId, feed.userId);
    if (owner?.status !== 'Active') throw AppError.notFound('calendar');
    return this.db.tenant(req.orgId, async (s: Scope) => {
      const now = new Date();
      const { rows } = await this.meetings.list(s, { kind: 'involved', userId: feed.userId, committeeIds: [] }, {
        from: new Date(now.getTime() - PAST_DAYS * 86_400_000), order: 'asc', limit: MAX_EVENTS,
      });
      const org = await this.directory.organization(req.orgId);
      const base = req.baseUrl.replace(/\/+$/, '');
      const events = rows
        .filter((m) => m.statusId !== MeetingStatus.Draft)
        .map((m) => ({
          uid: meetingIcsUid(req.orgId, m.id),
          title: m.title,
          description: m.description,
          start: m.startAt,
          duration: m.duration ?? 60,
          location: m.location || (m.virtual ? 'Online meeting' : null),
          url: `${base}${AppPaths.meeting(m.id)}`,
          cancelled: m.statusId === MeetingStatus.Cancelled,
          updatedAt: m.updatedAt,
        }));
      return { ics: renderIcs(org.name, events, now) };
    });
  }
}
