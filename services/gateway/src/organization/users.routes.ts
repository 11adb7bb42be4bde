import { Injectable } from '@nestjs/common';
import { CreateUser, ImportUsers, OrgMessages, Routes, ToggleUserStatus, UpdateUser, UsersTemplate, translate } from '@app/contracts';
import { Bus, Storage } from '@app/platform';
import { FileAnswer, Implements, type RouteContext, type RouteResult } from '../core/routes';
import { Uploads } from '../core/uploads';

type Edit = RouteContext<typeof Routes.updateUser> | RouteContext<typeof Routes.updateUserPost>;
type Toggle = RouteContext<typeof Routes.toggleUserStatus>;

/** Users routes that compose: the image and the Excel sheet go to S3 first, the template comes from S3. */
@Injectable()
export class UsersRoutes {
  constructor(private readonly bus: Bus, private readonly uploads: Uploads, private readonly storage: Storage) {}

  @Implements(Routes.usersTemplate)
  async template({ call }: RouteContext<typeof Routes.usersTemplate>): Promise<RouteResult<typeof Routes.usersTemplate>> {
    const t = await this.bus.request(UsersTemplate, call);
    const stream = await this.storage.get(t.key);
    return new FileAnswer(stream, {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': `attachment; filename="${t.fileName}"`,
    });
  }

  @Implements(Routes.importUsers)
  async import({ call, file }: RouteContext<typeof Routes.importUsers>): Promise<RouteResult<typeof Routes.importUsers>> {
    // the route requires the file: the dispatcher answered 409 without it
    const key = await this.uploads.putSheet(call.orgId, file!);
    return this.uploads.guard([key], () => this.bus.request(ImportUsers, { ...call, fileKey: key }));
  }

  @Implements(Routes.createUser)
  async create({ call, body, file }: RouteContext<typeof Routes.createUser>): Promise<RouteResult<typeof Routes.createUser>> {
    const image = await this.image(call.orgId, file);
    return this.uploads.guard([image], () => this.bus.request(CreateUser, { ...call, ...body, image }));
  }

  @Implements(Routes.updateUser)
  update(ctx: RouteContext<typeof Routes.updateUser>): Promise<RouteResult<typeof Routes.updateUser>> {
    return this.edit(ctx);
  }

  @Implements(Routes.updateUserPost)
  updatePost(ctx: RouteContext<typeof Routes.updateUserPost>): Promise<RouteResult<typeof Routes.updateUserPost>> {
    return this.edit(ctx);
  }

  @Implements(Routes.toggleUserStatus)
  toggle(ctx: Toggle): Promise<RouteResult<typeof Routes.toggleUserStatus>> {
    return this.toggleStatus(ctx);
  }

  @Implements(Routes.toggleUserStatusPut)
  togglePut(ctx: RouteContext<typeof Routes.toggleUserStatusPut>): Promise<RouteResult<typeof Routes.toggleUserStatusPut>> {
    return this.toggleStatus(ctx);
  }

  private async edit({ call, params, body, file }: Edit) {
    const image = await this.image(call.orgId, file);
    return this.uploads.guard([image], () => this.bus.request(UpdateUser, { ...call, ...body, userId: params.id, image }));
  }

  private async toggleStatus({ call, params }: Pick<Toggle, 'call' | 'params'>) {
    const user = await this.bus.request(ToggleUserStatus, { ...call, userId: params.id });
    const message = user.status === 'Inactive' ? OrgMessages.userDeactivated : OrgMessages.userActivated;
    return { success: true as const, message: translate(message, call.lang), data: user };
  }

  private image(orgId: string, file: Express.Multer.File | undefined): Promise<string | undefined> {
    return file ? this.uploads.putImage(orgId, 'images', file) : Promise.resolve(undefined);
  }
}
