import { z } from 'zod';

/** the kinds of a meeting's agenda items, numbered apart (the meeting domain's AGENDA_TYPES are these) */
export const MEETING_ITEM_KINDS = ['talking_point', 'decision', 'action'] as const;
export type MeetingItemKind = (typeof MEETING_ITEM_KINDS)[number];

/** an item of a meeting's agenda that a link opens: its kind (the agenda's entry type) and its id */
export interface MeetingItemRef {
  kind: MeetingItemKind;
  id: number;
}

/**
 * The hash of a link to an agenda item, without the '#': `_decision-3`, `_action-3`, `_talking_point-3`. Talking points,
 * decisions and actions number their ids apart, so the kind is part of it; the agenda list gives the item's element this
 * id too (the browser scrolls to it). docs/decisions.md#links-to-an-agenda-item
 */
export function meetingItemAnchor(item: MeetingItemRef): string {
  return `_${item.kind}-${item.id}`;
}

/**
 * The item a meeting page's hash names: `#_decision-3` that decision; `#_3` (links sent before the kind was part of
 * them) id 3 of any kind, `kind: null` (the page opens the first agenda entry with that id, as it always did).
 * Anything else (`#board-book`, `#_x`, `#_poll-3`, `#_0`) is null.
 */
export function parseMeetingItemHash(hash: string): { kind: MeetingItemKind | null; id: number } | null {
  const m = /^#_(?:([a-z_]+)-)?([1-9][0-9]{0,15})$/.exec(hash);
  if (!m) return null;
  const id = Number(m[2]);
  if (!Number.isSafeInteger(id)) return null;
  if (m[1] === undefined) return { kind: null, id };
  const kind = MEETING_ITEM_KINDS.find((k) => k === m[1]);
  return kind ? { kind, id } : null;
}

/**
 * App paths (the web's routes) that services put in e-mails and links. The web's routes.ts uses the
 * same builders, so a link in an e-mail and the route that serves it cannot drift apart.
 */
export const AppPaths = {
  root: () => '/',
  login: () => '/auth/login',
  organization: () => '/auth/organization',
  organizationPortals: () => '/auth/organization-portals',
  choosePortal: () => '/auth/choose-portal',
  forgotPassword: () => '/auth/forgot-password',
  /** verification of a sealed PDF, no sign-in (docs/product/approvals.md#verifying-a-sealed-pdf) */
  verifySeal: () => '/auth/verify-seal',
  checkEmail: () => '/auth/check-email',
  /** where single sign-on lands: the login page exchanges the one-time secret for a session */
  ssoLogin: (secret: string) => `/auth/login?secret=${encodeURIComponent(secret)}`,
  /** where a refused single sign-on lands: the SSO page shows the refusal of this error code */
  ssoFailed: (code: string) => `/auth/sso?error=${encodeURIComponent(code)}`,
  resetPassword: (token: string, email: string) => `/auth/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`,
  verifyEmail: (token: string, email: string) => `/auth/verify-email?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`,
  completeProfile: (token: string, email: string) => `/auth/complete-profile?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`,
  home: () => '/app/dashboards/home',
  calendar: () => '/app/dashboards/calender',
  news: () => '/app/dashboards/news',
  actionTracker: () => '/app/dashboards/action-tracker',
  meetings: () => '/app/activity/meetings',
  /** the meeting page; with an item, opened at it (`#_decision-3`, meetingItemAnchor) */
  meeting: (meetingId: number | string, item?: MeetingItemRef | null) => `/app/activity/meetings/${meetingId}${item ? `#${meetingItemAnchor(item)}` : ''}`,
  /** the meeting page scrolled to its board book card (the link a published agenda carries) */
  meetingBook: (meetingId: number | string) => `/app/activity/meetings/${meetingId}#board-book`,
  guestMeeting: (meetingId: number | string, token: string) => `/meeting/${meetingId}?token=${encodeURIComponent(token)}`,
  library: () => '/app/activity/library',
  approvals: () => '/app/activity/approvals',
  approval: (id: number | string) => `/app/activity/approval/${id}`,
  guestApproval: (id: number | string, token: string) => `/approval/${id}?token=${encodeURIComponent(token)}`,
  decisions: () => '/app/activity/decisions',
  /** the resolutions page with one standalone resolution open (a search result, docs/search.md) */
  resolution: (id: number | string) => `/app/activity/decisions?id=${id}`,
  /** a round of an evaluation to answer (docs/evaluations.md); the web's routes.evaluationAnswer */
  evaluationRound: (id: number | string) => `/app/activity/evaluations/rounds/${id}`,
  profile: () => '/app/settings/profile',
  editProfile: () => '/app/settings/profile/EditProfile',
  settingsOrganization: () => '/app/settings/organization',
  integrations: () => '/app/settings/integrations',
  notFound: () => '/404',
  conflict: () => '/409',
} as const;

/**
 * An app path (a value of AppPaths): what events, e-mail jobs and reminders carry instead of a full URL.
 * The host is added at the edge by orgUrl, from the organization's slug and the deployment's domain.
 */
export const zAppPath = z.string().min(1).max(2000).regex(/^\/(?![/\\])/, 'An app path starts with a single /.');
export type AppPath = z.output<typeof zAppPath>;

/** Where an organization's app is served: `{protocol}://{slug}.{baseDomain}`. */
export interface OrgHost {
  slug: string;
  /** PUBLIC_BASE_DOMAIN (localhost:3000) */
  baseDomain: string;
  protocol?: 'http' | 'https';
}

/** The organization's own origin: `{slug}.{baseDomain}` (demo.localhost:3000). */
export function orgOrigin(slug: string, baseDomain: string, protocol = 'http'): string {
  return `${protocol}://${slug}.${baseDomain}`;
}

/**
 * The one place that turns an app path into an absolute URL on an organization's host (e-mail links,
 * the single sign-on redirect): orgUrl({ slug: 'demo', baseDomain: 'localhost:3000' }, AppPaths.meeting(7))
 * is http://demo.localhost:3000/app/activity/meetings/7.
 */
export function orgUrl(host: OrgHost, path: string): string {
  return `${orgOrigin(host.slug, host.baseDomain, host.protocol ?? 'http')}${path.startsWith('/') ? path : `/${path}`}`;
}
