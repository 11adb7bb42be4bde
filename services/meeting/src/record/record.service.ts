import { Injectable } from '@nestjs/common';
import { AppError, MM, type DeclareConflict, type MeetingDetails, type RequestOf, type SetMotion, type WithdrawConflict } from '@app/contracts';
import { MeetingDb, type Scope } from '../db/db';
import { MeetingAccess, assertCan, assertOpen, type MeetingCtx } from '../common/meeting-access';
import { MeetingPublisher, type PendingEvent } from '../common/publisher';
import { MeetingEvents } from '../events/meeting-events';
import { AgendaRepository } from '../repositories/agenda.repository';
import { CommentsRepository } from '../repositories/comments.repository';
import { ConflictsRepository } from '../repositories/conflicts.repository';
import { DecisionsRepository } from '../repositories/decisions.repository';
import { canDeclareConflict, canSetMotion, motionRefusal, type RecordFacts } from '../rules/record';
import { MeetingView } from '../view/meeting-view';

type Req = { orgId: string; actor: RequestOf<typeof SetMotion>['actor']; meetingId: number; variant?: RequestOf<typeof SetMotion>['variant'] };

/**
 * The record of a board (issue 27, docs/meeting.md#the-record-of-a-board): a member declares or withdraws their own
 * conflict of interest on an agenda item; the owner, a committee admin or the chair records who moved and who
 * seconded a decision. Each command runs under the meeting's row lock, logs, publishes a live change and answers the
 * meeting's details. Resolution numbers are given where decisions are created (DecisionsRepository.insert).
 */
@Injectable()
export class RecordService {
  constructor(
    private readonly db: MeetingDb,
    private readonly access: MeetingAccess,
    private readonly view: MeetingView,
    private readonly agenda: AgendaRepository,
    private readonly conflicts: ConflictsRepository,
    private readonly decisions: DecisionsRepository,
    private readonly comments: CommentsRepository,
    private readonly publisher: MeetingPublisher,
    private readonly events: MeetingEvents,
  ) {}

  declare(req: RequestOf<typeof DeclareConflict>): Promise<MeetingDetails> {
    return this.command(req, async (s, ctx, pending) => {
      const tp = await this.item(s, ctx, req.talkingPointId);
      assertOpen(ctx);
      if (!ctx.me?.userId || ctx.actor.kind !== 'user') throw AppError.validation({ talkingpoint: MM.conflictNotMember });
      assertCan(canDeclareConflict(this.facts(ctx)));
      await this.conflicts.declare(s, { meetingId: ctx.meeting.id, talkingPointId: tp.id, userId: ctx.me.userId, note: req.body.note?.trim() || null });
      await this.log(s, ctx, `declared a conflict of interest on "${tp.title}"`);
      pending.push(this.events.meetingChanged(req.orgId, ctx.meeting.id, 'agenda', { byUserId: req.actor.userId }));
    });
  }

  withdraw(req: RequestOf<typeof WithdrawConflict>): Promise<MeetingDetails> {
    return this.command(req, async (s, ctx, pending) => {
      const tp = await this.item(s, ctx, req.talkingPointId);
      assertOpen(ctx);
      if (!ctx.me?.userId || ctx.actor.kind !== 'user') throw AppError.validation({ talkingpoint: MM.conflictNotMember });
      assertCan(canDeclareConflict(this.facts(ctx)));
      if (!(await this.conflicts.withdraw(s, tp.id, ctx.me.userId))) throw AppError.notFound('conflict');
      await this.log(s, ctx, `withdrew their conflict of interest on "${tp.title}"`);
      pending.push(this.events.meetingChanged(req.orgId, ctx.meeting.id, 'agenda', { byUserId: req.actor.userId }));
    });
  }

  setMotion(req: RequestOf<typeof SetMotion>): Promise<MeetingDetails> {
    const { body } = req;
    return this.command(req, async (s, ctx, pending) => {
      const d = await this.decisions.get(s, req.decisionId, { lock: true });
      if (!d || d.meetingId !== ctx.meeting.id) throw AppError.notFound('decision');
      assertOpen(ctx);
      assertCan(canSetMotion(this.facts(ctx)));
      const userIds = new Set(ctx.members.flatMap((m) => (m.userId !== null ? [m.userId] : [])));
      const refusal = motionRefusal(body, userIds);
      if (refusal) throw AppError.validation({ [refusal.field]: refusal.reason === 'same' ? MM.moverNotSeconder : MM.proxyNotMember });
      await this.decisions.update(s, d.id, { moverUserId: body.mover_user_id, seconderUserId: body.seconder_user_id });
      const name = (id: number | null) => (id === null ? 'nobody' : ctx.people.get(id)?.name ?? 'a member');
      await this.log(s, ctx, `recorded ${name(body.mover_user_id)} moving and ${name(body.seconder_user_id)} seconding "${d.title}"`);
      pending.push(this.events.meetingChanged(req.orgId, ctx.meeting.id, 'decision', { decisionId: d.id, byUserId: req.actor.userId }));
    });
  }

  /** the talking point of this meeting (another meeting's, or none: 404) */
  private async item(s: Scope, ctx: MeetingCtx, talkingPointId: number) {
    const tp = await this.agenda.talkingPoint(s, talkingPointId);
    if (!tp || tp.meetingId !== ctx.meeting.id) throw AppError.notFound('talking point');
    return tp;
  }

  private facts(ctx: MeetingCtx): RecordFacts {
    return {
      level: ctx.perms.level, isGuest: ctx.perms.isGuest, isMemberUser: !!ctx.me?.userId,
      role: (ctx.me?.meetingRole as RecordFacts['role']) ?? null, statusId: ctx.meeting.statusId,
    };
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
