import { Injectable } from '@nestjs/common';
import {
  AppError, OrganizationUpdated, OrgMessages, hasPermission, pageMeta, serverDate, uploadUrl,
  type Actor, type RequestOf, type UpdateInformation, type UpdateOrgModules, type ListLogs,
} from '@app/contracts';
import { Outbox } from '@app/platform';
import { OrgDb, type Scope } from '../common/org-db';
import { requirePermission, requireUser } from '../common/access';
import { modulesOf, variantOf } from '../common/mappers';
import { OrganizationsRepository, type OrganizationRow } from '../repositories/organizations.repository';
import { LogsRepository } from '../repositories/logs.repository';
import { ownKey } from '../rules/users';
import { calendarIntegrations, splitDisabled } from '../rules/settings';

/** Organization information, modules, calendar integrations and the activity log (SSO settings: auth/sso). */
@Injectable()
export class SettingsService {
  constructor(private readonly db: OrgDb, private readonly orgs: OrganizationsRepository, private readonly logs: LogsRepository, private readonly outbox: Outbox) {}

  private info(org: OrganizationRow, actor: Actor) {
    return {
      id: org.id, slug: org.slug, company_name: org.name, name: org.name, logo: uploadUrl(org.logo), website: org.website, location: org.location,
      time_zone: org.timeZone, variant: variantOf(org), can_edit: hasPermission(actor, 'organization_manage'),
    };
  }

  private async org(s: Scope): Promise<OrganizationRow> {
    const org = await this.orgs.get(s);
    if (!org) throw AppError.notFound('organization');
    return org;
  }

  getInformation(orgId: string, actor: Actor) {
    requireUser(actor);
    return this.db.tenant(orgId, async (s) => this.info(await this.org(s), actor));
  }

  updateInformation(req: RequestOf<typeof UpdateInformation>) {
    requirePermission(req.actor, 'organization_manage');
    if (!ownKey(req.orgId, 'logos', req.logo)) throw AppError.validation({ logo: OrgMessages.imageType });
    return this.db.command(req.orgId, async (s) => {
      await this.org(s);
      const org = await this.orgs.update(s, {
        name: req.company_name, website: req.website, location: req.location, timeZone: req.time_zone, ...(req.logo !== undefined ? { logo: req.logo } : {}),
      });
      await this.logs.write(s, req.actor, 'Updated the organization information');
      await this.outbox.add(s.tx, OrganizationUpdated, { orgId: org.id, slug: org.slug, name: org.name, timeZone: org.timeZone, logo: uploadUrl(org.logo), meetingReminderMinutes: modulesOf(org).meeting_reminder_minutes });
      return this.info(org, req.actor);
    });
  }

  private status(org: OrganizationRow) {
    const modules = modulesOf(org);
    const variant = variantOf(org);
    return {
      ...modules,
      ...splitDisabled(modules.na),
      variant,
      currentOrg: { id: org.id, slug: org.slug, name: org.name, logo: uploadUrl(org.logo), time_zone: org.timeZone, variant },
    };
  }

  getStatus(orgId: string, actor: Actor) {
    requireUser(actor);
    return this.db.tenant(orgId, async (s) => this.status(await this.org(s)));
  }

  updateModules(req: RequestOf<typeof UpdateOrgModules>) {
    requirePermission(req.actor, 'organization_manage');
    return this.db.command(req.orgId, async (s) => {
      const before = await this.org(s);
      const { orgId: _o, actor: _a, variant, ...changes } = req;
      const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      const org = await this.orgs.update(s, { modules: { ...modulesOf(before), ...defined }, ...(variant ? { variant } : {}) });
      await this.logs.write(s, req.actor, `Updated the organization modules (${Object.keys({ ...defined, ...(variant ? { variant } : {}) }).join(', ') || 'no change'})`);
      // services that keep the organization's settings (the meeting service's NDA gate, the gateway's module checks) forget them at once
      await this.outbox.add(s.tx, OrganizationUpdated, { orgId: org.id, slug: org.slug, name: org.name, timeZone: org.timeZone, logo: uploadUrl(org.logo), meetingReminderMinutes: modulesOf(org).meeting_reminder_minutes });
      return this.status(org);
    });
  }

  integrations(orgId: string, actor: Actor) {
    requireUser(actor);
    return this.db.tenant(orgId, async (s) => ({ integrations: calendarIntegrations((await this.org(s)).integrations) }));
  }

  logsPage(req: RequestOf<typeof ListLogs>) {
    requirePermission(req.actor, 'logs_show');
    return this.db.tenant(req.orgId, async (s) => {
      const { rows, total } = await this.logs.page(s, { page: req.page, perPage: req.per_page, username: req.username });
      const zone = (await this.org(s)).timeZone;
      const items = rows.map((r) => {
        const d = serverDate(r.createdAt, zone)!;
        return { id: r.id, username: r.username, date: d.slice(0, 10), time: d.slice(11), activity: r.activity, created_at: d };
      });
      return { items, meta: pageMeta(req.page, req.per_page, total) };
    });
  }
}
