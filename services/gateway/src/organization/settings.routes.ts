import { Injectable } from '@nestjs/common';
import { AppError, GetOrgStatus, Routes, UpdateInformation, UpdateOrgModules } from '@app/contracts';
import { Bus, Storage } from '@app/platform';
import { AuthGuard } from '../core/auth.guard';
import { FileAnswer, Implements, type RouteContext, type RouteResult } from '../core/routes';
import { Uploads } from '../core/uploads';

const FILE = /^[\w-]+\.(png|jpg)$/;

/** Organization settings routes that compose: information with its logo, modules (status), and the public images. */
@Injectable()
export class OrgSettingsRoutes {
  constructor(private readonly bus: Bus, private readonly uploads: Uploads, private readonly storage: Storage, private readonly guard: AuthGuard) {}

  private async updateInformation({ call, body, file }: RouteContext<typeof Routes.updateInformation | typeof Routes.updateInformationForm>) {
    const logo = file ? await this.uploads.putImage(call.orgId, 'logos', file, 'logo') : undefined;
    const info = await this.uploads.guard([logo], () => this.bus.request(UpdateInformation, { orgId: call.orgId, actor: call.actor, ...body, logo }));
    this.guard.invalidate();
    return info;
  }

  @Implements(Routes.updateInformation)
  updateInformationPut(ctx: RouteContext<typeof Routes.updateInformation>): Promise<RouteResult<typeof Routes.updateInformation>> {
    return this.updateInformation(ctx);
  }

  @Implements(Routes.updateInformationForm)
  updateInformationPost(ctx: RouteContext<typeof Routes.updateInformationForm>): Promise<RouteResult<typeof Routes.updateInformationForm>> {
    return this.updateInformation(ctx);
  }

  @Implements(Routes.getOrgStatus)
  async getOrgStatus({ call }: RouteContext<typeof Routes.getOrgStatus>): Promise<RouteResult<typeof Routes.getOrgStatus>> {
    const s = await this.bus.request(GetOrgStatus, { orgId: call.orgId, actor: call.actor });
    // a -moe/-tender host marker overrides the stored variant (docs/product/overview.md#variants)
    return call.variant !== s.variant ? { ...s, variant: call.variant, currentOrg: { ...s.currentOrg, variant: call.variant } } : s;
  }

  @Implements(Routes.updateOrgStatus)
  async updateOrgStatus({ call, body }: RouteContext<typeof Routes.updateOrgStatus>): Promise<RouteResult<typeof Routes.updateOrgStatus>> {
    const s = await this.bus.request(UpdateOrgModules, { orgId: call.orgId, actor: call.actor, ...body });
    this.guard.invalidate();
    return s;
  }

  /** Images and logos streamed from S3 (public; the organization comes from the host). */
  private async send(orgId: string | undefined, kind: 'images' | 'logos', file: string): Promise<FileAnswer> {
    if (!orgId) throw new AppError('INVALID_ORGANIZATION');
    if (!FILE.test(file)) throw AppError.notFound('file');
    const key = Storage.key(orgId, kind, file);
    const stat = await this.storage.stat(key);
    if (!stat) throw AppError.notFound('file');
    return new FileAnswer(await this.storage.get(key), {
      'Content-Type': file.endsWith('.png') ? 'image/png' : 'image/jpeg',
      'Content-Length': String(stat.size),
      'Cache-Control': 'public, max-age=86400, immutable',
      'X-Content-Type-Options': 'nosniff',
    });
  }

  @Implements(Routes.publicImage)
  publicImage({ call, params }: RouteContext<typeof Routes.publicImage>): Promise<RouteResult<typeof Routes.publicImage>> {
    return this.send(call.orgId, 'images', params.file);
  }

  @Implements(Routes.publicLogo)
  publicLogo({ call, params }: RouteContext<typeof Routes.publicLogo>): Promise<RouteResult<typeof Routes.publicLogo>> {
    return this.send(call.orgId, 'logos', params.file);
  }
}
