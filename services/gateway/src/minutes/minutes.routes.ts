import { Injectable } from '@nestjs/common';
import { Readable } from 'node:stream';
import { AppError, BookFile, DownloadUrl, MinutesFile, MinutesRoutes, ReportFile } from '@app/contracts';
import { Bus, Storage } from '@app/platform';
import { attachmentDisposition } from '../core/disposition';
import { FileAnswer, Implements, type RouteContext, type RouteResult } from '../core/routes';


/**
 * Minutes routes that compose: the PDF download. The minutes service checks the rights and says where the
 * version's bytes are (an S3 key it stored, or the library's short-lived URL); the gateway streams them with the
 * meeting's title as the file name. No bytes cross NATS.
 */
@Injectable()
export class MinutesGatewayRoutes {
  constructor(private readonly bus: Bus, private readonly storage: Storage) {}

  @Implements(MinutesRoutes.downloadMinutes)
  async download({ call, params, query }: RouteContext<typeof MinutesRoutes.downloadMinutes>): Promise<RouteResult<typeof MinutesRoutes.downloadMinutes>> {
    const f = await this.bus.request(MinutesFile, { ...call, meetingId: params.id, version: query.version });
    const headers = { 'Content-Type': 'application/pdf', 'Content-Disposition': attachmentDisposition(f.name), 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' };
    if (f.key) {
      const stat = await this.storage.stat(f.key);
      if (!stat) throw new AppError('MINUTES_NO_VERSION');
      return new FileAnswer(await this.storage.get(f.key), { ...headers, 'Content-Length': String(stat.size) });
    }
    const res = await fetch(f.url);
    if (!res.ok || !res.body) throw new AppError('UNAVAILABLE');
    const length = res.headers.get('content-length');
    return new FileAnswer(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), length ? { ...headers, 'Content-Length': length } : headers);
  }

  /**
   * the merged board book (the spec's `/downolad` path, spelling kept): the minutes service says whether the reader
   * sees its meeting, then the library applies the download policy (view only: 403; watermarked: the reader's copy)
   */
  @Implements(MinutesRoutes.downloadBook)
  async downloadBook({ call, params }: RouteContext<typeof MinutesRoutes.downloadBook>): Promise<RouteResult<typeof MinutesRoutes.downloadBook>> {
    const book = await this.bus.request(BookFile, { ...call, docId: params.docId });
    const copy = await this.bus.request(DownloadUrl, { orgId: call.orgId, actor: call.actor, itemId: params.docId, meetingId: book.meetingId });
    const f = { key: copy.key, name: book.name };
    const stat = await this.storage.stat(f.key);
    if (!stat) throw AppError.notFound('board book');
    return new FileAnswer(await this.storage.get(f.key), {
      'Content-Type': 'application/pdf', 'Content-Disposition': attachmentDisposition(f.name), 'Content-Length': String(stat.size), 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff',
    });
  }

  /** a finished resolution report of the caller, named after the resolution's title with underscores */
  @Implements(MinutesRoutes.downloadReport)
  async downloadReport({ call, params }: RouteContext<typeof MinutesRoutes.downloadReport>): Promise<RouteResult<typeof MinutesRoutes.downloadReport>> {
    const f = await this.bus.request(ReportFile, { ...call, reportId: params.id });
    const stat = await this.storage.stat(f.key);
    if (!stat) throw AppError.notFound('report');
    return new FileAnswer(await this.storage.get(f.key), {
      'Content-Type': 'application/pdf', 'Content-Disposition': attachmentDisposition(f.name), 'Content-Length': String(stat.size), 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff',
    });
  }
}
