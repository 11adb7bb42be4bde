import { Injectable } from '@nestjs/common';
import { PERMISSIONS, Routes } from '@app/contracts';
import { Implements, type RouteContext, type RouteResult } from '../core/routes';

/** GET /api/permissions answers the catalogue of slugs from the contracts (no service owns a copy). */
@Injectable()
export class RolesRoutes {
  @Implements(Routes.listPermissions)
  async permissions(_ctx: RouteContext<typeof Routes.listPermissions>): Promise<RouteResult<typeof Routes.listPermissions>> {
    return PERMISSIONS.map((p) => ({ ...p }));
  }
}
