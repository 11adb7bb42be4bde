import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AddVersion, AppError, CheckEditable, CheckUploadTarget, DownloadUrl, LibraryErrors, LibraryMessages, RegisterFile, Routes, type DetectedKind } from '@app/contracts';
import { Bus, Storage } from '@app/platform';
import { FileAnswer, Implements, Redirect, type RouteContext, type RouteResult } from '../core/routes';
import { Uploads } from '../organization/uploads';
import { acceptFile, fileName } from './library-upload';

const PUBLIC_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', pdf: 'application/pdf' };

/**
 * Library routes that compose: the bytes go to S3 under the organization's prefix (never over NATS), then the
 * library service registers the key; when it refuses, the object is removed again, so a failed upload leaves
 * neither an object nor a row. Where the target is checked first (folder, rights), nothing is stored at all.
 */
@Injectable()
export class LibraryGatewayRoutes {
  constructor(private readonly bus: Bus, private readonly storage: Storage, private readonly uploads: Uploads) {}

  private async store(orgId: string, file: Express.Multer.File, kind: DetectedKind): Promise<string> {
    const key = Storage.key(orgId, 'library', `${randomUUID()}.${kind.extension}`);
    await this.storage.put(key, file.buffer, file.size, kind.mime);
    return key;
  }

  @Implements(Routes.uploadLibraryFile)
  async upload({ call, body, file }: RouteContext<typeof Routes.uploadLibraryFile>): Promise<RouteResult<typeof Routes.uploadLibraryFile>> {
    const kind = acceptFile(file!, !!body.pdf_only);
    const base = { orgId: call.orgId, actor: call.actor };
    await this.bus.request(CheckUploadTarget, { ...base, dir: body.dir, scope: body.scope });
    const key = await this.store(call.orgId, file!, kind);
    return this.uploads.guard([key], () =>
      this.bus.request(RegisterFile, { ...base, key, size: file!.size, mime: kind.mime, kind: kind.kind, extension: kind.extension, name: body.name ?? fileName(file!.originalname), dir: body.dir, scope: body.scope }),
    );
  }

  private async newVersion(call: { orgId: string; actor: RouteContext<typeof Routes.updateLibraryFile>['call']['actor'] }, itemId: number, file: Express.Multer.File, meetingId?: number) {
    const base = { orgId: call.orgId, actor: call.actor };
    const item = await this.bus.request(CheckEditable, { ...base, itemId });
    const kind = acceptFile(file, item.kind === 'pdf');
    if (kind.kind !== item.kind) throw new AppError(LibraryErrors.LIBRARY_FILE_TYPE, { fields: { file: [LibraryMessages.fileType] } });
    const key = await this.store(call.orgId, file, kind);
    return this.uploads.guard([key], () => this.bus.request(AddVersion, { ...base, itemId, key, size: file.size, mime: kind.mime, kind: kind.kind, extension: kind.extension, meetingId }));
  }

  @Implements(Routes.updateLibraryFile)
  update({ call, params, body, file }: RouteContext<typeof Routes.updateLibraryFile>): Promise<RouteResult<typeof Routes.updateLibraryFile>> {
    return this.newVersion(call, params.id, file!, body.meeting_id);
  }

  @Implements(Routes.editedLibraryFile)
  edited({ call, body, file }: RouteContext<typeof Routes.editedLibraryFile>): Promise<RouteResult<typeof Routes.editedLibraryFile>> {
    return this.newVersion(call, body.library_id, file!, body.meeting_id);
  }

  /** a short-lived presigned URL, issued after the rights check of this call */
  @Implements(Routes.downloadLibraryFile)
  async download({ call, params, query }: RouteContext<typeof Routes.downloadLibraryFile>): Promise<RouteResult<typeof Routes.downloadLibraryFile>> {
    const { url } = await this.bus.request(DownloadUrl, { orgId: call.orgId, actor: call.actor, itemId: params.id, meetingId: query.meeting_id });
    return new Redirect(url) as never;
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
