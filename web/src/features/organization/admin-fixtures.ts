import type { PageMeta } from '@app/contracts';
import type { Board } from '../../api/boards';
import type { Committee } from '../../api/committees';
import type { LogEntry } from '../../api/logs';
import type { Role } from '../../api/roles';
import type { User, UserBrief } from '../../api/users';

/**
 * Answers of the administration routes for the web tests, typed with the contract (`satisfies`): a renamed or
 * missing field breaks these tests, and `api(route)` parses them with the very schemas the gateway answers.
 */
export const brief = (id: number, name: string) => ({ id, name, email: `${name.toLowerCase()}@example.com`, image: null, position: null, designation: null }) satisfies UserBrief;

export const userRow = (id: number, name: string, over: Partial<User> = {}) =>
  ({
    id,
    name,
    email: `${name.toLowerCase()}@example.com`,
    phone: '1',
    position: null,
    designation: null,
    date_of_birth: null,
    image: null,
    avatar: null,
    role_id: 2,
    role: { id: 2, name: 'Member' },
    is_admin: false,
    team: null,
    admin_committees: [],
    member_committees: [],
    status: 'Active',
    email_verified: true,
    two_factor: false,
    lang: 'en',
    created_at: '2025-01-02 10:00:00',
    deleted_at: null,
    ...over,
  }) satisfies User;

export const roleRow = (over: Partial<Role> = {}) =>
  ({ id: 5, name: 'Chair', builtin: null, is_admin: false, permissions: [{ slug: 'news_show' }], users: [brief(1, 'Ada')], users_count: 1, can_edit: true, can_delete: true, created_at: '2025-01-02 10:00:00', ...over }) satisfies Role;

export const committeeRow = (over: Partial<Committee> = {}) =>
  ({
    id: 9,
    name: 'Audit',
    description: 'Audits',
    quorum: 60,
    status: 'active',
    admins: [brief(1, 'Ada')],
    users: [brief(1, 'Ada')],
    admins_count: 1,
    users_count: 1,
    weights: [{ user_id: 1, weight: 1 }],
    can_edit: true,
    created_at: '2025-01-02 10:00:00',
    ...over,
  }) satisfies Committee;

export const boardRow = (over: Partial<Board> = {}) =>
  ({ ...committeeRow({ id: 7, name: 'Main board', description: 'The board', quorum: 50 }), expiration_date: null, expired: false, committees: [], ...over }) satisfies Board;

export const logRow = (over: Partial<LogEntry> = {}) =>
  ({ id: 41, username: 'ada', date: '2025-01-02', time: '10:11:12', activity: 'Signed in', created_at: '2025-01-02 10:11:12', ...over }) satisfies LogEntry;

/** a paged answer: `{ success, data, meta }` */
export const pagedAnswer = <T>(data: T[], meta: Partial<PageMeta> = {}) => ({ success: true, data, meta: { page: 1, per_page: 10, total: data.length, last_page: 1, ...meta } satisfies PageMeta });
