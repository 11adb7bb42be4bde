import { Controller, Get } from '@nestjs/common';
import { z } from 'zod';
import { zOrgModules, type OrgPublic } from '@app/contracts';
import { Org, Public } from './decorators';
import { Doc } from './openapi';

/**
 * `GET /api/`: the host's organization (name and logo) for the organization check and the portal;
 * an unknown or inactive organization answers 404 'Invalid Organization URL' (from the guard).
 */
@Controller()
export class RootController {
  @Get()
  @Public()
  @Doc({ summary: 'The host organization: name and logo (organization check)', tags: ['organization'], response: z.object({ name: z.string(), logo: z.string().nullable(), modules: zOrgModules }) })
  root(@Org() org: OrgPublic) {
    const data = { id: org.id, slug: org.slug, name: org.name, logo: org.logo, time_zone: org.time_zone, variant: org.variant, modules: org.modules };
    return { success: true, name: org.name, logo: org.logo, data };
  }
}
