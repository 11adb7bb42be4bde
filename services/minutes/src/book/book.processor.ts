import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { FetchFile, FileVersions, MergeBookJob, RegisterFile, SYSTEM_ACTOR, type Actor, type Lang, type PayloadOf } from '@app/contracts';
import { Bus, logger, ProcessJob, Storage, type JobContext } from '@app/platform';
import { Meetings } from '../common/meetings';
import { MinutesDb } from '../common/minutes-db';
import { MinutesFieldsGeneration } from '../common/fields-generation';
import { bookFrontHtml, bookWords } from '../pdf/book-html';
import { mergeDocuments } from '../pdf/merge';
import type { OutlineNode } from '../pdf/outline';
import { PdfRenderer } from '../pdf/pdf-renderer';
import { bookFingerprint, bookLayout, bookProgramme, bookSections } from '../rules/book';
import { BookRepository } from './book.repository';
import { BookChangesRepository } from './book-changes.repository';
import { BookSummaryService } from './book-summary.service';
import { bookFileName } from './book.service';

/**
 * MergeBook: the meeting's attachments in agenda order (their PDFs from the library: a PDF file, or the PDF made
 * from an office file; others are left out) loaded with pdf-lib; the cover and the agenda printed by Chromium with
 * each file's first page (measured once, then printed with the numbers); everything copied into one document with
 * bookmarks per section; into S3 and the library as a file of the meeting's owner, used in the meeting. Progress on
 * the book row: 5..60 files read, 70 front printed, 85 merged, 95 stored, 100 done. A retry finds a done book and
 * stops; the book's row is unique per agenda state, so one state makes one book.
 */
@Injectable()
export class MergeBookProcessor {
  constructor(
    private readonly db: MinutesDb,
    private readonly repo: BookRepository,
    private readonly changes: BookChangesRepository,
    private readonly meetings: Meetings,
    private readonly pdf: PdfRenderer,
    private readonly storage: Storage,
    private readonly bus: Bus,
    private readonly summaries: BookSummaryService,
    private readonly fieldsGeneration: MinutesFieldsGeneration,
  ) {}

  private progress(orgId: string, id: number, progress: number) {
    return this.db.tenant(orgId, (s) => this.repo.update(s, id, { status: 'merging', progress }));
  }

  /** a library file's PDF bytes (through its short-lived URL: bytes never cross NATS), or null when it has none */
  private async load(orgId: string, libraryId: number, meetingId: number): Promise<PDFDocument | null> {
    const f = await this.bus.request(FetchFile, { orgId, actor: SYSTEM_ACTOR, itemId: libraryId, meetingId });
    if (!f.file_url) return null;
    const res = await fetch(f.file_url);
    if (!res.ok) throw new Error(`attachment ${libraryId}: HTTP ${res.status}`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    try {
      return await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    } catch (err) {
      logger().warn({ err, libraryId }, 'an attachment is not a readable PDF: left out of the board book');
      return null;
    }
  }

  @ProcessJob(MergeBookJob)
  async merge(p: PayloadOf<typeof MergeBookJob>, ctx: JobContext): Promise<void> {
    const book = await this.db.tenant(p.orgId, (s) => this.repo.get(s, p.bookId));
    if (!book || book.status === 'done') return;
    try {
      await this.progress(p.orgId, book.id, 5);
      const meeting = await this.meetings.loadAsSystem(p.orgId, p.meetingId);
      const sections = bookSections(meeting);
      const programme = bookProgramme(meeting);
      // the publication: each item's files at their current versions (the library's word; kept here for the fingerprint)
      const ids = [...new Set(sections.flatMap((x) => x.files.map((f) => f.library_id)))];
      const current = new Map((await this.bus.request(FileVersions, { orgId: p.orgId, actor: SYSTEM_ACTOR, ids })).files.map((f) => [f.id, f.version]));
      const published = sections.map((x) => ({ key: x.key, label: x.label, title: x.title, files: x.files.map((f) => ({ library_id: f.library_id, name: f.name, version: current.get(f.library_id) ?? 1 })) }));
      await this.db.tenant(p.orgId, async (s) => {
        for (const [id, v] of current) await this.changes.noteVersion(s, id, v);
      });
      // the book's own pages in the language of the meeting's minutes (docs/minutes.md#the-board-book)
      const lang: Lang = await this.db.tenant(p.orgId, (s) => this.repo.minutesLang(s, p.meetingId));
      if (bookFingerprint(meeting.title, sections, programme, current, lang) !== book.fingerprint) logger().info({ bookId: book.id }, 'the agenda changed since the book was asked for; merging what it is now');
      const total = sections.reduce((n, s) => n + s.files.length, 0);
      let read = 0;
      const loaded: { key: string; title: string; files: { library_id: number; name: string; doc: PDFDocument; pages: number }[] }[] = [];
      for (const s of sections) {
        const files: { library_id: number; name: string; doc: PDFDocument; pages: number }[] = [];
        for (const f of s.files) {
          const doc = await this.load(p.orgId, f.library_id, p.meetingId);
          if (doc) files.push({ library_id: f.library_id, name: f.name, doc, pages: doc.getPageCount() });
          read += 1;
          await this.progress(p.orgId, book.id, 5 + Math.floor((read / Math.max(1, total)) * 55));
        }
        if (files.length) loaded.push({ key: s.key, title: s.title, files });
      }
      // the front, measured (agenda page count), then printed with the real page numbers
      const measure = await PDFDocument.load(await this.pdf.pdf(bookFrontHtml(meeting, loaded.map((s) => ({ title: s.title, files: s.files.map((f) => ({ name: f.name, start: null })) })), lang, programme)));
      let frontPages = measure.getPageCount();
      let layout = bookLayout(1, frontPages - 1, loaded);
      let front = await PDFDocument.load(await this.pdf.pdf(bookFrontHtml(meeting, loaded.map((s, i) => ({ title: s.title, files: layout.entries.filter((e) => e.section === i).map((e) => ({ name: e.name, start: e.start })) })), lang, programme)));
      if (front.getPageCount() !== frontPages) {
        frontPages = front.getPageCount();
        layout = bookLayout(1, frontPages - 1, loaded);
        front = await PDFDocument.load(await this.pdf.pdf(bookFrontHtml(meeting, loaded.map((s, i) => ({ title: s.title, files: layout.entries.filter((e) => e.section === i).map((e) => ({ name: e.name, start: e.start })) })), lang, programme)));
      }
      await this.progress(p.orgId, book.id, 70);

      const W = bookWords(lang);
      const nodes: OutlineNode[] = [
        { title: meeting.title, page: 0 },
        { title: W.agenda, page: 1 },
        ...loaded.map((s, i) => {
          const mine = layout.entries.filter((e) => e.section === i);
          return { title: s.title, page: mine[0].start - 1, children: mine.map((e) => ({ title: e.name, page: e.start - 1 })) };
        }),
      ];
      const bytes = Buffer.from(await mergeDocuments(meeting.title, [front, ...loaded.flatMap((s) => s.files.map((f) => f.doc))], nodes));
      await this.progress(p.orgId, book.id, 85);

      const outlines = [{ name: meeting.title, start: 1, end: 1 }, { name: W.agenda, start: 2, end: frontPages }, ...layout.entries.map((e) => ({ name: e.name, start: e.start, end: e.end }))];
      const key = `${p.orgId}/library/book-${p.meetingId}-${book.id}-${randomUUID()}.pdf`;
      await this.storage.put(key, bytes, bytes.length, 'application/pdf');
      const owner: Actor = { kind: 'user', userId: meeting.owner_id, email: null, name: meeting.owner.name, roleId: null, isAdmin: false, permissions: [], guestToken: null };
      const item = await this.bus.request(RegisterFile, {
        orgId: p.orgId, actor: owner, key, size: bytes.length, mime: 'application/pdf', kind: 'pdf', extension: 'pdf', name: bookFileName(meeting.title), outlines,
        usage: { type: 'meeting', id: meeting.id, title: meeting.title, meeting_id: meeting.id, meeting_title: meeting.title },
      });
      await this.progress(p.orgId, book.id, 95);
      // the book's files with their pages in it: the summary's job starts once the book is done (docs/book-summary.md)
      const inBook = loaded.flatMap((s) => s.files);
      const sources = layout.entries.map((e, k) => ({
        section: e.section, title: loaded[e.section].title, library_id: inBook[k].library_id, name: e.name, start: e.start, end: e.end,
        version: current.get(inBook[k].library_id) ?? 1, key: loaded[e.section].key,
      }));
      // each published file's pages in the book: the source files' annotations are shown there (docs/annotations.md#the-board-book)
      const pages = new Map(sources.map((x) => [`${x.key}:${x.library_id}`, { start: x.start, end: x.end }]));
      const placed = published.map((i) => ({ ...i, files: i.files.map((f) => ({ ...f, ...pages.get(`${i.key}:${f.library_id}`) })) }));
      await this.db.command(p.orgId, async (s, after) => {
        await this.repo.update(s, book.id, { status: 'done', progress: 100, libraryId: item.id, s3Key: key, filesMerged: layout.entries.length, outlines, items: placed, error: null });
        await this.summaries.start(s, after, p.meetingId, book.id, sources);
      });
      await this.fieldsGeneration.changed(p.orgId, p.meetingId);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      logger().warn({ err: e, meetingId: p.meetingId, bookId: p.bookId, attempt: ctx.attempt }, 'the board book could not be made');
      const last = ctx.attempt >= ctx.attemptsAllowed;
      await this.db.tenant(p.orgId, (s) => this.repo.update(s, book.id, { status: last ? 'failed' : 'merging', error: message.slice(0, 500) }));
      throw e;
    }
  }
}
