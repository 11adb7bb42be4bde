import { hostInfo, type HostInfo } from './host';

/**
 * Saved organizations live in a cookie shared across the parent domain (docs/product/overview.md#formats-and-limits), so the
 * portal on org.<parent> sees the organizations signed into on <slug>.<parent>.
 */
export interface SavedOrg {
  slug: string;
  name: string;
  logo?: string | null;
}

export const SAVED_ORGS_COOKIE = 'organizations';
const MAX_AGE_S = 365 * 24 * 3600;

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [k, ...rest] = part.trim().split('=');
    if (k === name) return rest.join('=');
  }
  return null;
}

export function savedOrgs(): SavedOrg[] {
  const raw = readCookie(SAVED_ORGS_COOKIE);
  if (!raw) return [];
  try {
    const list = JSON.parse(decodeURIComponent(raw)) as unknown;
    if (!Array.isArray(list)) return [];
    return list.filter((o): o is SavedOrg => !!o && typeof o === 'object' && typeof (o as SavedOrg).slug === 'string' && (o as SavedOrg).slug !== '');
  } catch {
    return [];
  }
}

function cookieDomain(info: HostInfo): string {
  // Browsers refuse Domain= for single-label hosts (localhost) and IPs; the cookie then stays host-only.
  return info.parentHostname.includes('.') ? `; domain=.${info.parentHostname}` : '';
}

export function writeSavedOrgs(list: SavedOrg[], info: HostInfo = hostInfo()): void {
  const value = encodeURIComponent(JSON.stringify(list));
  document.cookie = `${SAVED_ORGS_COOKIE}=${value}; path=/; max-age=${MAX_AGE_S}; SameSite=Lax${cookieDomain(info)}`;
}

export function saveOrg(org: SavedOrg, info: HostInfo = hostInfo()): SavedOrg[] {
  const slug = org.slug.toLowerCase();
  const list = savedOrgs().filter((o) => o.slug !== slug);
  list.push({ ...org, slug });
  writeSavedOrgs(list, info);
  return list;
}

export function removeSavedOrg(slug: string, info: HostInfo = hostInfo()): SavedOrg[] {
  const list = savedOrgs().filter((o) => o.slug !== slug);
  writeSavedOrgs(list, info);
  return list;
}
