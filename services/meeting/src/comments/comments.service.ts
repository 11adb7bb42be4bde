import { Injectable } from '@nestjs/common';
import {
  AppError, MM, type Actor, type Comment, type CommentKind, type MeetingItemRef, type RequestOf, type AddComment, type DeleteComment, type NotifyComment,
} from '@app/contracts';
import { MeetingDb, type Scope } from '../db/db';
import type { CommentRow } from '../db/schema';
import { Directory } from '../common/directory';
import { MeetingPublisher } from '../common/publisher';
import { MeetingEvents } from '../events/meeting-events';
import { actorInfo, actorKey } from '../common/actor';
import { personKey } from '../rules/person';
import { resolutionRights } from '../rules/resolution-rights';
import { AgendaRepository } from '../repositories/agenda.repository';
import { DecisionsRepository } from '../repositories/decisions.repository';
import { ActionsRepository } from '../repositories/actions.repository';
import { MeetingAccess, assertCan, assertOpen, type MeetingCtx } from '../common/meeting-access';
import { comment as commentPayload, type ViewCtx } from '../view/payloads';
import { CommentsRepository, type CommentTarget } from '../repositories/comments.repository';

/** Comments on talking points, sub-points, decisions and actions; notifying participants of one. */
@Injectable()
export class CommentsService {
  constructor(
    private readonly db: MeetingDb,
    private readonly access: MeetingAccess,
    private readonly comments: CommentsRepository,
    private readonly agenda: AgendaRepository,
    private readonly decisions: DecisionsRepository,
    private readonly actions: ActionsRepository,
    private readonly directory: Directory,
    private readonly publisher: MeetingPublisher,
    private readonly events: MeetingEvents,
  ) {}

  /** the item, its meeting (null for a standalone resolution) and its title */
  // `item`: the agenda item a link to the comment opens (a sub-point's is its talking point)
  private async target(s: Scope, kind: CommentKind, id: number): Promise<{ meetingId: number | null; target: CommentTarget; item: MeetingItemRef; title: string; committeeId?: number; createdBy?: number | null; secret?: boolean }> {
    if (kind === 'talkingpoints') {
      const x = await this.agenda.talkingPoint(s, id);
      if (x) return { meetingId: x.meetingId, target: { talkingPointId: x.id }, item: { kind: 'talking_point', id: x.id }, title: x.title };
    } else if (kind === 'subpoints') {
      const x = await this.agenda.subpoint(s, id);
      if (x) return { meetingId: x.meetingId, target: { subpointId: x.id }, item: { kind: 'talking_point', id: x.talkingPointId }, title: x.title };
    } else if (kind === 'decisions') {
      const x = await this.decisions.get(s, id);
      if (x) return { meetingId: x.meetingId, target: { decisionId: x.id }, item: { kind: 'decision', id: x.id }, title: x.title, committeeId: x.committeeId, createdBy: x.createdBy, secret: x.ballot === 'secret' };
    } else {
      const x = await this.actions.get(s, id);
      if (x) return { meetingId: x.meetingId, target: { actionId: x.id }, item: { kind: 'action', id: x.id }, title: x.title };
    }
    throw AppError.notFound(kind);
  }

  /** may the actor comment: through the meeting's flags, or (standalone) as a voter, creator or admin */
  private async context(s: Scope, actor: Actor, t: Awaited<ReturnType<CommentsService['target']>>, variant: RequestOf<typeof AddComment>['variant']): Promise<MeetingCtx | null> {
    const { orgId } = s;
    if (t.meetingId) {
      const ctx = await this.access.load(s, actor, t.meetingId, { variant });
      return ctx;
    }
    if (actor.kind !== 'user' || !actor.userId) throw new AppError('UNAUTHENTICATED');
    const c = t.committeeId ? await this.directory.committee(orgId, t.committeeId) : null;
    const voters = 'decisionId' in t.target ? await this.decisions.votersOf(s, [t.target.decisionId]) : [];
    const rights = resolutionRights({ actor, committee: c, createdBy: t.createdBy ?? null, isVoter: voters.some((v) => v.userId === actor.userId) });
    if (!rights.view) throw AppError.notFound('decision');
    return null;
  }

  /** a standalone resolution's comments changed: its viewers' resolutions pages hear of it (docs/meeting.md#live-updates) */
  private async resolutionCommented(s: Scope, t: Awaited<ReturnType<CommentsService['target']>>, actor: Actor) {
    const decisionId = 'decisionId' in t.target ? t.target.decisionId : 0;
    const c = t.committeeId ? await this.directory.committee(s.orgId, t.committeeId) : null;
    const voters = await this.decisions.votersOf(s, [decisionId]);
    const viewers = [...(c?.admin_ids ?? []), ...(c?.member_ids ?? []), t.createdBy ?? null, ...voters.map((v) => v.userId)];
    return this.events.resolutionChanged(s.orgId, { id: decisionId, committeeId: t.committeeId ?? 0 }, 'comment', viewers, { byUserId: actor.userId });
  }

  private view(orgId: string, ctx: MeetingCtx | null, actor: Actor, users: ViewCtx['users'], tz: string): ViewCtx {
    return {
      tz, now: new Date(), variant: ctx?.variant ?? 'default', actor, actorKey: ctx ? ctx.actorKey : actorKey(actor, null), users,
      membersByKey: new Map((ctx?.members ?? []).map((m) => [personKey(m), m])), committees: new Map(), meeting: ctx?.meeting ?? null, perms: ctx?.perms ?? null, isMember: !!ctx?.me,
    };
  }

  async add(req: RequestOf<typeof AddComment>): Promise<Comment> {
    const { orgId, actor, kind, itemId, body } = req;
    return this.publisher.inTx(this.db, orgId, async (s, pending) => {
      const t = await this.target(s, kind, itemId);
      const ctx = await this.context(s, actor, t, req.variant);
      if (ctx) {
        assertOpen(ctx);
        assertCan(ctx.perms.comment);
      }
      // comments are off on a secret ballot: a voter's words beside the vote could tell their choice (docs/ballots.md)
      if (t.secret) throw AppError.validation({ comment: MM.secretNoComments });
      const me = ctx?.me ?? null;
      const name = ctx?.actorName ?? actor.name;
      // the directory is asked before this command writes (and so locks) anything
      const org = ctx?.org ?? (await this.directory.organization(orgId));
      const authorId = actor.kind === 'user' ? actor.userId : null;
      const users = ctx?.people ?? (await this.directory.usersById(orgId, [authorId]));
      const row = await this.comments.insertComment(s, {
        meetingId: t.meetingId, ...t.target, userId: actor.kind === 'user' ? actor.userId : null,
        userEmail: actor.kind === 'guest' ? (me?.userEmail ?? null) : null, userName: name, comment: body.comment,
      });
      if (t.meetingId) await this.comments.log(s, { meetingId: t.meetingId, userId: actor.userId, userName: name, activity: `${name ?? 'Someone'} commented on "${t.title}"` });
      if (t.meetingId) pending.push(this.events.meetingChanged(orgId, t.meetingId, 'comment', { byUserId: actor.userId }));
      else if ('decisionId' in t.target) {
        await this.comments.log(s, { decisionId: t.target.decisionId, userId: actor.userId, userName: name, activity: `${name ?? 'Someone'} commented` });
        pending.push(await this.resolutionCommented(s, t, actor));
      }
      return commentPayload(row, this.view(orgId, ctx, actor, users, org.time_zone));
    });
  }

  /** the author, while the meeting is not archived (docs/product/meetings.md#permissions); statuses 4 and 5 lock everything */
  async remove(req: RequestOf<typeof DeleteComment>) {
    const { orgId, actor } = req;
    return this.publisher.inTx(this.db, orgId, async (s, pending) => {
      const c = await this.comments.comment(s, req.commentId);
      if (!c) throw actor.kind === 'guest' ? new AppError('UNAUTHENTICATED') : AppError.notFound('comment');
      const kind: CommentKind = c.talkingPointId ? 'talkingpoints' : c.subpointId ? 'subpoints' : c.decisionId ? 'decisions' : 'actions';
      const t = await this.target(s, kind, (c.talkingPointId ?? c.subpointId ?? c.decisionId ?? c.actionId)!);
      const ctx = await this.context(s, actor, t, req.variant);
      if (ctx) assertOpen(ctx);
      const key = ctx ? ctx.actorKey : actorKey(actor, null);
      assertCan(key !== null && key === personKey(c));
      await this.comments.deleteComment(s, c.id);
      if (t.meetingId) await this.comments.log(s, { meetingId: t.meetingId, userId: actor.userId, userName: ctx?.actorName ?? actor.name, activity: `${ctx?.actorName ?? actor.name ?? 'Someone'} deleted a comment on "${t.title}"` });
      else if ('decisionId' in t.target) pending.push(await this.resolutionCommented(s, t, actor));
      return { ok: true as const, message: 'Deleted successfully' };
    });
  }

  /** e-mail a comment to chosen participants (an event for the notification service) */
  async notify(req: RequestOf<typeof NotifyComment>) {
    const { orgId, actor, kind, itemId, body } = req;
    let count = 0;
    await this.publisher.inTx(this.db, orgId, async (s, pending) => {
      const t = await this.target(s, kind, itemId);
      const ctx = await this.context(s, actor, t, req.variant);
      const c: CommentRow | null = await this.comments.comment(s, req.commentId);
      const targetCol = Object.keys(t.target)[0] as keyof CommentTarget;
      if (!c || (c as unknown as Record<string, unknown>)[targetCol] !== (t.target as Record<string, number>)[targetCol]) throw AppError.notFound('comment');
      if (ctx) {
        assertOpen(ctx);
        assertCan(ctx.perms.comment);
      }
      const people = body.participants.map((p) => ({ userId: p.user_id, userEmail: p.user_email, name: null as string | null }));
      if (ctx) {
        const byKey = new Map(ctx.members.map((m) => [personKey(m), m]));
        for (const p of people) {
          const m = byKey.get(personKey(p));
          if (!m) throw AppError.validation({ participants: 'Choose a person who is a participant of this meeting.' });
          p.name = m.guestName;
        }
      } else if (people.some((p) => !p.userId)) {
        throw AppError.validation({ participants: 'Choose a person who is a participant of this meeting.' });
      }
      const org = ctx?.org ?? (await this.directory.organization(orgId));
      // this command writes nothing but its event, so no row is locked while the directory is asked
      const known = ctx?.people ?? (await this.directory.usersById(orgId, people.map((p) => p.userId)));
      const recipients = this.publisher.recipients(known, people, { exceptUserId: actor.userId, guestLang: req.lang });
      count = recipients.length;
      if (recipients.length) {
        pending.push(this.events.commentNotified(org, {
          meetingId: t.meetingId, meetingTitle: ctx?.meeting.title ?? null, itemKind: kind, itemId, itemTitle: t.title, commentId: c.id, comment: c.comment,
        }, t.item, actorInfo(actor, ctx?.me ?? null), recipients));
      }
    });
    return { notified: count };
  }
}
