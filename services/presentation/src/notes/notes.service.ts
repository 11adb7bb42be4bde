import { Injectable } from '@nestjs/common';
import {
  AppError,
  documentsOf,
  type AddPresentationNote,
  type DeletePresentationNote,
  type ListPresentationNotes,
  type PresentationNote,
  type RequestOf,
  serverDate,
} from '@app/contracts';
import { MeetingAccess } from '../common/meetings';
import { PresentationDb } from '../common/presentation-db';
import { NotesRepository, type NoteRow } from './notes.repository';


/** a note as answered; its date in the organization's zone (the meeting details carry it) */
export function toNote(row: NoteRow, userId: number, timeZone: string): PresentationNote {
  return {
    id: row.id,
    annotation: row.annotation,
    created_at: serverDate(row.createdAt, timeZone)!,
    slide_id: row.slideId,
    is_private: row.isPrivate ? 1 : 0,
    user: { name: row.userName, image: row.userImage },
    type: row.type,
    mine: row.userId === userId,
  };
}

/**
 * Notes per slide (docs/product/presentation.md#notes): signed-in people who may see the meeting keep notes on
 * its documents; guests keep none. Private notes are seen by their author only.
 */
@Injectable()
export class NotesService {
  constructor(
    private readonly db: PresentationDb,
    private readonly repo: NotesRepository,
    private readonly meetings: MeetingAccess,
  ) {}

  private userOf(actor: RequestOf<typeof ListPresentationNotes>['actor']): number {
    if (actor.kind !== 'user' || actor.userId == null) throw new AppError('FORBIDDEN');
    return actor.userId;
  }

  /** the meeting is visible to the actor and the document is one of its files */
  private async checkDocument(orgId: string, actor: RequestOf<typeof ListPresentationNotes>['actor'], meetingId: number, documentId: number) {
    const meeting = await this.meetings.load(orgId, actor, meetingId);
    if (!documentsOf(meeting).has(documentId)) throw new AppError('NOT_FOUND');
    return meeting.time_zone;
  }

  async list(req: RequestOf<typeof ListPresentationNotes>): Promise<{ items: PresentationNote[] }> {
    const userId = this.userOf(req.actor);
    const zone = await this.checkDocument(req.orgId, req.actor, req.meetingId, req.documentId);
    const rows = await this.db.tenant(req.orgId, (s) => this.repo.list(s, req.meetingId, req.documentId, userId));
    return { items: rows.map((r) => toNote(r, userId, zone)) };
  }

  async add(req: RequestOf<typeof AddPresentationNote>): Promise<PresentationNote> {
    const userId = this.userOf(req.actor);
    const b = req.body;
    if (b.user_id !== undefined && b.user_id !== userId) throw AppError.validation({ user_id: ['A note is always written by the signed-in user'] });
    const zone = await this.checkDocument(req.orgId, req.actor, b.meeting_id, b.id);
    const row = await this.db.tenant(req.orgId, (s) =>
      this.repo.add(s, {
        meetingId: b.meeting_id,
        documentId: b.id,
        slideId: b.slide_id,
        userId,
        userName: req.actor.name,
        userImage: null,
        annotation: b.annotation,
        isPrivate: b.is_private === 1,
        type: b.type,
      }),
    );
    return toNote(row, userId, zone);
  }

  async remove(req: RequestOf<typeof DeletePresentationNote>): Promise<{ ok: true }> {
    const userId = this.userOf(req.actor);
    await this.db.tenant(req.orgId, async (s) => {
      const row = await this.repo.find(s, req.noteId);
      if (!row || (row.isPrivate && row.userId !== userId)) throw new AppError('NOT_FOUND');
      if (row.userId !== userId) throw new AppError('FORBIDDEN');
      await this.repo.remove(s, req.noteId);
    });
    return { ok: true };
  }
}
