import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { RegisterFile, RenderMinutes, serverDate, type Actor, type Lang, type MeetingDetails, type PayloadOf, type Variant } from '@app/contracts';
import { Bus, logger, ProcessJob, Storage, type JobContext } from '@app/platform';
import { BookRebuilds } from '../common/book-rebuilds';
import { Meetings } from '../common/meetings';
import { MinutesDb } from '../common/minutes-db';
import { MinutesFieldsGeneration } from '../common/fields-generation';
import { footerHtml, minutesHtml } from '../pdf/minutes-html';
import { PdfRenderer } from '../pdf/pdf-renderer';
import { minutesFileName } from '../rules/file-name';
import { MinutesRepository, type RenderRow, type VersionRow } from './minutes.repository';
import { MinutesService } from './minutes.service';
import { WorkflowService } from './workflow.service';

/**
 * RenderMinutes: the meeting (as the system sees it) and the stored conclusions and comments become HTML, Chromium
 * prints it, the PDF goes to S3 and the library registers it as a file of whoever pressed Done; then, in one
 * transaction, the next version is written and the render marked done. Progress is kept on the render row
 * (5 loaded, 30 laid out, 70 printed, 90 stored, 100 done; a render for an approval request that named its signers
 * waits at 95 for its approval, WorkflowService.approvalRendered). A retry after a crash finds the render: done already
 * means nothing more to do, and a version per render is unique, so a retried job makes exactly one version.
 */
@Injectable()
export class RenderMinutesProcessor {
  constructor(
    private readonly db: MinutesDb,
    private readonly repo: MinutesRepository,
    private readonly minutes: MinutesService,
    private readonly meetings: Meetings,
    private readonly pdf: PdfRenderer,
    private readonly storage: Storage,
    private readonly bus: Bus,
    private readonly fieldsGeneration: MinutesFieldsGeneration,
    private readonly workflow: WorkflowService,
    private readonly books: BookRebuilds,
  ) {}

  private progress(orgId: string, id: number, progress: number, status = 'rendering') {
    return this.db.tenant(orgId, (s) => this.repo.updateRender(s, id, { status, progress }));
  }

  @ProcessJob(RenderMinutes)
  async render(p: PayloadOf<typeof RenderMinutes>, ctx: JobContext): Promise<void> {
    const r = await this.db.tenant(p.orgId, (s) => this.repo.render(s, p.renderId));
    if (!r || r.status === 'done') return;
    try {
      await this.progress(p.orgId, r.id, 5);
      const meeting = await this.meetings.loadAsSystem(p.orgId, p.meetingId, r.variant as Variant);
      // a retry of an approval's render whose version is made already: only the approval is left to create
      const made = r.versionId ? await this.db.tenant(p.orgId, (s) => this.repo.versionById(s, r.versionId!)) : null;
      const version = made ?? (await this.make(p, r, meeting));
      if (!version) return;
      if (r.approval) await this.workflow.approvalRendered(p.orgId, p.meetingId, meeting.title, r, version);
      await this.fieldsGeneration.changed(p.orgId, p.meetingId);
      // a board book already asked for follows the minutes' language (docs/minutes.md#the-board-book)
      await this.books.soon(p.orgId, p.meetingId);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      logger().warn({ err: e, meetingId: p.meetingId, renderId: p.renderId, attempt: ctx.attempt }, 'the minutes PDF could not be made');
      const last = ctx.attempt >= ctx.attemptsAllowed;
      await this.db.tenant(p.orgId, (s) => this.repo.updateRender(s, r.id, { status: last ? 'failed' : 'rendering', error: message.slice(0, 500) }));
      if (last && r.approval) await this.workflow.approvalRenderFailed(p.orgId, p.meetingId, r);
      throw e;
    }
  }

  /**
   * HTML, PDF, S3, library, then the version and the render's end in one transaction; null when another run wrote
   * the version first. A render for an approval request prints the signers the owner named and stays at 95 until
   * its approval is created.
   */
  private async make(p: PayloadOf<typeof RenderMinutes>, r: RenderRow, meeting: MeetingDetails): Promise<VersionRow | null> {
    const { items, next } = await this.db.tenant(p.orgId, async (s) => ({
      items: await this.minutes.items(s, meeting),
      next: ((await this.repo.version(s, p.meetingId))?.version ?? 0) + 1,
    }));
    const lang = r.lang as Lang;
    const html = minutesHtml({ meeting, items, lang, version: next, generatedAt: serverDate(new Date(), meeting.time_zone)!, signers: r.approval?.signers });
    await this.progress(p.orgId, r.id, 30);
    const bytes = await this.pdf.pdf(html, { footer: footerHtml(lang) });
    await this.progress(p.orgId, r.id, 70);
    const key = `${p.orgId}/library/minutes-${p.meetingId}-${r.id}-${randomUUID()}.pdf`;
    await this.storage.put(key, bytes, bytes.length, 'application/pdf');
    const owner: Actor = { kind: 'user', userId: r.userId, email: null, name: r.userName, roleId: null, isAdmin: false, permissions: [], guestToken: null };
    const item = await this.bus.request(RegisterFile, {
      orgId: p.orgId, actor: owner, key, size: bytes.length, mime: 'application/pdf', kind: 'pdf', extension: 'pdf', name: minutesFileName(meeting.title),
      usage: { type: 'meeting', id: meeting.id, title: meeting.title, meeting_id: meeting.id, meeting_title: meeting.title },
    });
    await this.progress(p.orgId, r.id, 90);
    return this.db.tenant(p.orgId, async (s) => {
      await this.repo.lockMeeting(s, p.meetingId);
      const locked = await this.repo.render(s, r.id, { lock: true });
      if (!locked || locked.versionId) return null;
      const v = await this.repo.addVersion(s, p.meetingId, { libraryId: item.id, s3Key: key, source: 'rendered', lang, renderId: r.id, createdBy: r.userId });
      await this.repo.updateRender(s, r.id, r.approval ? { status: 'rendering', progress: 95, versionId: v.id, error: null } : { status: 'done', progress: 100, versionId: v.id, error: null });
      return v;
    });
  }
}
