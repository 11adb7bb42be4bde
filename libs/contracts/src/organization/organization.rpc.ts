import { z } from 'zod';
import { defineRpc } from '../core/define';
import { paged, zOrgId, zTenant } from '../core/common';
import { req } from '../core/validation';
import { zUploadKey } from './fields';
import { SSO_TWO_FACTOR, SSO_UNKNOWN_USER, informationFields, zModulesBody, zSsoSettingsBody, zSsoTestBody } from './organization.http';
import { zOrgModules, zVariant } from './tenancy.rpc';

/**
 * Creates an organization with its built-in roles (Admin, Member) and its first administrator, whose
 * e-mail is verified and who is Active. Cross-tenant by nature; used by the seed and test factories.
 * `ifExists: 'return'` makes it idempotent (the existing organization and admin are returned).
 */
export const CreateOrganization = defineRpc({
  subject: 'organization.v1.create-organization',
  request: z.object({
    slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/).refine((s) => !/-(moe|tender)$/.test(s) && s !== 'org' && s !== 'www', 'This organization name is reserved.'),
    name: req.text(191),
    timeZone: z.string().default('UTC'),
    website: z.string().nullable().default(null),
    location: z.string().nullable().default(null),
    variant: zVariant.default('default'),
    modules: zOrgModules.partial().optional(),
    admin: z.object({ name: req.text(191), email: req.email(), password: req.password(), phone: z.string().nullable().default(null) }),
    ifExists: z.enum(['fail', 'return']).default('fail'),
  }),
  response: z.object({ orgId: zOrgId, slug: z.string(), adminUserId: z.number().int().positive(), created: z.boolean() }),
});

export const zInformation = z.object({
  id: zOrgId,
  slug: z.string(),
  company_name: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  website: z.string().nullable(),
  location: z.string().nullable(),
  time_zone: z.string(),
  variant: zVariant,
  can_edit: z.boolean(),
});
export const GetInformation = defineRpc({ subject: 'organization.v1.get-information', request: zTenant, response: zInformation });
export const UpdateInformation = defineRpc({
  subject: 'organization.v1.update-information',
  request: zTenant.extend({ ...informationFields, logo: zUploadKey.nullable().optional() }),
  response: zInformation,
});

/** Organization modules as the web needs them (docs/product/administration.md#records): na, approval_mode, nda, compress, mom, currentOrg. */
export const zOrgStatus = zOrgModules.extend({
  variant: zVariant,
  currentOrg: z.object({ id: zOrgId, slug: z.string(), name: z.string(), logo: z.string().nullable(), time_zone: z.string(), variant: zVariant }),
  /** na split as the web uses it: names with a dot (m) and route names without (r) */
  m: z.array(z.string()),
  r: z.array(z.string()),
});
export const GetOrgStatus = defineRpc({ subject: 'organization.v1.get-status', request: zTenant, response: zOrgStatus });
export const UpdateOrgModules = defineRpc({ subject: 'organization.v1.update-modules', request: zTenant.extend(zModulesBody.shape), response: zOrgStatus });

export const zLogEntry = z.object({ id: z.number().int(), username: z.string(), date: z.string(), time: z.string(), activity: z.string(), created_at: z.string() });
export const ListLogs = defineRpc({
  subject: 'organization.v1.list-logs',
  request: zTenant.extend({ page: z.number().int().min(1).default(1), per_page: z.number().int().min(1).max(500).default(20), username: z.string().max(191).optional() }),
  response: paged(zLogEntry),
});

export const zCalendarIntegration = z.object({ key: z.enum(['google', 'outlook', 'ical']), name: z.string(), connected: z.boolean(), url: z.string().nullable() });
export const ListCalendarIntegrations = defineRpc({
  subject: 'organization.v1.list-calendar-integrations',
  request: zTenant,
  response: z.object({ integrations: z.array(zCalendarIntegration) }),
});

/** The organization's SSO settings as an administrator sees them: never the client secret, only whether one is stored. */
export const zSsoSettingsView = z.object({
  provider: z.enum(['none', 'oidc', 'local']),
  issuer: z.string().nullable(),
  client_id: z.string().nullable(),
  has_client_secret: z.boolean(),
  allowed_domains: z.array(z.string()),
  unknown_user: z.enum(SSO_UNKNOWN_USER),
  create_role_id: z.number().int().positive().nullable(),
  two_factor: z.enum(SSO_TWO_FACTOR),
  /** the address to register at the provider */
  redirect_uri: z.string(),
});
export type SsoSettingsView = z.output<typeof zSsoSettingsView>;
export const GetSsoSettings = defineRpc({ subject: 'organization.v1.get-sso-settings', request: zTenant, response: zSsoSettingsView });
export const UpdateSsoSettings = defineRpc({
  subject: 'organization.v1.update-sso-settings',
  request: zTenant.extend({ settings: zSsoSettingsBody }),
  response: zSsoSettingsView,
  timeoutMs: 20_000,
});
/** What discovery found at an issuer ("test the connection"). */
export const zSsoDiscovery = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  jwks_uri: z.string().nullable(),
  userinfo_endpoint: z.string().nullable(),
  pkce_s256: z.boolean(),
  scopes_supported: z.array(z.string()),
  id_token_signing_alg_values_supported: z.array(z.string()),
});
export const TestSsoConnection = defineRpc({
  subject: 'organization.v1.test-sso-connection',
  request: zTenant.extend(zSsoTestBody.shape),
  response: zSsoDiscovery,
  timeoutMs: 20_000,
});


/**
 * An Active, verified user with a password and a built-in role, created or brought to that state
 * (idempotent by e-mail). Internal provisioning for the seed and test factories; no actor.
 */
export const ProvisionUser = defineRpc({
  subject: 'organization.v1.provision-user',
  request: z.object({
    orgId: zOrgId,
    email: req.email(),
    name: req.text(191),
    password: req.password(),
    role: z.enum(['admin', 'member']).default('member'),
    phone: z.string().nullable().default(null),
    position: z.string().nullable().default(null),
    designation: z.string().nullable().default(null),
  }),
  response: z.object({ userId: z.number().int().positive() }),
});

/** A committee with these admins and members (by e-mail), created or updated by name. Internal provisioning. */
export const ProvisionCommittee = defineRpc({
  subject: 'organization.v1.provision-committee',
  request: z.object({
    orgId: zOrgId,
    name: req.text(191),
    description: z.string().default(''),
    quorum: z.number().min(5).max(100).default(50),
    admins: z.array(z.string()).default([]),
    members: z.array(z.string()).default([]),
  }),
  response: z.object({ committeeId: z.number().int().positive() }),
});
