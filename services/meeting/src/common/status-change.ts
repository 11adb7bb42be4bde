import { Injectable } from '@nestjs/common';
import { AppPaths, MEETING_STATUS_INFO, MeetingStatus, type Actor, type ChangeMeetingStatus, type MeetingStatusId, type RequestOf } from '@app/contracts';
import type { Scope } from '../db/db';
import type { MeetingRow } from '../db/schema';
import { MeetingEvents } from '../events/meeting-events';
import { ActionsRepository } from '../repositories/actions.repository';
import { CommentsRepository } from '../repositories/comments.repository';
import { DecisionsRepository } from '../repositories/decisions.repository';
import { MeetingsRepository } from '../repositories/meetings.repository';
import { MembersRepository } from '../repositories/members.repository';
import { isLockedStatus } from '../rules/status-machine';
import { actorInfo } from './actor';
import { GuestTokens } from './guest-tokens';
import type { MeetingCtx } from './meeting-access';
import { withGuestLangs, type PendingEvent } from './publisher';

/** A meeting's status change once checked (changestatus, and Start/End meeting from the chair: docs/meeting.md#running-the-meeting). */
@Injectable()
export class StatusChange {
  constructor(
    private readonly meetings: MeetingsRepository,
    private readonly memberRows: MembersRepository,
    private readonly decisions: DecisionsRepository,
    private readonly actions: ActionsRepository,
    private readonly comments: CommentsRepository,
    private readonly events: MeetingEvents,
    private readonly guestTokens: GuestTokens,
  ) {}

  /**
   * A checked status change and what follows it: the row (with `extra`, Start/End's times), the activity, the live
   * event, invitations when Scheduled, the cancellation when Cancelled, decisions and actions closed when locked.
   * changestatus and Start/End meeting (chair/chair.service.ts) share it.
   */
  async apply(
    s: Scope, pending: PendingEvent[], ctx: MeetingCtx, req: { orgId: string; actor: Actor; lang?: RequestOf<typeof ChangeMeetingStatus>['lang'] },
    to: MeetingStatusId, reason: string | null, extra: Partial<MeetingRow> = {},
  ): Promise<void> {
    const { orgId, actor } = req;
    const m = ctx.meeting;
    const meetingId = m.id;
    {
      await this.meetings.update(s, meetingId, { statusId: to, statusReason: reason, ...extra });
      const name = MEETING_STATUS_INFO[to].name;
      await this.comments.log(s, { meetingId, userId: actor.userId, userName: ctx.actorName, activity: `${ctx.actorName ?? 'Someone'} changed the status to ${name}${reason ? `: ${reason}` : ''}` });
      pending.push(this.events.meetingChanged(orgId, meetingId, 'meeting', { byUserId: actor.userId }));
      const org = ctx.org;
      const by = actorInfo(actor, ctx.me);
      if (to === MeetingStatus.Scheduled) {
        pending.push(this.events.meetingScheduled(org, m, by, ctx.people, ctx.members.filter((x) => x.userId), { exceptUserId: actor.userId }));
        // guests get their own link now: a fresh token for each (they had none while the meeting was a draft)
        const guestLinks = new Map<string, string>();
        for (const g of ctx.members.filter((x) => !x.userId && x.userEmail)) {
          const { token, tokenHash, tokenIssuedAt } = this.guestTokens.issue(g);
          await this.memberRows.updateMember(s, g.id, { tokenHash, tokenIssuedAt });
          pending.push(this.events.memberInvited(org, m, g, token, by, ctx.people, req.lang));
          guestLinks.set(g.userEmail!.trim().toLowerCase(), AppPaths.guestMeeting(m.id, token));
        }
        // the vote requests a Draft kept back go out with the invitations: every decision still open for voting, to
        // its voters (a guest with the link of their own page, the token just made)
        const stillOpen = (await this.decisions.ofMeeting(s, meetingId)).filter((d) => !d.isFulfilled && d.deadline.getTime() > ctx.now.getTime());
        const votersOf = await this.decisions.votersOf(s, stillOpen.map((d) => d.id));
        for (const d of stillOpen) {
          const voters = votersOf.filter((v) => v.decisionId === d.id).map((v) => ({ userId: v.userId, userEmail: v.userEmail }));
          pending.push(this.events.decisionOpened(org, d, 'created', by, ctx.people, withGuestLangs(voters, ctx.members), { exceptUserId: actor.userId, guestLang: req.lang, meetingTitle: m.title, guestLinks }));
        }
      }
      if (to === MeetingStatus.Cancelled) {
        pending.push(this.events.meetingCancelled(org, m, by, reason ?? '', ctx.people, ctx.members, { exceptUserId: actor.userId, guestLang: req.lang }));
      }
      if (isLockedStatus(to)) {
        for (const d of (await this.decisions.ofMeeting(s, meetingId)).filter((x) => !x.isFulfilled)) pending.push(this.events.decisionClosed(org, d, by, 'ended'));
        for (const a of await this.actions.ofMeeting(s, meetingId)) pending.push(this.events.actionClosed(org, m, a, by, 'deleted'));
      }
    }
  }
}
