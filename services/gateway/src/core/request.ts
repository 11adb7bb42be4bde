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

/**
 * Host -> organization label. `demo.localhost:3000` is `demo`; a label ending in `-moe` or `-tender`
 * (`demo-moe.localhost`) selects that variant for organization `demo`; an `X-Org` header overrides the
 * host (local tools and tests). A bare host (localhost, an IP) has no organization.
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
