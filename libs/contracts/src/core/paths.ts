import { z } from 'zod';

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
  meeting: (meetingId: number | string, itemId?: number | string) => `/app/activity/meetings/${meetingId}${itemId ? `#_${itemId}` : ''}`,
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
