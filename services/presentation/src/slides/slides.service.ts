import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { AppError, FetchFile, RenderSlides, SYSTEM_ACTOR, documentsOf, type GetPresentation, type PresentationPayload, type RequestOf } from '@app/contracts';
import { Bus, CONFIG, Jobs, Storage } from '@app/platform';
import { MeetingAccess } from '../common/meetings';
import { PresentationDb } from '../common/presentation-db';
import type { PresentationConfig } from '../config';
import { slideKeys, slidePrefix } from './render';
import { SlidesRepository } from './slides.repository';

const URL_SECONDS = 15 * 60;

/**
 * The S3 key behind a presigned URL of this deployment's bucket (path-style: /<bucket>/<key>). The library answers
 * URLs, not keys; the key names the version, so a new version gets new slides.
 */
export function keyOfUrl(url: string, bucket: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null; // not a URL: no slides (the caller answers failed)
  }
  const parts = u.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] === bucket) parts.shift();
  else if (!u.hostname.startsWith(`${bucket}.`)) return null;
  return parts.length ? parts.join('/') : null;
}

/**
 * The presentation call (docs/presentation.md#slides): access through the meeting service (the document must be on
 * the agenda of a meeting the actor may see), the PDF through the library, then the slide set of that version: ready (presigned URLs), or being made by
 * the RenderSlides job (status and progress), or failed (the PDF alone; asking again retries).
 */
@Injectable()
export class SlidesService {
  constructor(
    private readonly db: PresentationDb,
    private readonly repo: SlidesRepository,
    private readonly meetings: MeetingAccess,
    private readonly bus: Bus,
    private readonly jobs: Jobs,
    private readonly storage: Storage,
    @Inject(CONFIG) private readonly config: PresentationConfig,
  ) {}

  async get(req: RequestOf<typeof GetPresentation>): Promise<{ success: true; payload: PresentationPayload }> {
    const meeting = await this.meetings.load(req.orgId, req.actor, req.meetingId);
    if (!documentsOf(meeting).has(req.documentId)) throw new AppError('NOT_FOUND');
    // the meeting lets its participants (and guests) see the documents on its agenda, as its own payloads do: the
    // library is asked as the system once the meeting service has said the actor may see this meeting
    const file = await this.bus.request(FetchFile, { orgId: req.orgId, actor: SYSTEM_ACTOR, itemId: req.documentId, meetingId: req.meetingId });
    if (!file.file_url) throw AppError.validation({ document: [file.message ?? 'This document has no PDF to present yet'] });
    const source = keyOfUrl(file.file_url, this.config.S3_BUCKET);
    const empty = (status: PresentationPayload['status'], progress = 0): PresentationPayload => ({ pdf: file.file_url!, slides: [], thumbs: [], status, progress, pages: 0 });
    if (!source) return { success: true, payload: empty('failed') };
    const version = createHash('sha256').update(source).digest('hex').slice(0, 32);
    const prefix = slidePrefix(req.orgId, req.documentId, version);
    const { row, started } = await this.db.tenant(req.orgId, (s) => this.repo.claim(s, req.documentId, version, prefix));
    if (started) {
      await this.jobs.add(RenderSlides, { orgId: req.orgId, documentId: req.documentId, version, source }, { jobId: `slides-${req.orgId}-${req.documentId}-${version}-${row.attempt}` });
    }
    if (row.status !== 'ready') return { success: true, payload: empty(row.status as PresentationPayload['status'], row.progress) };
    const pages = Array.from({ length: row.pages }, (_, i) => slideKeys(row.s3Prefix, i + 1));
    const [slides, thumbs] = await Promise.all([
      Promise.all(pages.map((k) => this.storage.presignedGet(k.slide, URL_SECONDS))),
      Promise.all(pages.map((k) => this.storage.presignedGet(k.thumb, URL_SECONDS))),
    ]);
    return { success: true, payload: { pdf: file.file_url, slides, thumbs, status: 'ready', progress: 100, pages: row.pages } };
  }
}
