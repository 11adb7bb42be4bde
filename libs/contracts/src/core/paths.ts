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
  checkEmail: () => '/auth/check-email',
  resetPassword: (token: string, email: string) => `/auth/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`,
  verifyEmail: (token: string, email: string) => `/auth/verify-email?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`,
  completeProfile: (token: string, email: string) => `/auth/complete-profile?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`,
  home: () => '/app/dashboards/home',
  calendar: () => '/app/dashboards/calender',
  news: () => '/app/dashboards/news',
  actionTracker: () => '/app/dashboards/action-tracker',
  meetings: () => '/app/activity/meetings',
  meeting: (meetingId: number | string, itemId?: number | string) => `/app/activity/meetings/${meetingId}${itemId ? `#_${itemId}` : ''}`,
  guestMeeting: (meetingId: number | string, token: string) => `/meeting/${meetingId}?token=${encodeURIComponent(token)}`,
  library: () => '/app/activity/library',
  approvals: () => '/app/activity/approvals',
  approval: (id: number | string) => `/app/activity/approval/${id}`,
  guestApproval: (id: number | string, token: string) => `/approval/${id}?token=${encodeURIComponent(token)}`,
  decisions: () => '/app/activity/decisions',
  profile: () => '/app/settings/profile',
  editProfile: () => '/app/settings/profile/EditProfile',
  settingsOrganization: () => '/app/settings/organization',
  integrations: () => '/app/settings/integrations',
  notFound: () => '/404',
  conflict: () => '/409',
} as const;

/** The organization's own origin: `{slug}.{baseDomain}` (demo.localhost:3000). */
export function orgOrigin(slug: string, baseDomain: string, protocol = 'http'): string {
  return `${protocol}://${slug}.${baseDomain}`;
}
