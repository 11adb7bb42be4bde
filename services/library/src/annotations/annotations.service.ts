import { Injectable } from '@nestjs/common';
import {
  ANNOTATION_LIMITS, AnnotationChanged, AppError, GetUsers, LibraryMessages, serverDate,
  type Actor, type AnnotationVisibility, type RequestOf, type SharedAnnotation, type SharedAnnotationReply,
  type CreateAnnotation, type DeleteSharedAnnotation, type ListAnnotations, type ReplyAnnotation, type UpdateAnnotation,
} from '@app/contracts';
import { Bus, OrgZones, Outbox } from '@app/platform';
import { ItemAccess } from '../common/item-access';
import { LibraryDb, type Scope } from '../common/library-db';
import { AnnotationsRepository, type SharedAnnotationRow } from '../repositories/annotations.repository';
import { audienceOf, mayDeleteAnnotation, mayEditAnnotation, maySeeAnnotation, type Mark, type Reader } from '../rules/annotations';

type Ref = { orgId: string; actor: Actor; itemId: number; meetingId?: number };

/**
 * Shared annotations of a file (docs/annotations.md): the reader must see the file (ItemAccess, or its meeting
 * with ?meeting_id=), then rules/annotations decides each mark. Changes of shared marks are announced
 * (AnnotationChanged, through the outbox) for the open viewers of the file.
 */
@Injectable()
export class AnnotationsService {
  constructor(
    private readonly db: LibraryDb,
    private readonly repo: AnnotationsRepository,
    private readonly items: ItemAccess,
    private readonly zones: OrgZones,
    private readonly outbox: Outbox,
    private readonly bus: Bus,
  ) {}

  private reader(c: Ref): Reader & { userId: number } {
    if (c.actor.kind !== 'user' || !c.actor.userId) throw AppError.notFound('library item');
    return { userId: c.actor.userId, isAdmin: c.actor.isAdmin };
  }

  private async file(s: Scope, c: Ref) {
    return (await this.items.need(s, c, c.itemId, 'view', { folder: false, meetingId: c.meetingId })).item;
  }

  private async answer(rows: SharedAnnotationRow[], r: Reader, orgId: string): Promise<SharedAnnotation[]> {
    const zone = await this.zones.of(orgId);
    const one = (row: SharedAnnotationRow, parent: SharedAnnotationRow): SharedAnnotationReply => ({
      id: row.id,
      library_id: row.itemId,
      parent_id: row.parentId,
      page: row.page,
      kind: row.kind as SharedAnnotationReply['kind'],
      geometry: row.geometry ?? null,
      quote: row.quote,
      text: row.text,
      color: row.color,
      visibility: parent.visibility as AnnotationVisibility,
      people: parent.people,
      author: { id: row.authorId, name: row.authorName },
      version: row.version,
      orphaned: row.orphaned,
      presented_in: row.presentedIn,
      mine: row.authorId === r.userId,
      can_edit: mayEditAnnotation(row, r),
      // a reply goes with its annotation's visibility: the admin rule looks at the annotation's
      can_delete: mayEditAnnotation(row, r) || mayDeleteAnnotation({ ...parent, authorId: row.parentId ? -1 : parent.authorId }, r, true),
      created_at: serverDate(row.createdAt, zone)!,
      updated_at: serverDate(row.updatedAt, zone)!,
    });
    const tops = rows.filter((x) => x.parentId === null && maySeeAnnotation(x, r, true));
    return tops.map((t) => ({ ...one(t, t), replies: rows.filter((x) => x.parentId === t.id).map((x) => one(x, t)) }));
  }

  /** the annotation (not a reply) the reader may see, or 404 */
  private async visibleTop(s: Scope, c: Ref, r: Reader, id: number): Promise<SharedAnnotationRow> {
    const row = await this.repo.get(s, c.itemId, id, { lock: true });
    const top = row?.parentId ? await this.repo.get(s, c.itemId, row.parentId) : row;
    if (!row || !top || !maySeeAnnotation(top, r, true)) throw AppError.notFound('annotation');
    return row;
  }

  private async thread(s: Scope, c: Ref, r: Reader, id: number): Promise<SharedAnnotation> {
    const [t] = await this.answer(await this.repo.thread(s, c.itemId, id), r, c.orgId);
    if (!t) throw AppError.notFound('annotation');
    return t;
  }

  private announce(s: Scope, c: Ref, id: number, change: 'created' | 'updated' | 'deleted', before: Mark | null, after: Mark | null) {
    const audience = audienceOf(before, after);
    if (audience === null) return Promise.resolve();
    return this.outbox.add(s.tx, AnnotationChanged, { orgId: c.orgId, itemId: c.itemId, annotationId: id, change, byUserId: c.actor.userId, audience });
  }

  /** named people must be users of the organization (409 on people otherwise, nothing written) */
  private async checkPeople(c: Ref, people: number[] | undefined): Promise<void> {
    if (!people?.length) return;
    const found = (await this.bus.request(GetUsers, { orgId: c.orgId, ids: people })).users.filter((u) => u.status !== 'Deleted');
    if (people.some((p) => !found.some((u) => u.id === p))) throw AppError.validation({ people: LibraryMessages.unknownUser });
  }

  list(c: RequestOf<typeof ListAnnotations>): Promise<{ annotations: SharedAnnotation[] }> {
    const r = this.reader(c);
    return this.db.tenant(c.orgId, async (s) => {
      await this.file(s, c);
      return { annotations: await this.answer(await this.repo.list(s, c.itemId), r, c.orgId) };
    });
  }

  async create(c: RequestOf<typeof CreateAnnotation>): Promise<SharedAnnotation> {
    const r = this.reader(c);
    await this.checkPeople(c, c.body.people);
    return this.db.command(c.orgId, async (s) => {
      const item = await this.file(s, c);
      if ((await this.repo.count(s, item.id)) >= ANNOTATION_LIMITS.perFile) throw AppError.validation({ page: 'This file has too many annotations.' });
      const b = c.body;
      // a presenter's drawing is recorded with the meeting it was presented in (the room's ?meeting_id=)
      if (b.presented && c.meetingId === undefined) throw AppError.validation({ presented: LibraryMessages.presentedWithoutMeeting });
      const row = await this.repo.insert(s, {
        itemId: item.id, parentId: null, version: item.version, page: b.page, kind: b.kind, geometry: b.geometry, quote: b.kind === 'highlight' ? (b.quote ?? null) : null,
        text: b.text, color: b.color, visibility: b.visibility, people: b.people, authorId: r.userId, authorName: c.actor.name || c.actor.email || '',
        presentedIn: b.presented ? (c.meetingId ?? null) : null,
      });
      await this.announce(s, c, row.id, 'created', null, row);
      return this.thread(s, c, r, row.id);
    });
  }

  async update(c: RequestOf<typeof UpdateAnnotation>): Promise<SharedAnnotation> {
    const r = this.reader(c);
    await this.checkPeople(c, c.body.people);
    return this.db.command(c.orgId, async (s) => {
      await this.file(s, c);
      const row = await this.visibleTop(s, c, r, c.annotationId);
      if (!mayEditAnnotation(row, r)) throw AppError.forbidden('not the author');
      const b = c.body;
      // a reply has only its text; who sees it is its annotation's
      const sharing = row.parentId === null && b.visibility !== undefined ? { visibility: b.visibility, people: b.visibility === 'people' ? [...new Set(b.people ?? [])] : [] } : {};
      const after = await this.repo.update(s, row.id, { ...(b.text !== undefined ? { text: b.text } : {}), ...(b.color !== undefined && row.parentId === null ? { color: b.color } : {}), ...sharing });
      const top = row.parentId ? (await this.repo.get(s, c.itemId, row.parentId))! : null;
      await this.announce(s, c, top?.id ?? row.id, 'updated', top ?? row, top ?? after);
      return this.thread(s, c, r, top?.id ?? row.id);
    });
  }

  reply(c: RequestOf<typeof ReplyAnnotation>): Promise<SharedAnnotation> {
    const r = this.reader(c);
    return this.db.command(c.orgId, async (s) => {
      const item = await this.file(s, c);
      const top = await this.visibleTop(s, c, r, c.annotationId);
      if (top.parentId !== null) throw AppError.notFound('annotation');
      if ((await this.repo.count(s, item.id)) >= ANNOTATION_LIMITS.perFile) throw AppError.validation({ text: 'This file has too many annotations.' });
      await this.repo.insert(s, {
        itemId: item.id, parentId: top.id, version: top.version, page: top.page, kind: 'reply', geometry: null, quote: null, text: c.text, color: top.color,
        visibility: top.visibility, people: top.people, authorId: r.userId, authorName: c.actor.name || c.actor.email || '',
      });
      await this.announce(s, c, top.id, 'updated', top, top);
      return this.thread(s, c, r, top.id);
    });
  }

  remove(c: RequestOf<typeof DeleteSharedAnnotation>): Promise<{ ok: true }> {
    const r = this.reader(c);
    return this.db.command(c.orgId, async (s) => {
      await this.file(s, c);
      const row = await this.visibleTop(s, c, r, c.annotationId);
      const top = row.parentId ? (await this.repo.get(s, c.itemId, row.parentId))! : row;
      const allowed = mayEditAnnotation(row, r) || mayDeleteAnnotation({ ...top, authorId: row.parentId ? -1 : top.authorId }, r, true);
      if (!allowed) throw AppError.forbidden('not the author');
      await this.repo.remove(s, row.id);
      if (row.parentId) await this.announce(s, c, top.id, 'updated', top, top);
      else await this.announce(s, c, row.id, 'deleted', row, null);
      return { ok: true as const };
    });
  }
}
