import { AppPaths } from '@app/contracts';

/**
 * Every path of the web app (docs/product/overview.md#screens-and-routes). Paths that services put in e-mails come from
 * AppPaths in @app/contracts, so a link and the route that serves it cannot drift apart.
 */
export const ROUTES = {
  root: AppPaths.root(),
  app: '/app',

  // sign-in (docs/product/sign-in.md)
  auth: '/auth',
  login: AppPaths.login(),
  forgotPassword: AppPaths.forgotPassword(),
  /** verification of a sealed PDF, no sign-in */
  verifySeal: AppPaths.verifySeal(),
  checkEmail: AppPaths.checkEmail(),
  resetPassword: '/auth/reset-password',
  verifyEmail: '/auth/verify-email',
  completeProfile: '/auth/complete-profile',
  sso: '/auth/sso',
  authNotFound: '/auth/404',
  authServerError: '/auth/500',
  organization: AppPaths.organization(),
  choosePortal: AppPaths.choosePortal(),
  organizationPortals: AppPaths.organizationPortals(),

  // dashboards
  dashboards: '/app/dashboards',
  home: AppPaths.home(),
  calendar: AppPaths.calendar(),
  news: AppPaths.news(),
  actionTracker: AppPaths.actionTracker(),

  // activity (meetings, approvals and library screens arrive in later issues)
  activity: '/app/activity',
  meetings: AppPaths.meetings(),
  meeting: '/app/activity/meetings/:meetingId',
  library: AppPaths.library(),
  approvals: AppPaths.approvals(),
  approvalsUpload: '/app/activity/approvals-uploadfile',
  approval: '/app/activity/approval/:id',
  /** the signing page of a member (docs/approval.md#the-signing-page): route parameter unique (the approval) */
  signing: '/app/activity/approval/:unique/sign',
  decisions: AppPaths.decisions(),
  /** evaluations and questionnaires (docs/evaluations.md): the member's rounds and, for builders, the questionnaires */
  evaluations: '/app/activity/evaluations',
  /** build (id 'new') or edit a questionnaire, and send it */
  questionnaire: '/app/activity/evaluations/questionnaires/:id',
  evaluationAnswer: '/app/activity/evaluations/rounds/:roundId',
  evaluationResults: '/app/activity/evaluations/rounds/:roundId/results',
  /** the header's search box: results grouped by kind (docs/search.md), ?q=&kind= */
  search: '/app/search',

  // settings
  settings: '/app/settings',
  profile: AppPaths.profile(),
  editProfile: AppPaths.editProfile(),
  settingsOrganization: AppPaths.settingsOrganization(),
  orgInformation: '/app/settings/organization/information',
  orgUsers: '/app/settings/organization/users',
  orgRoles: '/app/settings/organization/roles',
  orgCommittees: '/app/settings/organization/committees',
  orgBoards: '/app/settings/organization/boards',
  orgLogs: '/app/settings/organization/logs',
  integrations: AppPaths.integrations(),
  /** the voice commands' help page (docs/product/voice.md) */
  voiceCommands: '/app/settings/voice-commands',

  // guest pages (header only)
  guestMeeting: '/meeting/:meetingId',
  guestApproval: '/approval/:id',
  /** the signing page of a guest: route parameters unique (the approval) and token (their link's) */
  guestSigning: '/approval/:unique/:token',

  // viewers (later issues)
  docView: '/doc-view',
  documentView: '/document-view/:fileId',
  document: '/document/:fileId/:meetingId',
  viewer: '/viewer/:meetingId/:fileId',
  presentation: '/presentation/:meetingId/:fileId',
  meetingRoom: '/ijmeet/:meetingId',
  sheet: '/sheets/:sheetId',
  sheetInMeeting: '/sheets/:sheetId/:meetingId',

  // errors
  notFound: AppPaths.notFound(),
  conflict: AppPaths.conflict(),
} as const;

/** docs/product/overview.md#screens-and-routes: /app goes to approvals when 'home' is a disabled module, otherwise to the dashboards. */
export function appHome(disabledRoutes: readonly string[]): string {
  return disabledRoutes.includes('home') ? ROUTES.approvals : ROUTES.dashboards;
}

/** docs/product/overview.md#screens-and-routes: any route whose path contains a disabled-module name goes to /404. */
export function isPathDisabled(pathname: string, disabledRoutes: readonly string[]): boolean {
  const p = pathname.toLowerCase();
  return disabledRoutes.some((name) => name !== '' && p.includes(name.toLowerCase()));
}

/** Paths reachable on the organization portal host (docs/product/sign-in.md#organization-portal). */
export function portalHostTarget(pathname: string, hasSavedOrgs: boolean): string | null {
  const allowed: string[] = hasSavedOrgs ? [ROUTES.choosePortal, ROUTES.organizationPortals, ROUTES.organization] : [ROUTES.organization];
  if (allowed.includes(pathname.replace(/\/+$/, ''))) return null;
  return hasSavedOrgs ? ROUTES.organizationPortals : ROUTES.organization;
}
