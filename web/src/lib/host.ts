import { orgOrigin, orgUrl } from '@app/contracts';

/**
 * The organization comes from the host's first label (docs/conventions.md): demo.localhost:3000 is
 * `demo`. A host whose first label is `org` is the organization portal (docs/product/overview.md#screens-and-routes).
 */
export interface HostInfo {
  hostname: string;
  /** host with port */
  host: string;
  protocol: string;
  firstLabel: string;
  /** host (with port) without the first label, e.g. `localhost:3000` for demo.localhost:3000 */
  parentHost: string;
  /** hostname without the first label, e.g. `example.com` */
  parentHostname: string;
}

const IP = /^\d{1,3}(\.\d{1,3}){3}$/;

export function hostInfo(loc: Pick<Location, 'hostname' | 'host' | 'protocol'> = window.location): HostInfo {
  const labels = loc.hostname.split('.');
  const multi = labels.length > 1 && !IP.test(loc.hostname);
  const firstLabel = multi ? labels[0].toLowerCase() : '';
  const parentHostname = multi ? labels.slice(1).join('.') : loc.hostname;
  const port = loc.host.slice(loc.hostname.length); // ':3000' or ''
  return {
    hostname: loc.hostname,
    host: loc.host,
    protocol: loc.protocol,
    firstLabel,
    parentHost: `${parentHostname}${port}`,
    parentHostname,
  };
}

/** The organization slug of this host ('' on a bare host such as localhost). */
export function currentOrgSlug(info: HostInfo = hostInfo()): string {
  if (!info.firstLabel || info.firstLabel === 'www' || info.firstLabel === 'org') return '';
  return info.firstLabel;
}

/** Organization host mode: the portal lives on `org.<parent>` (docs/product/overview.md#screens-and-routes). */
export function isPortalHost(info: HostInfo = hostInfo()): boolean {
  return info.firstLabel === 'org';
}

/** Origin of another organization beside this host: demo + org.localhost:3000 -> http://demo.localhost:3000 */
export function originOfOrg(slug: string, info: HostInfo = hostInfo()): string {
  return orgOrigin(slug.trim().toLowerCase(), info.parentHost, info.protocol.replace(':', ''));
}

/** A page of another organization beside this host (orgUrl, the one builder of organization URLs): demo + /auth/login -> http://demo.localhost:3000/auth/login */
export function urlOfOrg(slug: string, path: string, info: HostInfo = hostInfo()): string {
  return orgUrl({ slug: slug.trim().toLowerCase(), baseDomain: info.parentHost, protocol: info.protocol === 'https:' ? 'https' : 'http' }, path);
}

/** The theme settings drawer is shown only on localhost and the test host (docs/product/overview.md#screens-and-routes). */
export function isThemeHost(info: HostInfo = hostInfo()): boolean {
  const h = info.hostname.toLowerCase();
  return h === 'localhost' || h === '127.0.0.1' || h.endsWith('.localhost') || info.firstLabel === 'test' || h.startsWith('test-');
}

/** The upload-minutes control appears only on local and test hosts (docs/product/minutes.md): the theme drawer's hosts. */
export function isLocalOrTestHost(info: HostInfo = hostInfo()): boolean {
  return isThemeHost(info);
}

/** A guest link carries its token in the URL; guests are not logged out on 401/403 (docs/product/sign-in.md#guests). */
export function hasUrlToken(search: string = window.location.search): boolean {
  const token = new URLSearchParams(search).get('token');
  return token !== null && token !== '';
}
