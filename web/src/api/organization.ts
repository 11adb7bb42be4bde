import { Routes, UPLOAD_URL_PREFIX, uploadUrl, type RouteData } from '@app/contracts';
import { successMessage } from './auth';
import { api, ApiError } from './client';

/**
 * Organization: the public answer of GET /api/ (name, logo, modules), and its information (docs/product/administration.md#records),
 * as the route table answers them.
 */
export type Information = RouteData<typeof Routes.getInformation>;
type OrgRoot = RouteData<typeof Routes.orgRoot>;

export function logoUrl(logo: string | null | undefined, origin = ''): string | null {
  if (!logo) return null;
  if (/^(https?:|data:|blob:)/.test(logo)) return logo;
  if (logo.startsWith('/')) return `${origin}${logo}`;
  // an upload key '<orgId>/logos/<file>' or a bare file name
  return `${origin}${logo.includes('/') ? uploadUrl(logo) : `${UPLOAD_URL_PREFIX}/logos/${logo}`}`;
}

export function getInformation(): Promise<Information> {
  return api(Routes.getInformation);
}

/** POST /api/information (multipart; logo optional). Edits report 'Error' / 'Validation error' themselves. */
export async function updateInformation(input: { company_name: string; website: string; time_zone: string; location: string; logo?: File | null }): Promise<{ info: Information; message: string | null }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(input)) {
    if (v === undefined || v === null) continue;
    form.append(k, v instanceof File ? v : String(v));
  }
  const info = await api(Routes.updateInformationForm, { form, notify: false });
  return { info, message: successMessage(Routes.updateInformationForm) };
}

/**
 * Organization modules as the shell uses them: `na` lists disabled names; entries with a dot are feature
 * switches, the others disable routes. approval_mode 'new' | 'old'; nda, compress, mom 0 or 1.
 */
export interface OrgModules {
  disabledRoutes: string[];
  disabledFeatures: string[];
  approvalMode: 'new' | 'old';
  nda: number;
  compress: number;
  mom: number;
}

export const DEFAULT_MODULES: OrgModules = { disabledRoutes: [], disabledFeatures: [], approvalMode: 'old', nda: 0, compress: 0, mom: 0 };

export function modulesOf(m: OrgRoot['data']['modules']): OrgModules {
  const na = m.na.map((n) => n.trim()).filter((n) => n !== '');
  return {
    disabledRoutes: na.filter((n) => !n.includes('.')),
    disabledFeatures: na.filter((n) => n.includes('.')),
    approvalMode: m.approval_mode,
    nda: m.nda,
    compress: m.compress,
    mom: m.mom,
  };
}

/** The organization of a host as the shell shows it: name, logo URL, modules. */
export interface OrgPublic {
  name: string;
  logo: string | null;
  modules: OrgModules;
  /** the organization's time zone: its days are the server's (a stamp's date, serverDate) */
  timeZone: string;
  /** the product variant (default, moe, tender): wording and the tender fields of resolutions */
  variant?: RouteData<typeof Routes.orgRoot>['data']['variant'];
}

/**
 * The organization of a host (this one by default): GET {origin}/api/. Throws ApiError: 404 for an unknown
 * organization, status 0 when the host answers something else (an HTML page, a network failure).
 */
export async function getOrgPublic(origin = ''): Promise<OrgPublic> {
  const r = await api(Routes.orgRoot, { origin: origin || undefined, notify: false });
  return { name: r.name, logo: logoUrl(r.logo, origin), modules: modulesOf(r.data.modules), timeZone: r.data.time_zone, variant: r.data.variant };
}

/** The organization check (name entry, portal): GET {org origin}/api/ must answer name and logo. */
export type OrgCheck = { kind: 'ok'; name: string; logo: string | null } | { kind: 'invalid' };

export async function checkOrganization(origin: string): Promise<OrgCheck> {
  try {
    const r = await getOrgPublic(origin);
    return { kind: 'ok', name: r.name, logo: r.logo };
  } catch (e) {
    if (e instanceof ApiError || e instanceof TypeError) return { kind: 'invalid' };
    throw e;
  }
}
