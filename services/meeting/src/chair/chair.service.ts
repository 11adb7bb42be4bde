import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '@app/platform';
import { AppError, DEFAULT_QUORUM, MM, MeetingStatus, nextReachedAt, rollCallQuorum, type EndMeeting, type MarkRollCall, type MeetingDetails, type PublishAgenda, type MeetingStatusId, type RequestOf, type RollCallMark, type SetMeetingRoles, type StartMeeting } from '@app/contracts';
import { MeetingDb, type Scope } from '../db/db';
import { MeetingAccess, assertCan, assertOpen, type MeetingCtx } from '../common/meeting-access';
import { MeetingPublisher, type PendingEvent } from '../common/publisher';
import { MeetingEvents } from '../events/meeting-events';
import { CommentsRepository } from '../repositories/comments.repository';
import { MeetingsRepository } from '../repositories/meetings.repository';
import { MembersRepository } from '../repositories/members.repository';
import { StatusChange } from '../common/status-change';
import { MeetingView } from '../view/meeting-view';
import { canPublishAgendaIn, chairWho, rolesRefusal } from '../rules/chair';
import { guestAgendaItems, publishedItems } from '../rules/agenda-times';
import { guestsWithLiveLink } from '../rules/guest-link';
import { GuestTokens } from '../common/guest-tokens';
import type { MeetingConfig } from '../config';
import { actorInfo } from '../common/actor';
import { checkTransition } from '../rules/status-machine';

type Req = { orgId: string; actor: RequestOf<typeof StartMeeting>['actor']; meetingId: number; variant?: RequestOf<typeof StartMeeting>['variant'] };

/**
 * Meetings run from the chair (issue 27, docs/meeting.md#running-the-meeting): the chair and secretary, Start and End
 * meeting (the spec's changestatus 2 -> 3 and 3 -> 5 with its side effects), and the roll call with its quorum.
 * Each command runs under the meeting's row lock, publishes a live change and answers the meeting's details.
 */
@Injectable()
export class ChairService {
  constructor(
    private readonly db: MeetingDb,
    private readonly access: MeetingAccess,
    private readonly view: MeetingView,
    private readonly meetingRows: MeetingsRepository,
    private readonly memberRows: MembersRepository,
    private readonly comments: CommentsRepository,
    private readonly statusChange: StatusChange,
    private readonly publisher: MeetingPublisher,
    private readonly events: MeetingEvents,
    private readonly guestTokens: GuestTokens,
    @Inject(CONFIG) private readonly config: Pick<MeetingConfig, 'GUEST_LINK_DAYS'>,
  ) {}

  setRoles(req: RequestOf<typeof SetMeetingRoles>): Promise<MeetingDetails> {
    const { body } = req;
    return this.command(req, async (s, ctx, pending) => {
      assertOpen(ctx);
      assertCan(this.who(ctx).manages);
      if (!ctx.facts.committeeActive) throw new AppError('MEETING_COMMITTEE_INACTIVE');
      const userIds = new Set(ctx.members.flatMap((m) => (m.userId !== null ? [m.userId] : [])));
      const refusal = rolesRefusal(body, userIds);
      if (refusal) throw AppError.validation({ [refusal.field]: refusal.reason === 'same' ? MM.chairNotSecretary : MM.proxyNotMember });
      await this.memberRows.clearMeetingRoles(s, ctx.meeting.id);
      const rowOf = (userId: number) => ctx.members.find((m) => m.userId === userId)!;
      if (body.chair_user_id !== null) await this.memberRows.updateMember(s, rowOf(body.chair_user_id).id, { meetingRole: 'chair' });
      if (body.secretary_user_id !== null) await this.memberRows.updateMember(s, rowOf(body.secretary_user_id).id, { meetingRole: 'secretary' });
      const name = (id: number | null) => (id === null ? 'nobody' : ctx.people.get(id)?.name ?? 'a member');
      await this.log(s, ctx, `named ${name(body.chair_user_id)} chair and ${name(body.secretary_user_id)} secretary`);
      pending.push(this.events.meetingChanged(req.orgId, ctx.meeting.id, 'members', { byUserId: req.actor.userId }));
    });
  }

  start(req: RequestOf<typeof StartMeeting>): Promise<MeetingDetails> {
    return this.run(req, MeetingStatus.Live, req.body.reason ?? null);
  }

  end(req: RequestOf<typeof EndMeeting>): Promise<MeetingDetails> {
    return this.run(req, MeetingStatus.Archived, req.body.reason ?? null);
  }

  rollCall(req: RequestOf<typeof MarkRollCall>): Promise<MeetingDetails> {
    const { body } = req;
    return this.command(req, async (s, ctx, pending) => {
      assertOpen(ctx);
      assertCan(this.who(ctx).keepsRoll);
      if (ctx.meeting.statusId !== MeetingStatus.Live) throw AppError.validation({ status: MM.rollCallLive });
      const row = ctx.members.find((m) => m.userId === body.user_id);
      if (!row) throw AppError.validation({ user_id: MM.proxyNotMember });
      await this.memberRows.updateMember(s, row.id, { rollCall: body.status, rollCallAt: ctx.now, rollCallBy: req.actor.userId });
      // the quorum with this mark: when it was reached is kept while it holds, set when first met, cleared when lost
      const users = ctx.members.filter((m) => m.userId !== null).map((m) => ({ id: m.id, mark: (m.id === row.id ? body.status : m.rollCall) as RollCallMark | null }));
      const met = rollCallQuorum(users, ctx.proxies, ctx.committee?.quorum ?? DEFAULT_QUORUM).met;
      const reachedAt = nextReachedAt(ctx.meeting.quorumReachedAt, met, ctx.now);
      if (reachedAt?.getTime() !== ctx.meeting.quorumReachedAt?.getTime()) await this.meetingRows.update(s, ctx.meeting.id, { quorumReachedAt: reachedAt });
      await this.log(s, ctx, `marked ${ctx.people.get(body.user_id)?.name ?? 'a member'} ${body.status}`);
      pending.push(this.events.meetingChanged(req.orgId, ctx.meeting.id, 'members', { byUserId: req.actor.userId }));
    });
  }

  /**
   * Publish the agenda (docs/meeting.md#publishing-the-agenda): the agenda as it stands now goes to the members by
   * e-mail (AgendaPublished, in the outbox with the change); the meeting keeps when and how many times (above 1: an update)
   */
  publishAgenda(req: RequestOf<typeof PublishAgenda>): Promise<MeetingDetails> {
    return this.command(req, async (s, ctx, pending) => {
      assertOpen(ctx);
      assertCan(this.who(ctx).chairs);
      if (!ctx.facts.committeeActive) throw new AppError('MEETING_COMMITTEE_INACTIVE');
      const m = ctx.meeting;
      if (!canPublishAgendaIn(m.statusId)) throw new AppError('MEETING_STATUS_NOT_ALLOWED', { details: { reason: 'not_scheduled' } });
      const items = publishedItems((await this.view.detailsIn(s, ctx)).agendas);
      if (!items.length) throw AppError.validation({ agenda: MM.agendaEmpty });
      const edition = m.agendaEdition + 1;
      await this.meetingRows.update(s, m.id, { agendaPublishedAt: ctx.now, agendaEdition: edition });
      await this.log(s, ctx, edition > 1 ? 'published an update of the agenda' : 'published the agenda');
      pending.push(this.events.meetingChanged(req.orgId, m.id, 'meeting', { byUserId: req.actor.userId }));
      const members = ctx.members.filter((x) => x.userId);
      const to = members.some((x) => x.userId === m.ownerId) ? members : [...members, { userId: m.ownerId, userEmail: null }];
      const by = actorInfo(req.actor, ctx.me);
      pending.push(this.events.agendaPublished(ctx.org, m, by, { edition, note: req.body.note || null, items }, ctx.people, to, { exceptUserId: req.actor.userId }));
      // invited guests whose link works get it too, through their own link (made again from the row), and only what
      // their page shows: nothing of the agenda nor the place before they accept a required NDA
      for (const g of guestsWithLiveLink(ctx.members, m.statusId, ctx.now, this.config.GUEST_LINK_DAYS)) {
        const token = this.guestTokens.recover(g);
        if (!token) continue;
        const ndaPending = ctx.org.modules.nda === 1 && !g.ndaAcceptedAt;
        const seen = ndaPending ? { ...m, location: null, virtual: false } : m;
        pending.push(this.events.agendaPublishedToGuest(ctx.org, seen, by, { edition, note: ndaPending ? null : req.body.note || null, items: guestAgendaItems(items, ndaPending) }, { userId: null, userEmail: g.userEmail, name: g.guestName, guestLang: g.guestLang }, token, req.lang));
      }
    });
  }

  /** Start (-> Live) or End (-> Archived): the chair's right, then the spec's transition and its side effects */
  private run(req: RequestOf<typeof StartMeeting>, to: MeetingStatusId, reason: string | null): Promise<MeetingDetails> {
    return this.command(req, async (s, ctx, pending) => {
      assertOpen(ctx);
      assertCan(this.who(ctx).chairs);
      if (!ctx.facts.committeeActive) throw new AppError('MEETING_COMMITTEE_INACTIVE');
      const m = ctx.meeting;
      // Start is Scheduled -> Live only; End is Live -> Archived only (a Draft or Scheduled meeting is archived, not ended)
      const from = m.statusId as MeetingStatusId;
      const expected = to === MeetingStatus.Live ? MeetingStatus.Scheduled : MeetingStatus.Live;
      const verdict = checkTransition({ from, to, startAt: m.startAt, now: ctx.now, participantCount: ctx.facts.participantCount, agendaCount: ctx.facts.agendaCount });
      if (from !== expected || !verdict.ok) throw new AppError('MEETING_STATUS_NOT_ALLOWED', { details: { reason: verdict.ok ? 'not_allowed' : verdict.reason } });
      await this.statusChange.apply(s, pending, ctx, req, to, reason, to === MeetingStatus.Live ? { startedAt: ctx.now } : { endedAt: ctx.now });
    });
  }

  private who(ctx: MeetingCtx) {
    return chairWho({
      level: ctx.perms.level, isGuest: ctx.perms.isGuest, role: (ctx.me?.meetingRole as 'chair' | 'secretary' | null) ?? null,
      statusId: ctx.meeting.statusId, committeeActive: ctx.facts.committeeActive,
    });
  }

  private async command(req: Req, fn: (s: Scope, ctx: MeetingCtx, pending: PendingEvent[]) => Promise<void>): Promise<MeetingDetails> {
    await this.publisher.inTx(this.db, req.orgId, async (s, pending) => {
      const ctx = await this.access.load(s, req.actor, req.meetingId, { variant: req.variant, lock: true });
      await fn(s, ctx, pending);
    });
    return this.view.details(req.orgId, req.actor, req.meetingId, req.variant);
  }

  private log(s: Scope, ctx: MeetingCtx, activity: string) {
    return this.comments.log(s, { meetingId: ctx.meeting.id, userId: ctx.actor.userId, userName: ctx.actorName, activity: `${ctx.actorName ?? 'Someone'} ${activity}` });
  }
}
