import { Body, Controller, Get, HttpCode, Post, Put, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { z } from 'zod';
import {
  GetInformation, GetOrgStatus, ListCalendarIntegrations, OrgMessages, UpdateInformation, UpdateOrgModules, UpdateSsoSettings, translate,
  zCalendarIntegration, zInformation, zInformationBody, zModulesBody, zOrgStatus, zSsoSettingsBody,
  type Actor, type Lang, type OrgPublic,
} from '@app/contracts';
import { Bus } from '@app/platform';
import { AuthGuard } from '../core/auth.guard';
import { CurrentActor, Org, ReqLang } from '../core/decorators';
import { Doc } from '../core/openapi';
import { ok } from '../core/http';
import { Z } from '../core/zod.pipe';
import { uploadOptions, Uploads } from './uploads';

/** Organization information, modules (status), calendar integrations, single sign-on settings (the activity log is GET /api/logs of the route table). */
@Controller()
export class SettingsController {
  constructor(private readonly bus: Bus, private readonly uploads: Uploads, private readonly guard: AuthGuard) {}

  @Get('information')
  @Doc({ summary: 'Organization information (company name, logo, website, time zone, location)', tags: ['organization'], response: zInformation })
  async info(@Org() org: OrgPublic, @CurrentActor() actor: Actor) {
    return ok(await this.bus.request(GetInformation, { orgId: org.id, actor }));
  }

  @Put('information')
  @UseInterceptors(FileInterceptor('logo', uploadOptions))
  @Doc({ summary: 'Edit organization information (company name, website, location, time zone required); optional logo (png/jpeg)', tags: ['organization'], body: zInformationBody, file: 'logo', response: zInformation })
  async updateInfo(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Body(Z(zInformationBody)) body: z.output<typeof zInformationBody>, @UploadedFile() file: Express.Multer.File | undefined, @ReqLang() lang: Lang) {
    const logo = file ? await this.uploads.putImage(org.id, 'logos', file, 'logo') : undefined;
    const info = await this.uploads.guard([logo], () => this.bus.request(UpdateInformation, { orgId: org.id, actor, ...body, logo }));
    this.guard.invalidate();
    return ok(info, translate(OrgMessages.informationUpdated, lang));
  }

  @Post('information')
  @HttpCode(200)
  @UseInterceptors(FileInterceptor('logo', uploadOptions))
  @Doc({ summary: 'Edit organization information (POST form for multipart clients)', tags: ['organization'], body: zInformationBody, file: 'logo', response: zInformation })
  updateInfoPost(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Body(Z(zInformationBody)) body: z.output<typeof zInformationBody>, @UploadedFile() file: Express.Multer.File | undefined, @ReqLang() lang: Lang) {
    return this.updateInfo(org, actor, body, file, lang);
  }

  @Get('status')
  @Doc({ summary: 'Organization modules: na (disabled names; m with a dot, r without), approval_mode, nda, compress, mom, variant, currentOrg', tags: ['organization'], response: zOrgStatus })
  async status(@Org() org: OrgPublic, @CurrentActor() actor: Actor) {
    const s = await this.bus.request(GetOrgStatus, { orgId: org.id, actor });
    // a -moe/-tender host marker overrides the stored variant (platform.md §1)
    return ok(org.variant !== s.variant ? { ...s, variant: org.variant, currentOrg: { ...s.currentOrg, variant: org.variant } } : s);
  }

  @Put('status')
  @Doc({ summary: 'Change organization modules (administrators)', tags: ['organization'], body: zModulesBody, response: zOrgStatus })
  async updateStatus(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Body(Z(zModulesBody)) body: z.output<typeof zModulesBody>, @ReqLang() lang: Lang) {
    const s = await this.bus.request(UpdateOrgModules, { orgId: org.id, actor, ...body });
    this.guard.invalidate();
    return ok(s, translate(OrgMessages.statusUpdated, lang));
  }

  @Get('integrations/calendars')
  @Doc({ summary: 'Calendar integrations (Google Calendar, Microsoft Outlook, iCal feed) and whether each is connected', tags: ['organization'], response: z.array(zCalendarIntegration) })
  async calendars(@Org() org: OrgPublic, @CurrentActor() actor: Actor) {
    return ok((await this.bus.request(ListCalendarIntegrations, { orgId: org.id, actor })).integrations);
  }

  @Put('sso/settings')
  @Doc({ summary: "Configure the organization's single sign-on provider (oidc, local or none)", tags: ['auth'], body: zSsoSettingsBody })
  async sso(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Body(Z(zSsoSettingsBody)) body: z.output<typeof zSsoSettingsBody>, @ReqLang() lang: Lang) {
    return ok(await this.bus.request(UpdateSsoSettings, { orgId: org.id, actor, settings: body }), translate(OrgMessages.statusUpdated, lang));
  }
}
