import type { Request } from 'express';
import type { Actor, Lang, OrgPublic, Variant } from '@app/contracts';

/** What the gateway attaches to each request before controllers run. */
export interface ApiRequest extends Request {
  correlationId: string;
  lang: Lang;
  /** the host's organization label (and variant marker), resolved lazily by the guard */
  orgSlug?: string;
  hostVariant?: Variant;
  /** 'org' first label: the organization-portal host with no organization of its own */
  portalHost?: boolean;
  org?: OrgPublic;
  actor?: Actor;
  sessionToken?: string;
}

/** The headers that can name a request's organization. */
export interface OrgHeaders {
  host?: string;
  forwardedHost?: string;
  xOrg?: string;
}

/**
 * Which of those headers to believe (docs/conventions.md "HTTP"): `X-Forwarded-Host` only from a trusted
 * proxy (TRUSTED_PROXIES, the peers whose X-Forwarded-For counts); `X-Org` from a trusted proxy, or from
 * anyone when ALLOW_X_ORG is on (outside production by default). Otherwise the Host alone.
 */
export function believedOrgHeaders(h: OrgHeaders, o: { peerTrusted: boolean; allowXOrg: boolean }): { host?: string; xOrg?: string } {
  return {
    host: (o.peerTrusted && h.forwardedHost) || h.host,
    xOrg: o.peerTrusted || o.allowXOrg ? h.xOrg : undefined,
  };
}

/** Is the direct peer one of TRUSTED_PROXIES? The same rule Express applies to X-Forwarded-For (`trust proxy`, main.ts). */
export function peerIsTrusted(req: Request): boolean {
  const trust = req.app?.get('trust proxy fn') as ((addr: string, i: number) => boolean) | undefined;
  const peer = req.socket?.remoteAddress;
  return !!trust && !!peer && trust(peer, 0);
}

/** The organization label of a request, from the headers it may use. */
export function orgOfRequest(req: Request, allowXOrg: boolean): ReturnType<typeof orgFromHost> {
  const h = believedOrgHeaders(
    { host: req.header('host'), forwardedHost: req.header('x-forwarded-host'), xOrg: req.header('x-org') },
    { peerTrusted: peerIsTrusted(req), allowXOrg },
  );
  return orgFromHost(h.host, h.xOrg);
}

/**
 * Host -> organization label. `demo.localhost:3000` is `demo`; a label ending in `-moe` or `-tender`
 * (`demo-moe.localhost`) selects that variant for organization `demo`; an `X-Org` header overrides the
 * host (local tools, tests, a trusted proxy: `believedOrgHeaders` decides whether it is passed). A bare host (localhost, an IP) has no organization.
 */
export function orgFromHost(host: string | undefined, xOrg: string | undefined): { slug?: string; variant?: Variant; portal: boolean } {
  const raw = (xOrg || '').trim().toLowerCase();
  let label = raw;
  if (!label) {
    const h = (host || '').toLowerCase().replace(/:\d+$/, '');
    if (!h || /^[\d.]+$/.test(h) || h.startsWith('[')) return { portal: false };
    const labels = h.split('.');
    if (labels.length < 2) return { portal: false };
    label = labels[0];
  }
  if (label === 'org') return { portal: true };
  if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(label)) return { portal: false };
  const m = /^(.+)-(moe|tender)$/.exec(label);
  if (m) return { slug: m[1], variant: m[2] as Variant, portal: false };
  return { slug: label, portal: false };
}
