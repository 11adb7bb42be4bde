import { Injectable } from '@nestjs/common';
import { AppError, Routes } from '@app/contracts';
import { Implements, type RouteContext, type RouteResult } from './routes';

/**
 * `GET /api/`: the host's organization (name and logo) for the organization check and the portal;
 * an unknown or inactive organization answers 404 'Invalid Organization URL' (from the guard).
 */
@Injectable()
export class RootRoute {
  @Implements(Routes.orgRoot)
  async root({ req }: RouteContext<typeof Routes.orgRoot>): Promise<RouteResult<typeof Routes.orgRoot>> {
    const org = req.org;
    if (!org) throw new AppError('INVALID_ORGANIZATION');
    const data = { id: org.id, slug: org.slug, name: org.name, logo: org.logo, time_zone: org.time_zone, variant: org.variant, modules: org.modules };
    return { success: true as const, name: org.name, logo: org.logo, data };
  }
}
