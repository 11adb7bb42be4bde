import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Loading } from './components/Loading';
import { AuthLayout } from './features/auth/AuthLayout';
import { LoginPage } from './features/auth/LoginPage';
import { ErrorPage } from './features/errors/ErrorPage';
import { AppIndexRedirect, GuestTokenGate, ModulesGate, NavigatorBridge, PortalHostGate, RequireAuth } from './guards';
import { ROUTES } from './routes';
import { AppShell } from './shell/AppShell';
import { GuestLayout } from './shell/GuestLayout';

// screens load on demand; the sign-in page and the shell are in the first chunk
const named = <T extends Record<string, unknown>, K extends keyof T>(load: () => Promise<T>, name: K) => lazy(async () => ({ default: (await load())[name] as ComponentType<any> }));

const ForgotPasswordPage = named(() => import('./features/auth/ForgotPasswordPage'), 'ForgotPasswordPage');
const CheckEmailPage = named(() => import('./features/auth/CheckEmailPage'), 'CheckEmailPage');
const ResetPasswordPage = named(() => import('./features/auth/ResetPasswordPage'), 'ResetPasswordPage');
const VerifyEmailPage = named(() => import('./features/auth/VerifyEmailPage'), 'VerifyEmailPage');
const CompleteProfilePage = named(() => import('./features/auth/CompleteProfilePage'), 'CompleteProfilePage');
const SsoPage = named(() => import('./features/auth/SsoPage'), 'SsoPage');
const AuthErrorPage = lazy(async () => ({ default: (await import('./features/auth/AuthErrorPage')).AuthErrorPage }));
const OrganizationPage = named(() => import('./features/portal/OrganizationPage'), 'OrganizationPage');
const PortalPage = lazy(async () => ({ default: (await import('./features/portal/PortalPage')).PortalPage }));

const HomePage = named(() => import('./features/dashboards/HomePage'), 'HomePage');
const CalendarPage = named(() => import('./features/dashboards/CalendarPage'), 'CalendarPage');
const NewsPage = named(() => import('./features/dashboards/NewsPage'), 'NewsPage');
const ActionTrackerPage = named(() => import('./features/dashboards/ActionTrackerPage'), 'ActionTrackerPage');
const ResolutionsPage = named(() => import('./features/resolutions/ResolutionsPage'), 'ResolutionsPage');
const MeetingsPage = named(() => import('./features/meeting/MeetingsPage'), 'MeetingsPage');
const MeetingDetailsPage = named(() => import('./features/meeting/MeetingDetailsPage'), 'MeetingDetailsPage');
const GuestMeetingPage = named(() => import('./features/meeting/GuestMeetingPage'), 'GuestMeetingPage');
const ApprovalsPage = named(() => import('./features/approvals/ApprovalsPage'), 'ApprovalsPage');
const ApprovalCreatePage = named(() => import('./features/approvals/ApprovalCreatePage'), 'ApprovalCreatePage');
const ApprovalDetailsPage = named(() => import('./features/approvals/ApprovalDetailsPage'), 'ApprovalDetailsPage');
const GuestApprovalPage = named(() => import('./features/approvals/ApprovalDetailsPage'), 'GuestApprovalPage');
const SigningPage = named(() => import('./features/approvals/SigningPage'), 'SigningPage');
const EvaluationsPage = named(() => import('./features/evaluations/EvaluationsPage'), 'EvaluationsPage');
const QuestionnairePage = named(() => import('./features/evaluations/QuestionnairePage'), 'QuestionnairePage');
const AnswerPage = named(() => import('./features/evaluations/AnswerPage'), 'AnswerPage');
const ResultsPage = named(() => import('./features/evaluations/ResultsPage'), 'ResultsPage');
const SearchPage = named(() => import('./features/search/SearchPage'), 'SearchPage');
const VerifySealPage = named(() => import('./features/approvals/VerifySealPage'), 'VerifySealPage');

const ProfilePage = named(() => import('./features/settings/ProfilePage'), 'ProfilePage');
const EditProfilePage = named(() => import('./features/settings/EditProfilePage'), 'EditProfilePage');
const IntegrationsPage = named(() => import('./features/settings/IntegrationsPage'), 'IntegrationsPage');
const VoiceHelpPage = named(() => import('./features/voice/VoiceHelpPage'), 'VoiceHelpPage');
const OrganizationLayout = named(() => import('./features/organization/OrganizationLayout'), 'OrganizationLayout');
const RequirePermission = named(() => import('./features/organization/OrganizationLayout'), 'RequirePermission');
const InformationPage = named(() => import('./features/organization/InformationPage'), 'InformationPage');
const UsersPage = named(() => import('./features/organization/UsersPage'), 'UsersPage');
const RolesPage = named(() => import('./features/organization/RolesPage'), 'RolesPage');
const CommitteesPage = named(() => import('./features/organization/CommitteesPage'), 'CommitteesPage');
const BoardsPage = named(() => import('./features/organization/BoardsPage'), 'BoardsPage');
const LogsPage = named(() => import('./features/organization/LogsPage'), 'LogsPage');

const PresentationPage = named(() => import('./features/presentation/PresentationPage'), 'PresentationPage');
const ViewerPage = lazy(async () => ({ default: (await import('./features/guest/GuestPage')).ViewerPage }));
const LibraryPage = named(() => import('./features/library/LibraryPage'), 'LibraryPage');
const DocumentPage = named(() => import('./features/viewers/DocumentPage'), 'DocumentPage');
const SheetPage = named(() => import('./features/viewers/SheetPage'), 'SheetPage');
const FileViewerPage = named(() => import('./features/viewers/FileViewerPage'), 'FileViewerPage');

const page = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

/** The route table of docs/product/overview.md#screens-and-routes; every path comes from routes.ts. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<NavigatorBridge />}>
        <Route element={<PortalHostGate />}>
          <Route path={ROUTES.notFound} element={<ErrorPage code={404} />} />
          <Route path={ROUTES.conflict} element={<ErrorPage code={409} />} />

          <Route element={<ModulesGate />}>
            <Route path={ROUTES.root} element={<Navigate to={ROUTES.app} replace />} />

            <Route path={ROUTES.auth} element={<AuthLayout />}>
              <Route index element={<Navigate to={ROUTES.login} replace />} />
              <Route path={ROUTES.login} element={<LoginPage />} />
              <Route path={ROUTES.forgotPassword} element={page(<ForgotPasswordPage />)} />
              <Route path={ROUTES.verifySeal} element={page(<VerifySealPage />)} />
              <Route path={ROUTES.checkEmail} element={page(<CheckEmailPage />)} />
              <Route path={ROUTES.resetPassword} element={page(<ResetPasswordPage />)} />
              <Route path={ROUTES.verifyEmail} element={page(<VerifyEmailPage />)} />
              <Route path={ROUTES.completeProfile} element={page(<CompleteProfilePage />)} />
              <Route path={ROUTES.sso} element={page(<SsoPage />)} />
              <Route path={ROUTES.authNotFound} element={page(<AuthErrorPage code={404} />)} />
              <Route path={ROUTES.authServerError} element={page(<AuthErrorPage code={500} />)} />
              <Route path={ROUTES.organization} element={page(<OrganizationPage />)} />
              <Route path={ROUTES.choosePortal} element={page(<PortalPage variant="choose" />)} />
              <Route path={ROUTES.organizationPortals} element={page(<PortalPage variant="portals" />)} />
              <Route path="*" element={<Navigate to={ROUTES.notFound} replace />} />
            </Route>

            <Route path={ROUTES.app} element={<RequireAuth />}>
              <Route element={<AppShell />}>
                <Route index element={<AppIndexRedirect />} />
                <Route path={ROUTES.dashboards}>
                  <Route index element={<Navigate to={ROUTES.home} replace />} />
                  <Route path={ROUTES.home} element={page(<HomePage />)} />
                  <Route path={ROUTES.calendar} element={page(<CalendarPage />)} />
                  <Route path={ROUTES.news} element={page(<NewsPage />)} />
                  <Route path={ROUTES.actionTracker} element={page(<ActionTrackerPage />)} />
                </Route>
                <Route path={ROUTES.activity}>
                  <Route index element={<Navigate to={ROUTES.meetings} replace />} />
                  <Route path={ROUTES.meetings} element={page(<MeetingsPage />)} />
                  <Route path={ROUTES.meeting} element={page(<MeetingDetailsPage />)} />
                  <Route path={ROUTES.library} element={page(<LibraryPage />)} />
                  <Route path={ROUTES.approvals} element={page(<ApprovalsPage />)} />
                  <Route path={ROUTES.approvalsUpload} element={page(<ApprovalCreatePage />)} />
                  <Route path={ROUTES.approval} element={page(<ApprovalDetailsPage />)} />
                  <Route path={ROUTES.signing} element={page(<SigningPage />)} />
                  <Route path={ROUTES.decisions} element={page(<ResolutionsPage />)} />
                  <Route path={ROUTES.evaluations} element={page(<EvaluationsPage />)} />
                  <Route path={ROUTES.questionnaire} element={page(<QuestionnairePage />)} />
                  <Route path={ROUTES.evaluationAnswer} element={page(<AnswerPage />)} />
                  <Route path={ROUTES.evaluationResults} element={page(<ResultsPage />)} />
                </Route>
                <Route path={ROUTES.search} element={page(<SearchPage />)} />
                <Route path={ROUTES.settings}>
                  <Route index element={<Navigate to={ROUTES.profile} replace />} />
                  <Route path={ROUTES.profile} element={page(<ProfilePage />)} />
                  <Route path={ROUTES.editProfile} element={page(<EditProfilePage />)} />
                  <Route path={ROUTES.settingsOrganization} element={page(<OrganizationLayout />)}>
                    <Route index element={<Navigate to={ROUTES.orgInformation} replace />} />
                    <Route path={ROUTES.orgInformation} element={page(<InformationPage />)} />
                    <Route path={ROUTES.orgUsers} element={page(<RequirePermission slug="users_manage"><UsersPage /></RequirePermission>)} />
                    <Route path={ROUTES.orgRoles} element={page(<RequirePermission slug="roles_manage"><RolesPage /></RequirePermission>)} />
                    <Route path={ROUTES.orgCommittees} element={page(<CommitteesPage />)} />
                    <Route path={ROUTES.orgBoards} element={page(<BoardsPage />)} />
                    <Route path={ROUTES.orgLogs} element={page(<RequirePermission slug="logs_show"><LogsPage /></RequirePermission>)} />
                  </Route>
                  <Route path={ROUTES.integrations} element={page(<IntegrationsPage />)} />
                  <Route path={ROUTES.voiceCommands} element={page(<VoiceHelpPage />)} />
                </Route>
                <Route path="*" element={<Navigate to={ROUTES.notFound} replace />} />
              </Route>
            </Route>

            <Route element={<GuestTokenGate />}>
              <Route element={<GuestLayout />}>
                <Route path={ROUTES.guestMeeting} element={page(<GuestMeetingPage />)} />
                <Route path={ROUTES.guestApproval} element={page(<GuestApprovalPage />)} />
                <Route path={ROUTES.guestSigning} element={page(<SigningPage />)} />
                <Route path={ROUTES.docView} element={page(<DocumentPage route="docView" />)} />
                <Route path={ROUTES.documentView} element={page(<DocumentPage route="documentView" />)} />
                <Route path={ROUTES.document} element={page(<DocumentPage route="document" />)} />
                <Route path={ROUTES.viewer} element={page(<FileViewerPage />)} />
                <Route path={ROUTES.presentation} element={page(<PresentationPage mode="live" />)} />
                <Route path={ROUTES.meetingRoom} element={page(<ViewerPage kind="meetingRoom" />)} />
                <Route path={ROUTES.sheet} element={page(<SheetPage />)} />
                <Route path={ROUTES.sheetInMeeting} element={page(<SheetPage />)} />
              </Route>
            </Route>
          </Route>

          <Route path="*" element={<Navigate to={ROUTES.notFound} replace />} />
        </Route>
      </Route>
    </Routes>
  );
}
