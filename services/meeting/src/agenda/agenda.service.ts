import { Injectable } from '@nestjs/common';
import {
  AppError, type Actor, type AttachmentKind, type RequestOf, type TalkingPointBody,
  type GetTalkingPoint, type CreateTalkingPoint, type UpdateTalkingPoint, type DeleteTalkingPoint, type DeleteSubpoint, type AddAttachment, type RemoveAttachment,
} from '@app/contracts';
import { MeetingDb, type Scope } from '../db/db';
import type { AttachmentRow } from '../db/schema';
import { Directory } from '../common/directory';
import { personKey } from '../rules/person';
import { resolutionRights } from '../rules/resolution-rights';
import { CommentsRepository } from '../repositories/comments.repository';
import { DecisionsRepository } from '../repositories/decisions.repository';
import { ActionsRepository } from '../repositories/actions.repository';
import { isActionLocked } from '../rules/action-state';
import { MeetingAccess, assertCan, assertOpen, type MeetingCtx } from '../common/meeting-access';
import { MeetingsRepository } from '../repositories/meetings.repository';
import { MeetingView } from '../view/meeting-view';
import { AgendaRepository, type AttachmentOwner } from '../repositories/agenda.repository';
import { defaultItemDuration, itemDurationError } from '../rules/durations';

/** Talking points with their sub-points, viewers, presenters and attachments; attachments of every item. */
import { Attachments } from '../common/attachments';
import { LibraryFiles } from '../common/library-files';
import { attachment } from '../view/payloads';
import { MeetingPublisher, type PendingEvent } from '../common/publisher';
import { MeetingEvents } from '../events/meeting-events';
/** what an open meeting page reloads when an item's files change */
const LIVE_KIND = { talkingpoints: 'agenda', subpoints: 'agenda', decisions: 'decision', actions: 'action' } as const;

/** an item that carries attachments: its meeting (none for a standalone resolution), title and lock */
interface ItemOf {
  meetingId: number | null;
  meeting: { id: number; title: string } | null;
  title: string;
  owner: AttachmentOwner;
  lockedReason: 'DECISION_VOTING_CLOSED' | 'ACTION_LOCKED' | null;
  committeeId?: number;
  createdBy?: number | null;
}

@Injectable()
export class AgendaService {
  constructor(
    private readonly db: MeetingDb,
    private readonly access: MeetingAccess,
    private readonly view: MeetingView,
    private readonly meetings: MeetingsRepository,
    private readonly agenda: AgendaRepository,
    private readonly decisions: DecisionsRepository,
    private readonly actions: ActionsRepository,
    private readonly comments: CommentsRepository,
    private readonly directory: Directory,
    private readonly attachments: Attachments,
    private readonly publisher: MeetingPublisher,
    private readonly events: MeetingEvents,
    private readonly libraryFiles: LibraryFiles,
  ) {}

  /** open pages of the meeting hear of an agenda change (docs/meeting.md#live-updates) */
  private changed(pending: PendingEvent[], orgId: string, meetingId: number | null, actor: Actor, kind: 'agenda' | 'action' | 'decision' = 'agenda') {
    if (meetingId) pending.push(this.events.meetingChanged(orgId, meetingId, kind, { byUserId: actor.userId }));
  }

  /** the spec's validations that need the meeting: durations and people who are participants */
  private validate(ctx: MeetingCtx, body: TalkingPointBody) {
    const fields: Record<string, string> = {};
    const md = ctx.meeting.duration;
    const e = itemDurationError(body.duration, md);
    if (e) fields.duration = e;
    const keys = new Set(ctx.members.map((m) => personKey(m)));
    const outside = (list: Array<{ user_id: number | null; user_email: string | null }>) => list.some((p) => !keys.has(personKey({ userId: p.user_id, userEmail: p.user_email })));
    if (outside(body.viewers)) fields.viewers = 'Choose a person who is a participant of this meeting.';
    if (outside(body.presenters)) fields.presenters = 'Choose a person who is a participant of this meeting.';
    body.subpoints.forEach((s, i) => {
      const se = itemDurationError(s.duration, md);
      if (se) fields[`subpoints.${i}.duration`] = se;
      if (outside([s.presenter])) fields[`subpoints.${i}.presenter`] = 'Choose a person who is a participant of this meeting.';
      if (outside(s.subpoint_viewers)) fields[`subpoints.${i}.subpoint_viewers`] = 'Choose a person who is a participant of this meeting.';
    });
    if (Object.keys(fields).length) throw AppError.validation(fields);
  }

  private p = (list: Array<{ user_id: number | null; user_email: string | null }>) => list.map((x) => ({ userId: x.user_id, userEmail: x.user_email }));

  private async writeSubpoints(s: Scope, ctx: MeetingCtx, tpId: number, body: TalkingPointBody, existingIds: number[]) {
    const keep = new Set<number>();
    for (let i = 0; i < body.subpoints.length; i++) {
      const sp = body.subpoints[i];
      const sid = sp.subpoint_id ?? sp.sub_id;
      const values = { title: sp.title, description: sp.description ?? null, duration: sp.duration ?? 0, rowNum: i + 1 };
      let id: number;
      if (sid && existingIds.includes(sid)) {
        await this.agenda.updateSubpoint(s, sid, values);
        id = sid;
      } else {
        id = (await this.agenda.insertSubpoint(s, { ...values, meetingId: ctx.meeting.id, talkingPointId: tpId })).id;
      }
      keep.add(id);
      await this.agenda.setPeople(s, { subpointId: id }, 'presenter', this.p([sp.presenter]));
      await this.agenda.setPeople(s, { subpointId: id }, 'viewer', this.p(sp.subpoint_viewers));
      await this.attachments.set(s, ctx.actor, { subpointId: id }, sp.attachments, { title: sp.title, meeting: ctx.meeting });
    }
    const dropped = existingIds.filter((x) => !keep.has(x));
    await this.agenda.deleteSubpoints(s, dropped);
    await this.attachments.released(s, ctx.actor, dropped.map((subpointId) => ({ subpointId })));
  }

  get(req: RequestOf<typeof GetTalkingPoint>) {
    return this.db.tenant(req.orgId, async (s) => {
      const ctx = await this.access.load(s, req.actor, req.meetingId, { variant: req.variant });
      const tp = await this.agenda.talkingPoint(s, req.talkingPointId);
      if (!tp || tp.meetingId !== req.meetingId) throw AppError.notFound('talking point');
      return this.view.talkingPointIn(s, ctx, tp.id);
    });
  }

  create(req: RequestOf<typeof CreateTalkingPoint>) {
    const { orgId, actor, body } = req;
    return this.publisher.inTx(this.db, orgId, async (s, pending) => {
      this.changed(pending, orgId, req.meetingId, actor);
      const ctx = await this.access.load(s, actor, req.meetingId, { variant: req.variant, lock: true });
      assertOpen(ctx);
      assertCan(ctx.perms.createItems);
      this.validate(ctx, body);
      const tp = await this.agenda.insertTalkingPoint(s, {
        meetingId: ctx.meeting.id, title: body.title, description: body.description ?? null, duration: body.duration ?? defaultItemDuration(ctx.meeting.duration),
        rowNum: await this.meetings.nextRowNum(s, ctx.meeting.id), createdBy: actor.userId,
      });
      await this.agenda.setPeople(s, { talkingPointId: tp.id }, 'viewer', this.p(body.viewers));
      await this.agenda.setPeople(s, { talkingPointId: tp.id }, 'presenter', this.p(body.presenters));
      await this.attachments.set(s, actor, { talkingPointId: tp.id }, body.attachments, { title: tp.title, meeting: ctx.meeting });
      await this.writeSubpoints(s, ctx, tp.id, body, []);
      await this.comments.log(s, { meetingId: ctx.meeting.id, userId: actor.userId, userName: ctx.actorName, activity: `${ctx.actorName ?? 'Someone'} added the talking point "${tp.title}"` });
      return this.view.talkingPointIn(s, ctx, tp.id);
    });
  }

  private async editable(s: Scope, actor: Actor, meetingId: number, tpId: number, variant: RequestOf<typeof GetTalkingPoint>['variant']) {
    const ctx = await this.access.load(s, actor, meetingId, { variant, lock: true });
    const tp = await this.agenda.talkingPoint(s, tpId, { lock: true });
    if (!tp || tp.meetingId !== meetingId) throw AppError.notFound('talking point');
    assertOpen(ctx);
    // editing or deleting agenda items needs both edit-rights flags (docs/product/meetings.md#permissions)
    assertCan(ctx.perms.userCanEdit && ctx.perms.editButtons);
    return { ctx, tp };
  }

  update(req: RequestOf<typeof UpdateTalkingPoint>) {
    const { orgId, actor, body } = req;
    return this.publisher.inTx(this.db, orgId, async (s, pending) => {
      this.changed(pending, orgId, req.meetingId, actor);
      const { ctx, tp } = await this.editable(s, actor, req.meetingId, req.talkingPointId, req.variant);
      this.validate(ctx, body);
      await this.agenda.updateTalkingPoint(s, tp.id, { title: body.title, description: body.description ?? null, duration: body.duration ?? tp.duration });
      await this.agenda.setPeople(s, { talkingPointId: tp.id }, 'viewer', this.p(body.viewers));
      await this.agenda.setPeople(s, { talkingPointId: tp.id }, 'presenter', this.p(body.presenters));
      await this.attachments.set(s, actor, { talkingPointId: tp.id }, body.attachments, { title: body.title, meeting: ctx.meeting });
      const existing = (await this.agenda.subpointsOf(s, tp.id)).map((s) => s.id);
      await this.writeSubpoints(s, ctx, tp.id, body, existing);
      await this.comments.log(s, { meetingId: ctx.meeting.id, userId: actor.userId, userName: ctx.actorName, activity: `${ctx.actorName ?? 'Someone'} updated the talking point "${body.title}"` });
      return this.view.talkingPointIn(s, ctx, tp.id);
    });
  }

  remove(req: RequestOf<typeof DeleteTalkingPoint>) {
    const { orgId, actor } = req;
    return this.publisher.inTx(this.db, orgId, async (s, pending) => {
      this.changed(pending, orgId, req.meetingId, actor);
      const { ctx, tp } = await this.editable(s, actor, req.meetingId, req.talkingPointId, req.variant);
      const subpoints = (await this.agenda.subpointsOf(s, tp.id)).map((x) => ({ subpointId: x.id }));
      await this.agenda.deleteTalkingPoint(s, tp.id);
      await this.attachments.released(s, actor, [{ talkingPointId: tp.id }, ...subpoints]);
      await this.comments.log(s, { meetingId: ctx.meeting.id, userId: actor.userId, userName: ctx.actorName, activity: `${ctx.actorName ?? 'Someone'} deleted the talking point "${tp.title}"` });
      return { ok: true as const, message: 'Deleted successfully' };
    });
  }

  removeSubpoint(req: RequestOf<typeof DeleteSubpoint>) {
    const { orgId, actor } = req;
    return this.publisher.inTx(this.db, orgId, async (s, pending) => {
      this.changed(pending, orgId, req.meetingId, actor);
      const { ctx, tp } = await this.editable(s, actor, req.meetingId, req.talkingPointId, req.variant);
      const sp = await this.agenda.subpoint(s, req.subpointId);
      if (!sp || sp.talkingPointId !== tp.id) throw AppError.notFound('sub-point');
      await this.agenda.deleteSubpoints(s, [sp.id]);
      await this.attachments.released(s, actor, [{ subpointId: sp.id }]);
      await this.comments.log(s, { meetingId: ctx.meeting.id, userId: actor.userId, userName: ctx.actorName, activity: `${ctx.actorName ?? 'Someone'} deleted the sub-point "${sp.title}"` });
      return this.view.talkingPointIn(s, ctx, tp.id);
    });
  }

  // ---------- attachments ----------

  /** the meeting an item belongs to and the owner key of its attachments */
  private async itemOf(s: Scope, kind: AttachmentKind, itemId: number): Promise<ItemOf> {
    const found = await this.findItem(s, kind, itemId);
    const m = found.meetingId ? await this.meetings.get(s, found.meetingId) : null;
    return { ...found, meeting: m ? { id: m.id, title: m.title } : null };
  }

  private async findItem(s: Scope, kind: AttachmentKind, itemId: number): Promise<Omit<ItemOf, 'meeting'>> {
    const now = new Date();
    if (kind === 'talkingpoints') {
      const tp = await this.agenda.talkingPoint(s, itemId);
      if (tp) return { meetingId: tp.meetingId, title: tp.title, owner: { talkingPointId: tp.id }, lockedReason: null };
    } else if (kind === 'subpoints') {
      const sp = await this.agenda.subpoint(s, itemId);
      if (sp) return { meetingId: sp.meetingId, title: sp.title, owner: { subpointId: sp.id }, lockedReason: null };
    } else if (kind === 'decisions') {
      const d = await this.decisions.get(s, itemId);
      if (d) return { meetingId: d.meetingId, title: d.title, owner: { decisionId: d.id }, lockedReason: d.deadline.getTime() <= now.getTime() ? 'DECISION_VOTING_CLOSED' : null, committeeId: d.committeeId, createdBy: d.createdBy };
    } else {
      const a = await this.actions.get(s, itemId);
      if (a) return { meetingId: a.meetingId, title: a.title, owner: { actionId: a.id }, lockedReason: isActionLocked(a.openTill, now) ? 'ACTION_LOCKED' : null };
    }
    throw AppError.notFound(kind);
  }

  private async assertAttach(s: Scope, actor: Actor, item: Awaited<ReturnType<AgendaService['itemOf']>>, variant: RequestOf<typeof AddAttachment>['variant']) {
    const { orgId } = s;
    if (item.meetingId) {
      const ctx = await this.access.load(s, actor, item.meetingId, { variant, lock: true });
      assertOpen(ctx);
      assertCan(ctx.perms.addAttachments);
    } else {
      // a standalone resolution: its creator, committee admins and organization admins
      const c = item.committeeId ? await this.directory.committee(orgId, item.committeeId) : null;
      assertCan(resolutionRights({ actor, committee: c, createdBy: item.createdBy ?? null, isVoter: false }).manage);
    }
    if (item.lockedReason) throw new AppError(item.lockedReason);
  }

  async addAttachment(req: RequestOf<typeof AddAttachment>) {
    const { orgId, actor } = req;
    const rows = await this.publisher.inTx(this.db, orgId, async (s, pending) => {
      const item = await this.itemOf(s, req.kind, req.itemId);
      this.changed(pending, orgId, item.meetingId, actor, LIVE_KIND[req.kind]);
      await this.assertAttach(s, actor, item, req.variant);
      await this.attachments.add(s, actor, item.owner, req.libraryId, { title: item.title, meeting: item.meeting });
      if (item.meetingId) await this.comments.log(s, { meetingId: item.meetingId, userId: actor.userId, userName: actor.name, activity: `${actor.name ?? 'Someone'} attached a file` });
      return this.agenda.attachmentsOfOwner(s, item.owner);
    });
    return this.withFiles(orgId, rows);
  }

  /** DELETE /{kind}/attachment/{library_id}: the item is found from the library id (or ?item_id= when the file is on several items) */
  async removeAttachment(req: RequestOf<typeof RemoveAttachment>) {
    const { orgId, actor } = req;
    const rows = await this.publisher.inTx(this.db, orgId, async (s, pending) => {
      const col = { talkingpoints: 'talkingPointId', subpoints: 'subpointId', decisions: 'decisionId', actions: 'actionId' } as const;
      const all = (await this.agenda.attachmentsByLibrary(s, req.libraryId)).filter((a) => a[col[req.kind]] !== null && (!req.itemId || a[col[req.kind]] === req.itemId));
      if (!all.length) throw AppError.notFound('attachment');
      const itemIds = [...new Set(all.map((a) => a[col[req.kind]] as number))];
      if (itemIds.length > 1) throw AppError.validation({ item_id: 'This field is required.' });
      const item = await this.itemOf(s, req.kind, itemIds[0]);
      this.changed(pending, orgId, item.meetingId, actor, LIVE_KIND[req.kind]);
      await this.assertAttach(s, actor, item, req.variant);
      const left = (await this.agenda.attachmentsOfOwner(s, item.owner)).map((a) => a.libraryId).filter((id) => id !== req.libraryId);
      await this.attachments.set(s, actor, item.owner, left, { title: item.title, meeting: item.meeting });
      if (item.meetingId) await this.comments.log(s, { meetingId: item.meetingId, userId: actor.userId, userName: actor.name, activity: `${actor.name ?? 'Someone'} removed an attachment` });
      return this.agenda.attachmentsOfOwner(s, item.owner);
    });
    return this.withFiles(orgId, rows);
  }

  /** the item's files with their names, sizes and fresh URLs, asked of the library after the transaction */
  private async withFiles(orgId: string, rows: AttachmentRow[]) {
    const files = await this.libraryFiles.resolve(orgId, rows.map((a) => a.libraryId));
    return { attachments: rows.map((a) => attachment(a, files)) };
  }
}
