import { z } from 'zod';
import { defineComposedRoute, defineRoute } from '../core/route';
import { zInformationBody, zModulesBody, zSsoSettingsBody } from './organization.http';
import { OrgMessages } from './organization.errors';
import { GetInformation, ListCalendarIntegrations, UpdateSsoSettings, zInformation, zOrgStatus } from './organization.rpc';
import { zOrgPublic } from './tenancy.rpc';

/**
 * GET /api/ of an organization host: its name and logo (flat, for the organization check and the portal)
 * and the public facts of the organization as `data`.
 */
export const zOrgRootAnswer = z.object({
  success: z.literal(true),
  name: z.string(),
  logo: z.string().nullable(),
  data: zOrgPublic.omit({ status: true }),
});

const tags = ['organization'];
const logo = { kind: 'single', field: 'logo' } as const;
const zFileParams = z.object({ file: z.string() });

/** The organization: its public face (root, uploaded images), information, modules, integrations, SSO settings, activity log. */
export const SettingsRoutes = {
  orgRoot: defineComposedRoute({
    method: 'GET', path: '/api/', access: 'public', tags, answer: 'raw', response: zOrgRootAnswer,
    summary: "The host's organization: name and logo (the organization check), and its public facts; an unknown host answers 404 'Invalid Organization URL'",
  }),
  getInformation: defineRoute({
    method: 'GET', path: '/api/information', access: 'user', tags,
    summary: 'Organization information (company name, logo, website, time zone, location; can_edit)',
    rpc: GetInformation, toRpc: ({ call }) => ({ orgId: call.orgId, actor: call.actor }),
  }),
  updateInformation: defineComposedRoute({
    method: 'PUT', path: '/api/information', access: 'user', tags, body: zInformationBody, upload: logo, response: zInformation, message: OrgMessages.informationUpdated,
    summary: 'Edit organization information (company name, website, location, time zone required); optional logo (png/jpeg)',
  }),
  updateInformationForm: defineComposedRoute({
    method: 'POST', path: '/api/information', access: 'user', tags, body: zInformationBody, upload: logo, response: zInformation, message: OrgMessages.informationUpdated,
    summary: 'Edit organization information (POST form for multipart clients)',
  }),
  getOrgStatus: defineComposedRoute({
    method: 'GET', path: '/api/status', access: 'user', tags, response: zOrgStatus,
    summary: 'Organization modules: na (disabled names; m with a dot, r without), approval_mode, nda, compress, mom, variant (a -moe/-tender host overrides it), currentOrg',
  }),
  updateOrgStatus: defineComposedRoute({
    method: 'PUT', path: '/api/status', access: 'user', tags, body: zModulesBody, response: zOrgStatus, message: OrgMessages.statusUpdated,
    summary: 'Change organization modules (administrators)',
  }),
  calendarIntegrations: defineRoute({
    method: 'GET', path: '/api/integrations/calendars', access: 'user', tags, answer: { pick: 'integrations' },
    summary: 'Calendar integrations (Google Calendar, Microsoft Outlook, iCal feed) and whether each is connected',
    rpc: ListCalendarIntegrations, toRpc: ({ call }) => ({ orgId: call.orgId, actor: call.actor }),
  }),
  updateSsoSettings: defineRoute({
    method: 'PUT', path: '/api/sso/settings', access: 'user', tags: ['auth'], body: zSsoSettingsBody, message: OrgMessages.statusUpdated,
    summary: "Configure the organization's single sign-on provider (oidc, local or none)",
    rpc: UpdateSsoSettings, toRpc: ({ call, body }) => ({ orgId: call.orgId, actor: call.actor, settings: body }),
  }),
  publicImage: defineComposedRoute({
    method: 'GET', path: '/api/public/uploads/images/:file', access: 'public', tags: ['uploads'], params: zFileParams, produces: 'file', response: z.null(),
    summary: 'An uploaded image (avatars, news photos): image/png or image/jpeg',
  }),
  publicLogo: defineComposedRoute({
    method: 'GET', path: '/api/public/uploads/logos/:file', access: 'public', tags: ['uploads'], params: zFileParams, produces: 'file', response: z.null(),
    summary: "The organization's logo: image/png or image/jpeg",
  }),
} as const;
