import { Injectable } from '@nestjs/common';
import { and, asc, eq, or } from 'drizzle-orm';
import type { Scope } from '../common/presentation-db';
import { notes } from '../db/schema';

export type NoteRow = typeof notes.$inferSelect;
export type NewNote = Omit<typeof notes.$inferInsert, 'id' | 'orgId' | 'createdAt'>;

/** Slide notes; Scope first (orgId + RLS transaction). */
@Injectable()
export class NotesRepository {
  /** the caller's notes and everyone's public notes on one document of one meeting, by slide then time */
  list(s: Scope, meetingId: number, documentId: number, userId: number): Promise<NoteRow[]> {
    return s.tx
      .select()
      .from(notes)
      .where(
        and(
          eq(notes.orgId, s.orgId),
          eq(notes.meetingId, meetingId),
          eq(notes.documentId, documentId),
          or(eq(notes.userId, userId), eq(notes.isPrivate, false)),
        ),
      )
      .orderBy(asc(notes.slideId), asc(notes.createdAt), asc(notes.id));
  }

  async add(s: Scope, note: NewNote): Promise<NoteRow> {
    const [row] = await s.tx.insert(notes).values({ orgId: s.orgId, ...note }).returning();
    return row;
  }

  async find(s: Scope, id: number): Promise<NoteRow | null> {
    const [row] = await s.tx.select().from(notes).where(and(eq(notes.orgId, s.orgId), eq(notes.id, id)));
    return row ?? null;
  }

  async remove(s: Scope, id: number): Promise<void> {
    await s.tx.delete(notes).where(and(eq(notes.orgId, s.orgId), eq(notes.id, id)));
  }
}
