import { z } from 'zod';
import { defineComposedRoute, defineFileRoute, defineRoute } from '../core/route';
import { zInformationBody, zModulesBody, zSsoSettingsBody, zSsoTestBody } from './organization.http';
import { OrgMessages } from './organization.errors';
import { GetInformation, GetSsoSettings, ListCalendarIntegrations, TestSsoConnection, UpdateSsoSettings, zInformation, zOrgStatus } from './organization.rpc';
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
  getSsoSettings: defineRoute({
    method: 'GET', path: '/api/sso/settings', access: 'user', tags: ['auth'],
    summary: "The organization's single sign-on settings and the redirect URI to register at the provider (never the client secret)",
    rpc: GetSsoSettings, toRpc: ({ call }) => ({ orgId: call.orgId, actor: call.actor }),
  }),
  updateSsoSettings: defineRoute({
    method: 'PUT', path: '/api/sso/settings', access: 'user', tags: ['auth'], body: zSsoSettingsBody, message: OrgMessages.ssoSaved,
    summary: "Configure the organization's single sign-on: an OpenID Connect provider (issuer, client, allowed e-mail domains, unknown users, two-factor), or none",
    rpc: UpdateSsoSettings, toRpc: ({ call, body }) => ({ orgId: call.orgId, actor: call.actor, settings: body }),
  }),
  testSsoConnection: defineRoute({
    method: 'POST', path: '/api/sso/settings/test', access: 'user', tags: ['auth'], body: zSsoTestBody,
    summary: "Test the connection: run OpenID Connect discovery at the issuer and answer what it found",
    rpc: TestSsoConnection, toRpc: ({ call, body }) => ({ orgId: call.orgId, actor: call.actor, issuer: body.issuer }),
  }),
  publicImage: defineFileRoute({
    method: 'GET', path: '/api/public/uploads/images/:file', access: 'public', tags: ['uploads'], params: zFileParams,
    summary: 'An uploaded image (avatars, news photos): image/png or image/jpeg',
  }),
  publicLogo: defineFileRoute({
    method: 'GET', path: '/api/public/uploads/logos/:file', access: 'public', tags: ['uploads'], params: zFileParams,
    summary: "The organization's logo: image/png or image/jpeg",
  }),
} as const;
