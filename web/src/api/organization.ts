import { UPLOAD_URL_PREFIX, uploadUrl } from '@app/contracts';
import { api, ApiError, dataOf } from './client';
import { arr, bool, num, obj, pick, str, strOrNull } from './fields';

/**
 * Organization: the public answer of GET /api/ (name, logo, modules), information and modules
 * (platform.md §3). The field mapping is kept here only.
 */
export interface OrgInfo {
  companyName: string;
  logo: string | null;
  website: string;
  timeZone: string;
  location: string;
  /** the API says whether this user may edit */
  canEdit: boolean;
}

export function logoUrl(logo: string | null | undefined, origin = ''): string | null {
  if (!logo) return null;
  if (/^(https?:|data:|blob:)/.test(logo)) return logo;
  if (logo.startsWith('/')) return `${origin}${logo}`;
  // an upload key '<orgId>/logos/<file>' or a bare file name
  return `${origin}${logo.includes('/') ? uploadUrl(logo) : `${UPLOAD_URL_PREFIX}/logos/${logo}`}`;
}

export function mapOrgInfo(body: unknown): OrgInfo {
  const d = obj(dataOf(body));
  return {
    companyName: str(pick(d, 'company_name', 'name')),
    logo: logoUrl(strOrNull(d.logo)),
    website: str(d.website),
    timeZone: str(pick(d, 'time_zone', 'timezone')),
    location: str(d.location),
    canEdit: d.can_edit === undefined ? true : bool(d.can_edit),
  };
}

export async function getInformation(): Promise<OrgInfo> {
  return mapOrgInfo(await api.get('/information'));
}

/** POST /api/information (multipart; logo optional). Edits report 'Error' / 'Validation error' themselves. */
export async function updateInformation(input: { company_name: string; website: string; time_zone: string; location: string; logo?: File | null }): Promise<{ info: OrgInfo; message: string | null }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(input)) {
    if (v === undefined || v === null) continue;
    form.append(k, v instanceof File ? v : String(v));
  }
  const body = await api.post('/information', form, { notify: false });
  return { info: mapOrgInfo(body), message: strOrNull(obj(body).message) };
}

/**
 * Organization modules: `na` lists disabled names; entries with a dot are feature switches (m), the
 * others disable routes (r). approval_mode 'new' | 'old' (default 'old'); nda, compress, mom default 0.
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

export function mapModules(raw: unknown): OrgModules {
  const d = obj(raw);
  const naRaw = d.na;
  const na = (Array.isArray(naRaw) ? naRaw : typeof naRaw === 'string' ? naRaw.split(',') : arr(naRaw)).map((n) => str(n).trim()).filter((n) => n !== '');
  return {
    disabledRoutes: na.filter((n) => !n.includes('.')),
    disabledFeatures: na.filter((n) => n.includes('.')),
    approvalMode: d.approval_mode === 'new' ? 'new' : 'old',
    nda: num(d.nda, 0),
    compress: num(d.compress, 0),
    mom: num(d.mom, 0),
  };
}

/** GET /api/ of an organization host: { success, name, logo, data: { ..., modules } } */
export interface OrgPublic {
  name: string;
  logo: string | null;
  modules: OrgModules;
}

/** The organization of a host (this one by default). Throws ApiError (404 for an unknown organization). */
export async function getOrgPublic(origin = ''): Promise<OrgPublic | 'html'> {
  const body = await api.get('/api/', undefined, { origin: origin || undefined, public: true, notify: false });
  if (typeof body === 'string') return 'html';
  const b = obj(body);
  const d = obj(b.data);
  const name = strOrNull(pick(b, 'name') ?? pick(d, 'name'));
  if (!name) throw new ApiError(404, 'Invalid Organization URL');
  return { name, logo: logoUrl(strOrNull(pick(b, 'logo') ?? pick(d, 'logo')), origin), modules: mapModules(pick(d, 'modules') ?? b.modules) };
}

/** The organization check (name entry, portal): GET {org origin}/api/ must answer name and logo. */
export type OrgCheck = { kind: 'ok'; name: string; logo: string | null } | { kind: 'html' } | { kind: 'invalid' };

export async function checkOrganization(origin: string): Promise<OrgCheck> {
  try {
    const r = await getOrgPublic(origin);
    return r === 'html' ? { kind: 'html' } : { kind: 'ok', name: r.name, logo: r.logo };
  } catch (e) {
    if (e instanceof ApiError || e instanceof TypeError) return { kind: 'invalid' };
    throw e;
  }
}
