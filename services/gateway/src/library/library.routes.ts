import { Injectable } from '@nestjs/common';
import { AddVersion, AppError, CheckEditable, CheckUploadTarget, DownloadUrl, ExportAnnotatedPdf, GetEmailAttachment, LibraryErrors, LibraryMessages, RegisterFile, Routes } from '@app/contracts';
import { Bus, Storage } from '@app/platform';
import { FileAnswer, Implements, Redirect, type RouteContext, type RouteResult } from '../core/routes';
import { Uploads } from '../core/uploads';
import type { StoredFile } from '../core/streamed-upload';
import { fileName } from './library-upload';
import { attachmentDisposition } from '../core/disposition';

const PUBLIC_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', pdf: 'application/pdf' };

/**
 * Library routes that compose: the bytes have streamed to S3 under the organization's prefix (never over NATS,
 * never whole in memory: core/streamed-upload.ts, which refuses a wrong kind before storing anything), then the
 * library service checks the target and registers the key; when it refuses, the object is removed again, so a
 * failed upload leaves neither an object nor a row.
 */
@Injectable()
export class LibraryGatewayRoutes {
  constructor(private readonly bus: Bus, private readonly storage: Storage, private readonly uploads: Uploads) {}

  @Implements(Routes.uploadLibraryFile)
  async upload({ call, body, stored }: RouteContext<typeof Routes.uploadLibraryFile>): Promise<RouteResult<typeof Routes.uploadLibraryFile>> {
    const file = stored!;
    const base = { orgId: call.orgId, actor: call.actor };
    return this.uploads.guard([file.key], async () => {
      // PDF-only mode when the flag came after the file (the stream could not know it yet)
      if (body.pdf_only && file.kind.kind !== 'pdf') throw new AppError(LibraryErrors.LIBRARY_PDF_ONLY, { fields: { file: [LibraryMessages.pdfOnly] } });
      await this.bus.request(CheckUploadTarget, { ...base, dir: body.dir, scope: body.scope });
      return this.bus.request(RegisterFile, {
        ...base, key: file.key, size: file.size, mime: file.kind.mime, kind: file.kind.kind, extension: file.kind.extension, name: body.name ?? fileName(file.originalname), dir: body.dir, scope: body.scope,
      });
    });
  }

  private newVersion(call: { orgId: string; actor: RouteContext<typeof Routes.updateLibraryFile>['call']['actor'] }, itemId: number, file: StoredFile, meetingId?: number) {
    const base = { orgId: call.orgId, actor: call.actor };
    return this.uploads.guard([file.key], async () => {
      const item = await this.bus.request(CheckEditable, { ...base, itemId });
      // a new version is of the same kind as the file (a PDF stays a PDF)
      if (file.kind.kind !== item.kind) {
        if (item.kind === 'pdf') throw new AppError(LibraryErrors.LIBRARY_PDF_ONLY, { fields: { file: [LibraryMessages.pdfOnly] } });
        throw new AppError(LibraryErrors.LIBRARY_FILE_TYPE, { fields: { file: [LibraryMessages.fileType] } });
      }
      return this.bus.request(AddVersion, { ...base, itemId, key: file.key, size: file.size, mime: file.kind.mime, kind: file.kind.kind, extension: file.kind.extension, meetingId });
    });
  }

  @Implements(Routes.updateLibraryFile)
  update({ call, params, body, stored }: RouteContext<typeof Routes.updateLibraryFile>): Promise<RouteResult<typeof Routes.updateLibraryFile>> {
    return this.newVersion(call, params.id, stored!, body.meeting_id);
  }

  @Implements(Routes.editedLibraryFile)
  edited({ call, body, stored }: RouteContext<typeof Routes.editedLibraryFile>): Promise<RouteResult<typeof Routes.editedLibraryFile>> {
    return this.newVersion(call, body.library_id, stored!, body.meeting_id);
  }

  /** a short-lived presigned URL, issued after the rights check of this call */
  @Implements(Routes.downloadLibraryFile)
  async download({ call, params, query }: RouteContext<typeof Routes.downloadLibraryFile>): Promise<RouteResult<typeof Routes.downloadLibraryFile>> {
    const { url } = await this.bus.request(DownloadUrl, { orgId: call.orgId, actor: call.actor, itemId: params.id, meetingId: query.meeting_id });
    return new Redirect(url) as never;
  }

  /** the same as a download the web saves (a guest's token header cannot go with a plain link): streamed with its name */
  @Implements(Routes.downloadLibraryFileBytes)
  async downloadBytes({ call, params, query }: RouteContext<typeof Routes.downloadLibraryFileBytes>): Promise<RouteResult<typeof Routes.downloadLibraryFileBytes>> {
    const f = await this.bus.request(DownloadUrl, { orgId: call.orgId, actor: call.actor, itemId: params.id, meetingId: query.meeting_id });
    const stat = await this.storage.stat(f.key);
    if (!stat) throw AppError.notFound('library item');
    return new FileAnswer(await this.storage.get(f.key), {
      'Content-Type': stat.contentType ?? 'application/octet-stream', 'Content-Disposition': attachmentDisposition(f.name), 'Content-Length': String(stat.size), 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff',
    }) as never;
  }

  /** the PDF with the annotations the caller may see, made for this caller by the library service, streamed as a download */
  @Implements(Routes.exportAnnotatedPdf)
  async exportAnnotated({ call, params, query }: RouteContext<typeof Routes.exportAnnotatedPdf>): Promise<RouteResult<typeof Routes.exportAnnotatedPdf>> {
    const f = await this.bus.request(ExportAnnotatedPdf, { orgId: call.orgId, actor: call.actor, itemId: params.id, meetingId: query.meeting_id });
    const stat = await this.storage.stat(f.key);
    if (!stat) throw AppError.notFound('library item');
    return new FileAnswer(await this.storage.get(f.key), {
      'Content-Type': 'application/pdf', 'Content-Disposition': attachmentDisposition(f.name), 'Content-Length': String(stat.size), 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff',
      'X-Annotations': String(f.annotations), 'X-Annotations-Skipped': String(f.skipped),
    }) as never;
  }

  /**
   * one attachment of a stored e-mail, put in S3 for this reader by the library service (which applied the
   * message's download policy), streamed as a download: never shown inline on this origin, whatever its type says
   */
  @Implements(Routes.libraryEmailAttachment)
  async emailAttachment({ call, params, query }: RouteContext<typeof Routes.libraryEmailAttachment>): Promise<RouteResult<typeof Routes.libraryEmailAttachment>> {
    const a = await this.bus.request(GetEmailAttachment, { orgId: call.orgId, actor: call.actor, itemId: params.id, index: params.index, meetingId: query.meeting_id });
    const stat = await this.storage.stat(a.key);
    if (!stat) throw AppError.notFound('attachment');
    return new FileAnswer(await this.storage.get(a.key), {
      'Content-Type': a.content_type, 'Content-Disposition': attachmentDisposition(a.name), 'Content-Length': String(stat.size), 'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': "sandbox; default-src 'none'",
    }) as never;
  }

  /** the host organization's public files (its public/ folder in S3) */
  @Implements(Routes.publicFile)
  async publicFile({ call, params }: RouteContext<typeof Routes.publicFile>): Promise<RouteResult<typeof Routes.publicFile>> {
    if (!call.orgId) throw new AppError('INVALID_ORGANIZATION');
    const key = Storage.key(call.orgId, 'public', params.path);
    const stat = await this.storage.stat(key);
    if (!stat) throw AppError.notFound('file');
    const ext = params.path.split('.').pop()!.toLowerCase();
    return new FileAnswer(await this.storage.get(key), {
      'Content-Type': PUBLIC_TYPES[ext] ?? 'application/octet-stream',
      'Content-Length': String(stat.size),
      'Cache-Control': 'public, max-age=3600',
      'X-Content-Type-Options': 'nosniff',
    }) as never;
  }
}
