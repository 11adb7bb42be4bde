import { Injectable } from '@nestjs/common';
import { ChangePassword, Routes, TwoFactorDisable, TwoFactorEnable, UpdateProfile } from '@app/contracts';
import { Bus, SessionStore } from '@app/platform';
import { Implements, type RouteContext, type RouteResult } from '../core/routes';
import { Uploads } from '../core/uploads';

/**
 * Profile routes that compose: the profile edit (image to S3, then the RPC), the two-factor switches, and the
 * password change (it names the session that asked, which stays while the user's others end).
 */
@Injectable()
export class MyProfileRoutes {
  constructor(private readonly bus: Bus, private readonly uploads: Uploads, private readonly sessions: SessionStore) {}

  private async update({ call, body, file }: RouteContext<typeof Routes.updateProfile | typeof Routes.updateProfileForm>) {
    const image = file ? await this.uploads.putImage(call.orgId, 'images', file) : undefined;
    return this.uploads.guard([image], () => this.bus.request(UpdateProfile, { orgId: call.orgId, actor: call.actor, ...body, image }));
  }

  @Implements(Routes.updateProfile)
  updateProfile(ctx: RouteContext<typeof Routes.updateProfile>): Promise<RouteResult<typeof Routes.updateProfile>> {
    return this.update(ctx);
  }

  @Implements(Routes.updateProfileForm)
  updateProfileForm(ctx: RouteContext<typeof Routes.updateProfileForm>): Promise<RouteResult<typeof Routes.updateProfileForm>> {
    return this.update(ctx);
  }

  @Implements(Routes.changePassword)
  async changePassword({ call, body, req }: RouteContext<typeof Routes.changePassword>): Promise<RouteResult<typeof Routes.changePassword>> {
    const keep = req.sessionToken ? this.sessions.idOf(req.sessionToken) : null;
    await this.bus.request(ChangePassword, { orgId: call.orgId, actor: call.actor, ...body, keep_session: keep });
    return null;
  }

  @Implements(Routes.twoFactorEnable)
  async twoFactorEnable({ call, body }: RouteContext<typeof Routes.twoFactorEnable>): Promise<RouteResult<typeof Routes.twoFactorEnable>> {
    await this.bus.request(TwoFactorEnable, { orgId: call.orgId, actor: call.actor, ...body });
    return { two_factor: true };
  }

  @Implements(Routes.twoFactorDisable)
  async twoFactorDisable({ call, body }: RouteContext<typeof Routes.twoFactorDisable>): Promise<RouteResult<typeof Routes.twoFactorDisable>> {
    await this.bus.request(TwoFactorDisable, { orgId: call.orgId, actor: call.actor, ...body });
    return { two_factor: false };
  }
}
