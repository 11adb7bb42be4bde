import { routeList } from './core/route';
import { DecisionRoutes } from './meeting/decisions.routes';
import { MeetingRoutes } from './meeting/meetings.routes';
import { MemberRoutes } from './meeting/members.routes';
import { ProxyRoutes } from './meeting/proxies';
import { EvaluationRoutes } from './meeting/evaluations';
import { EvaluationReportRoutes } from './minutes/evaluation-report';
import { ChairRoutes } from './meeting/chair.routes';
import { RecordRoutes } from './meeting/record.routes';
import { AgendaRoutes } from './meeting/agenda.routes';
import { ActionRoutes } from './meeting/actions.routes';
import { CommentRoutes } from './meeting/comments.routes';
import { NoteRoutes } from './meeting/notes.routes';
import { DashboardRoutes } from './meeting/dashboards.routes';
import { CalendarFeedRoutes } from './meeting/calendar-feed';
import { LiveRoutes } from './meeting/live.routes';
import { NotificationRoutes } from './notification/notification.routes';
import { BoardRoutes, CommitteeRoutes } from './organization/committees.routes';
import { LogRoutes } from './organization/logs.routes';
import { NewsRoutes } from './organization/news.routes';
import { RoleRoutes } from './organization/roles.routes';
import { UserRoutes } from './organization/users.routes';
import { AuthRoutes } from './organization/auth.routes';
import { ProfileRoutes } from './organization/profile.routes';
import { SettingsRoutes } from './organization/settings.routes';
import { LibraryRoutes } from './library/library.routes';
import { AnnotationRoutes } from './library/annotations';
import { DownloadPolicyRoutes } from './library/library.policy';
import { PresentationRoutes } from './presentation/presentation.routes';
import { ApprovalRoutes } from './approval/approval.routes';
import { DocumentRoutes } from './approval/documents.routes';
import { SealRoutes } from './approval/verify.routes';
import { MinutesRoutes } from './minutes/minutes.routes';
import { BookSummaryRoutes } from './minutes/book-summary';
import { BookChangesRoutes } from './minutes/book-changes';
import { BookAnnotationRoutes } from './minutes/book-annotations';
import { SummaryRoutes } from './minutes/summary';
import { SearchRoutes } from './search/search.routes';

/**
 * The route table: every `/api` route of the product, by name. The gateway registers exactly these, /api/docs
 * documents exactly these, and the web calls them by name (`api(Routes.castVote, { params, body })`).
 * A new group of routes is one import and one line in each of the two lists below.
 */
export const Routes = {
  ...DecisionRoutes,
  ...MeetingRoutes,
  ...MemberRoutes,
  ...ProxyRoutes,
  ...EvaluationRoutes,
  ...EvaluationReportRoutes,
  ...ChairRoutes,
  ...RecordRoutes,
  ...AgendaRoutes,
  ...ActionRoutes,
  ...CommentRoutes,
  ...NoteRoutes,
  ...DashboardRoutes,
  ...CalendarFeedRoutes,
  ...LiveRoutes,
  ...NotificationRoutes,
  ...UserRoutes,
  ...RoleRoutes,
  ...CommitteeRoutes,
  ...BoardRoutes,
  ...NewsRoutes,
  ...LogRoutes,
  ...AuthRoutes,
  ...ProfileRoutes,
  ...SettingsRoutes,
  ...LibraryRoutes,
  ...AnnotationRoutes,
  ...DownloadPolicyRoutes,
  ...PresentationRoutes,
  ...ApprovalRoutes,
  ...DocumentRoutes,
  ...SealRoutes,
  ...MinutesRoutes,
  ...SummaryRoutes,
  ...BookSummaryRoutes,
  ...BookChangesRoutes,
  ...BookAnnotationRoutes,
  ...SearchRoutes,
} as const;

/** [name, route] pairs; throws at import when a name or a method + path is defined twice */
export const ROUTE_TABLE = routeList(
  DecisionRoutes,
  MeetingRoutes,
  MemberRoutes,
  ProxyRoutes,
  EvaluationRoutes,
  EvaluationReportRoutes,
  ChairRoutes,
  RecordRoutes,
  AgendaRoutes,
  ActionRoutes,
  CommentRoutes,
  NoteRoutes,
  DashboardRoutes,
  CalendarFeedRoutes,
  LiveRoutes,
  NotificationRoutes,
  UserRoutes,
  RoleRoutes,
  CommitteeRoutes,
  BoardRoutes,
  NewsRoutes,
  LogRoutes,
  AuthRoutes,
  ProfileRoutes,
  SettingsRoutes,
  LibraryRoutes,
  AnnotationRoutes,
  DownloadPolicyRoutes,
  PresentationRoutes,
  ApprovalRoutes,
  DocumentRoutes,
  SealRoutes,
  MinutesRoutes,
  SummaryRoutes,
  BookSummaryRoutes,
  BookChangesRoutes,
  BookAnnotationRoutes,
  SearchRoutes,
);
