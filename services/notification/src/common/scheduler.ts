import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { ReminderDue, type Localized, type Recipient, type ScheduledReminderKind } from '@app/contracts';
import { CONFIG, Jobs, logger } from '@app/platform';
import { NotificationDb } from './notification-db';
import type { NotificationConfig } from '../config';
import { meetingReminderAfterLeadChange, reminderFireTime, reminderJobId, reviewReminderFireTime } from '../rules/reminder-time';
import { type ScheduleRow, type ScheduleStatus, SchedulesRepository } from '../repositories/schedules.repository';

/** What a deadline reminder needs when it fires. */
export interface ScheduledReminderData {
  title: string;
  /** an evaluation's title in its languages (each recipient's e-mail picks theirs); `title` is its English text */
  titles?: Localized;
  /** an evaluation: whether its answers are anonymous (the e-mail says so) */
  anonymous?: boolean;
  meetingId: number | null;
  /** the item's app path (from the event; rows written before events carried paths hold a full URL) */
  link: string;
  /** the organization's slug, name and time zone as the event gave them (rows written before slugs: none) */
  orgSlug?: string;
  orgName: string;
  timeZone: string;
  /** who is reminded; at fire time a known user's current language and status are applied, and a decision's voters
   *  who have voted by then, and an evaluation's recipients who have answered, are left out (the meeting service is
   *  asked: ListPendingVoters, ListPendingRespondents) */
  recipients: Recipient[];
  /**
   * an evaluation round's reminders, minutes before the deadline (docs/evaluations.md#reminders): after one fires the
   * next smaller lead still ahead is scheduled on the same row (`advance`). Absent: one reminder only.
   */
  leadsMinutes?: number[];
  /** a minutes review: the edition sent for review (the reminder asks who is pending on that edition) */
  edition?: number;
}

/**
 * Deadline and due-date reminders as delayed BullMQ jobs. The job id is derived from the item and
 * the fire time; a changed deadline removes the old job and adds a new one; a closed or deleted item
 * removes it. The schedules table is the truth: a job that fires while its row points elsewhere does
 * nothing (it was replaced while it was running, so it could not be removed).
 * At start the delayed jobs of every scheduled row are added again (same ids: the ones Redis still has are left
 * as they are), so a Redis that lost its data loses no reminder; one whose time has passed fires at once.
 */
@Injectable()
export class SchedulerService implements OnApplicationBootstrap {
  constructor(
    private readonly db: NotificationDb,
    private readonly repo: SchedulesRepository,
    private readonly jobs: Jobs,
    @Inject(CONFIG) private readonly config: NotificationConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { added, scheduled } = await this.rebuild();
    logger().info({ scheduled, added }, 'reminder jobs rebuilt from the schedules table');
  }

  /**
   * Add the delayed job of every scheduled reminder that Redis does not have. Safe to run at any time and from
   * every replica: a job id that exists in Redis (waiting, delayed, active, completed or failed) is not added again.
   */
  async rebuild(now = new Date()): Promise<{ scheduled: number; added: number }> {
    const rows = await this.db.unsafeGlobal((tx) => this.repo.unsafeListScheduled(tx));
    let added = 0;
    const queue = this.jobs.queue(ReminderDue.queue);
    for (let i = 0; i < rows.length; i += 500) {
      const batch = rows.slice(i, i + 500);
      const present = await Promise.all(batch.map((r) => queue.getJob(r.jobId!)));
      const missing = batch.filter((_, j) => !present[j]);
      if (!missing.length) continue;
      await this.jobs.addMany(
        ReminderDue,
        missing.map((r) => ({
          payload: { orgId: r.orgId, kind: r.kind as ScheduledReminderKind, itemId: r.itemId, dueAt: r.dueAt.toISOString() },
          opts: { jobId: r.jobId!, delayMs: Math.max(0, r.fireAt!.getTime() - now.getTime()) },
        })),
      );
      added += missing.length;
    }
    return { scheduled: rows.length, added };
  }

  /**
   * (Re)schedule the reminder of an item whose deadline is `dueAt`. `sourceAt` orders events about the item. `leadsMinutes`:
   * the leads of this item instead of REMINDER_LEADS_MINUTES (a meeting: its organization's meeting_reminder_minutes; 0: none).
   */
  async schedule(
    orgId: string,
    kind: ScheduledReminderKind,
    itemId: number,
    dueAt: Date,
    dataOrMerge: ScheduledReminderData | ((prev: ScheduledReminderData | null) => ScheduledReminderData),
    sourceAt: Date,
    now = new Date(),
    leadsMinutes: readonly number[] = this.config.REMINDER_LEADS_MINUTES,
  ): Promise<ScheduleRow | null> {
    return this.db.tenant(orgId, (s) => this.repo.change(s, kind, itemId, sourceAt, async (prev) => {
      const data =
        typeof dataOrMerge === 'function'
          ? dataOrMerge(prev && prev.status !== 'cancelled' && prev.status !== 'none' ? (prev.data as unknown as ScheduledReminderData) : null)
          : dataOrMerge;
      const active = prev && (prev.status === 'scheduled' || prev.status === 'fired');
      if (active && prev.dueAt.getTime() === dueAt.getTime()) {
        // same deadline (a title or people changed): keep the reminder where it is, fired or not
        return { dueAt, fireAt: prev.fireAt, jobId: prev.jobId, status: prev.status as 'scheduled' | 'fired', data: data as unknown as Record<string, unknown> };
      }
      // a minutes review: a day, else an hour before its deadline, else halfway (docs/minutes.md#review-deadline)
      const fireAt = kind === 'minutes-review' ? reviewReminderFireTime(dueAt, now) : reminderFireTime(dueAt, now, leadsMinutes);
      const jobId = fireAt ? reminderJobId(kind, orgId, itemId, fireAt) : null;
      if (prev?.jobId && prev.jobId !== jobId) await this.dropJob(prev.jobId);
      if (fireAt && jobId) {
        // a finished job with the same id (fired, then closed and reopened with the same deadline) would block the add
        if (!(prev?.jobId === jobId && prev.status === 'scheduled')) await this.jobs.remove(ReminderDue, jobId);
        await this.jobs.add(ReminderDue, { orgId, kind, itemId, dueAt: dueAt.toISOString() }, { jobId, delayMs: Math.max(0, fireAt.getTime() - now.getTime()) });
      }
      return { dueAt, fireAt, jobId, status: jobId ? 'scheduled' : 'none', data: data as unknown as Record<string, unknown> };
    }));
  }

  /**
   * A reminder of an item with several leads (an evaluation round) has fired as job `firedJobId`: the row moves on to
   * the next lead whose time is after both now and the fired one (a reminder that fired late skips the leads it
   * passed, none fires twice), or is marked fired when none is left. Nothing happens when the row points elsewhere
   * (closed, rescheduled) or is no longer scheduled. Answers the next fire time, or null.
   */
  async advance(orgId: string, kind: ScheduledReminderKind, itemId: number, firedJobId: string, leadsMinutes: readonly number[], now = new Date()): Promise<Date | null> {
    let next: Date | null = null;
    await this.db.tenant(orgId, (s) => this.repo.change(s, kind, itemId, null, async (prev) => {
      if (!prev || prev.jobId !== firedJobId || prev.status !== 'scheduled') return null;
      const after = new Date(Math.max(now.getTime(), prev.fireAt?.getTime() ?? 0));
      next = reminderFireTime(prev.dueAt, after, leadsMinutes);
      if (!next) return { dueAt: prev.dueAt, fireAt: prev.fireAt, jobId: prev.jobId, status: 'fired', data: prev.data };
      const jobId = reminderJobId(kind, orgId, itemId, next);
      await this.jobs.remove(ReminderDue, jobId);
      await this.jobs.add(ReminderDue, { orgId, kind, itemId, dueAt: prev.dueAt.toISOString() }, { jobId, delayMs: Math.max(0, next.getTime() - now.getTime()) });
      return { dueAt: prev.dueAt, fireAt: next, jobId, status: 'scheduled', data: prev.data };
    }));
    return next;
  }

  /**
   * The organization's meeting_reminder_minutes became `leadMinutes` (docs/notification.md#meeting-reminders): every
   * meeting reminder still to come moves to the start minus the new lead, or is dropped (0, or that moment has passed),
   * and a meeting that had none gets one when the lead now leaves time (`meetingReminderAfterLeadChange`). Walked
   * `pageSize` rows at a time, each page in one transaction under the rows' locks (a meeting event about the same
   * meeting waits); the same lead again changes nothing, so a redelivered event is harmless. Answers the counts.
   */
  async moveMeetingReminders(orgId: string, leadMinutes: number, now = new Date(), pageSize = 200): Promise<{ moved: number; dropped: number }> {
    const kind: ScheduledReminderKind = 'meeting-reminder';
    let moved = 0;
    let dropped = 0;
    let afterItemId = 0;
    for (;;) {
      const ids = await this.db.tenant(orgId, async (s) => {
        const page = await this.repo.pageUpcoming(s, kind, now, afterItemId, pageSize);
        for (const itemId of page) {
          await this.repo.change(s, kind, itemId, null, async (prev) => {
            if (!prev) return null;
            const next = meetingReminderAfterLeadChange(prev, leadMinutes, now);
            if (next.action === 'keep') return null;
            if (prev.jobId) await this.dropJob(prev.jobId);
            if (next.action === 'drop') {
              dropped++;
              return { dueAt: prev.dueAt, fireAt: null, jobId: null, status: 'none', data: prev.data };
            }
            const jobId = reminderJobId(kind, orgId, itemId, next.fireAt);
            // a finished job with that id (an earlier lead, fired or dropped) would block the add
            await this.jobs.remove(ReminderDue, jobId);
            await this.jobs.add(ReminderDue, { orgId, kind, itemId, dueAt: prev.dueAt.toISOString() }, { jobId, delayMs: Math.max(0, next.fireAt.getTime() - now.getTime()) });
            moved++;
            return { dueAt: prev.dueAt, fireAt: next.fireAt, jobId, status: 'scheduled', data: prev.data };
          });
        }
        return page;
      });
      if (ids.length < pageSize) break;
      afterItemId = ids[ids.length - 1];
    }
    return { moved, dropped };
  }

  /** The item was closed or deleted: drop its reminder. */
  async cancel(orgId: string, kind: ScheduledReminderKind, itemId: number, sourceAt: Date): Promise<void> {
    await this.db.tenant(orgId, (s) => this.repo.change(s, kind, itemId, sourceAt, async (prev) => {
      if (!prev) return { dueAt: new Date(0), fireAt: null, jobId: null, status: 'cancelled', data: {} };
      if (prev.jobId) await this.dropJob(prev.jobId);
      return { dueAt: prev.dueAt, fireAt: null, jobId: null, status: 'cancelled', data: prev.data };
    }));
  }

  /** Change what the reminder says or who gets it (a participant finished an action) without moving it. */
  async updateData(orgId: string, kind: ScheduledReminderKind, itemId: number, change: (data: ScheduledReminderData) => ScheduledReminderData): Promise<void> {
    await this.db.tenant(orgId, (s) => this.repo.change(s, kind, itemId, null, async (prev) => {
      if (!prev) return null;
      const data = change(prev.data as unknown as ScheduledReminderData);
      return { dueAt: prev.dueAt, fireAt: prev.fireAt, jobId: prev.jobId, status: prev.status as ScheduleStatus, data: data as unknown as Record<string, unknown> };
    }));
  }

  get(orgId: string, kind: ScheduledReminderKind, itemId: number): Promise<ScheduleRow | null> {
    return this.db.tenant(orgId, (s) => this.repo.get(s, kind, itemId));
  }

  private async dropJob(jobId: string): Promise<void> {
    const removed = await this.jobs.remove(ReminderDue, jobId);
    if (!removed) logger().info({ jobId }, 'previous reminder job not removed (running or gone); it will find itself stale');
  }
}
