/**
 * Translation resources: one namespace per feature (locales/<lng>/<feature>.json).
 * fr shows the English texts (docs/product/overview.md#formats-and-limits); a key missing in ar or ru falls back to English.
 */
import en_common from '../locales/en/common.json';
import en_validation from '../locales/en/validation.json';
import en_shell from '../locales/en/shell.json';
import en_tour from '../locales/en/tour.json';
import en_auth from '../locales/en/auth.json';
import en_portal from '../locales/en/portal.json';
import en_errors from '../locales/en/errors.json';
import en_home from '../locales/en/home.json';
import en_news from '../locales/en/news.json';
import en_activity from '../locales/en/activity.json';
import en_profile from '../locales/en/profile.json';
import en_integrations from '../locales/en/integrations.json';
import en_organization from '../locales/en/organization.json';
import en_users from '../locales/en/users.json';
import en_roles from '../locales/en/roles.json';
import en_committees from '../locales/en/committees.json';
import en_boards from '../locales/en/boards.json';
import en_logs from '../locales/en/logs.json';
import en_actions from '../locales/en/actions.json';
import en_decisions from '../locales/en/decisions.json';
import en_library from '../locales/en/library.json';
import en_meeting from '../locales/en/meeting.json';
import en_presentation from '../locales/en/presentation.json';
import en_minutes from '../locales/en/minutes.json';
import en_recorder from '../locales/en/recorder.json';
import en_viewer from '../locales/en/viewer.json';
import en_approvals from '../locales/en/approvals.json';
import en_signing from '../locales/en/signing.json';
import en_verify from '../locales/en/verify.json';
import en_search from '../locales/en/search.json';
import en_evaluations from '../locales/en/evaluations.json';
import ar_common from '../locales/ar/common.json';
import ar_validation from '../locales/ar/validation.json';
import ar_shell from '../locales/ar/shell.json';
import ar_tour from '../locales/ar/tour.json';
import ar_auth from '../locales/ar/auth.json';
import ar_portal from '../locales/ar/portal.json';
import ar_errors from '../locales/ar/errors.json';
import ar_home from '../locales/ar/home.json';
import ar_news from '../locales/ar/news.json';
import ar_activity from '../locales/ar/activity.json';
import ar_profile from '../locales/ar/profile.json';
import ar_integrations from '../locales/ar/integrations.json';
import ar_organization from '../locales/ar/organization.json';
import ar_users from '../locales/ar/users.json';
import ar_roles from '../locales/ar/roles.json';
import ar_committees from '../locales/ar/committees.json';
import ar_boards from '../locales/ar/boards.json';
import ar_logs from '../locales/ar/logs.json';
import ar_actions from '../locales/ar/actions.json';
import ar_decisions from '../locales/ar/decisions.json';
import ar_library from '../locales/ar/library.json';
import ar_meeting from '../locales/ar/meeting.json';
import ar_presentation from '../locales/ar/presentation.json';
import ar_minutes from '../locales/ar/minutes.json';
import ar_recorder from '../locales/ar/recorder.json';
import ar_viewer from '../locales/ar/viewer.json';
import ar_approvals from '../locales/ar/approvals.json';
import ar_signing from '../locales/ar/signing.json';
import ar_verify from '../locales/ar/verify.json';
import ar_search from '../locales/ar/search.json';
import ar_evaluations from '../locales/ar/evaluations.json';
import ru_common from '../locales/ru/common.json';
import ru_validation from '../locales/ru/validation.json';
import ru_shell from '../locales/ru/shell.json';
import ru_tour from '../locales/ru/tour.json';
import ru_auth from '../locales/ru/auth.json';
import ru_portal from '../locales/ru/portal.json';
import ru_errors from '../locales/ru/errors.json';
import ru_home from '../locales/ru/home.json';
import ru_news from '../locales/ru/news.json';
import ru_activity from '../locales/ru/activity.json';
import ru_profile from '../locales/ru/profile.json';
import ru_integrations from '../locales/ru/integrations.json';
import ru_organization from '../locales/ru/organization.json';
import ru_users from '../locales/ru/users.json';
import ru_roles from '../locales/ru/roles.json';
import ru_committees from '../locales/ru/committees.json';
import ru_boards from '../locales/ru/boards.json';
import ru_logs from '../locales/ru/logs.json';
import ru_actions from '../locales/ru/actions.json';
import ru_decisions from '../locales/ru/decisions.json';
import ru_library from '../locales/ru/library.json';
import ru_meeting from '../locales/ru/meeting.json';
import ru_presentation from '../locales/ru/presentation.json';
import ru_minutes from '../locales/ru/minutes.json';
import ru_recorder from '../locales/ru/recorder.json';
import ru_viewer from '../locales/ru/viewer.json';
import ru_approvals from '../locales/ru/approvals.json';
import ru_signing from '../locales/ru/signing.json';
import ru_verify from '../locales/ru/verify.json';
import ru_search from '../locales/ru/search.json';
import ru_evaluations from '../locales/ru/evaluations.json';

export const NAMESPACES = ['common', 'validation', 'shell', 'tour', 'auth', 'portal', 'errors', 'home', 'news', 'activity', 'profile', 'integrations', 'organization', 'users', 'roles', 'committees', 'boards', 'logs', 'actions', 'decisions', 'library', 'meeting', 'presentation', 'viewer', 'approvals', 'minutes', 'recorder', 'signing', 'verify', 'search', 'evaluations'] as const;
export type Namespace = (typeof NAMESPACES)[number];

const en = {
  common: en_common,
  validation: en_validation,
  shell: en_shell,
  tour: en_tour,
  auth: en_auth,
  portal: en_portal,
  errors: en_errors,
  home: en_home,
  news: en_news,
  activity: en_activity,
  profile: en_profile,
  integrations: en_integrations,
  organization: en_organization,
  users: en_users,
  roles: en_roles,
  committees: en_committees,
  boards: en_boards,
  logs: en_logs,
  actions: en_actions,
  decisions: en_decisions,
  library: en_library,
  meeting: en_meeting,
  presentation: en_presentation,
  minutes: en_minutes,
  recorder: en_recorder,
  viewer: en_viewer,
  approvals: en_approvals,
  signing: en_signing,
  verify: en_verify,
  search: en_search,
  evaluations: en_evaluations,
};
const ar = {
  common: ar_common,
  validation: ar_validation,
  shell: ar_shell,
  tour: ar_tour,
  auth: ar_auth,
  portal: ar_portal,
  errors: ar_errors,
  home: ar_home,
  news: ar_news,
  activity: ar_activity,
  profile: ar_profile,
  integrations: ar_integrations,
  organization: ar_organization,
  users: ar_users,
  roles: ar_roles,
  committees: ar_committees,
  boards: ar_boards,
  logs: ar_logs,
  actions: ar_actions,
  decisions: ar_decisions,
  library: ar_library,
  meeting: ar_meeting,
  presentation: ar_presentation,
  minutes: ar_minutes,
  recorder: ar_recorder,
  viewer: ar_viewer,
  approvals: ar_approvals,
  signing: ar_signing,
  verify: ar_verify,
  search: ar_search,
  evaluations: ar_evaluations,
};
const ru = {
  common: ru_common,
  validation: ru_validation,
  shell: ru_shell,
  tour: ru_tour,
  auth: ru_auth,
  portal: ru_portal,
  errors: ru_errors,
  home: ru_home,
  news: ru_news,
  activity: ru_activity,
  profile: ru_profile,
  integrations: ru_integrations,
  organization: ru_organization,
  users: ru_users,
  roles: ru_roles,
  committees: ru_committees,
  boards: ru_boards,
  logs: ru_logs,
  actions: ru_actions,
  decisions: ru_decisions,
  library: ru_library,
  meeting: ru_meeting,
  presentation: ru_presentation,
  minutes: ru_minutes,
  recorder: ru_recorder,
  viewer: ru_viewer,
  approvals: ru_approvals,
  signing: ru_signing,
  verify: ru_verify,
  search: ru_search,
  evaluations: ru_evaluations,
};

export const resources = { en, fr: en, ar, ru };
