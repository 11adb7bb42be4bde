import { api, dataOf } from './client';
import { arr, flag, num, obj, pick, str, strOrNull } from './fields';
import { listOf, pageOf, type Page } from './paging';
import { imageUrl } from './profile';

/** Users (platform.md §3): mapping kept here only. */
export type UserStatus = 'Active' | 'Inactive' | 'Pending';
export interface Ref {
  id: number;
  name: string;
}
export interface User {
  id: number;
  name: string;
  email: string;
  phone: string;
  position: string;
  designation: string;
  dateOfBirth: string | null;
  avatar: string | null;
  role: Ref | null;
  team: string;
  adminCommittees: Ref[];
  memberCommittees: Ref[];
  status: UserStatus;
  /** what the API allows on this row (absent flags mean allowed; the server decides) */
  canEdit: boolean;
  canDelete: boolean;
}

export function mapRef(raw: unknown): Ref {
  const o = obj(raw);
  return typeof raw === 'number' ? { id: raw, name: String(raw) } : { id: num(o.id), name: str(pick(o, 'name', 'title', 'email')) };
}

export function mapStatus(v: unknown): UserStatus {
  if (typeof v === 'string') {
    const s = v.toLowerCase();
    if (s === 'active' || s === '1') return 'Active';
    if (s === 'pending' || s === '2') return 'Pending';
    return 'Inactive';
  }
  if (v === 1 || v === true) return 'Active';
  if (v === 2) return 'Pending';
  return 'Inactive';
}

export function mapUser(raw: unknown): User {
  const u = obj(raw);
  const role = pick(u, 'role');
  return {
    id: num(u.id),
    name: str(u.name),
    email: str(u.email),
    phone: str(u.phone),
    position: str(u.position),
    designation: str(u.designation),
    dateOfBirth: strOrNull(pick(u, 'date_of_birth', 'birth_date', 'dob')),
    avatar: imageUrl(strOrNull(pick(u, 'avatar', 'image'))),
    role: role === undefined ? null : typeof role === 'object' ? mapRef(role) : { id: num(pick(u, 'role_id')), name: str(role) },
    team: str(u.team),
    adminCommittees: arr(pick(u, 'admin_committees', 'committees_as_admin')).map(mapRef),
    memberCommittees: arr(pick(u, 'member_committees', 'committees_as_member', 'committees')).map(mapRef),
    status: mapStatus(u.status),
    canEdit: flag(u, 'can_edit'),
    canDelete: flag(u, 'can_delete', 'can_edit'),
  };
}

export interface ImportResult {
  message: string | null;
  created: number;
  skipped: Array<{ row: number; email: string | null; errors: string[] }>;
}

export interface UserQuery {
  page: number;
  perpage: number;
  search?: string;
}

export interface UserInput {
  name: string;
  email: string;
  phone: string;
  position: string;
  designation: string;
  date_of_birth: string | null;
  role_id: number | null;
  team: string;
  admin_committees: number[];
  member_committees: number[];
}

export const usersApi = {
  list: async (q: UserQuery): Promise<Page<User>> => pageOf(await api.get('/users', { ...q }), mapUser),
  /** Assumed path: GET /api/users/deleted (same paging) */
  deleted: async (q: UserQuery): Promise<Page<User>> => pageOf(await api.get('/users/deleted', { ...q }), mapUser),
  /** every user, for pickers */
  all: async (committeeId?: number): Promise<Ref[]> => listOf(await api.get('/users/all', { committee_id: committeeId }), mapRef),
  create: async (input: UserInput) => strOrNull(obj(await api.post('/users', input)).message),
  update: async (id: number, input: UserInput) => strOrNull(obj(await api.put(`/users/${id}`, input)).message),
  toggleStatus: async (id: number) => strOrNull(obj(await api.post(`/users/${id}/togglestatus`)).message),
  remove: async (id: number) => strOrNull(obj(await api.delete(`/users/${id}`)).message),
  restore: async (id: number) => strOrNull(obj(await api.post(`/users/${id}/restore`)).message),
  /** POST /api/users/upload (multipart: file); the sheet follows the template below */
  importSheet: async (file: File): Promise<ImportResult> => {
    const form = new FormData();
    form.append('file', file);
    const body = await api.post('/users/upload', form, { notify: false });
    const d = obj(dataOf(body));
    return {
      message: strOrNull(obj(body).message),
      created: num(d.created),
      skipped: arr(d.skipped).map((s) => {
        const o = obj(s);
        const errors = Object.values(obj(o.errors)).flatMap((v) => arr(v).map((x) => str(x)));
        return { row: num(o.row), email: strOrNull(o.email), errors };
      }),
    };
  },
  /** GET /api/users/template -> the Excel template (columns USER_SHEET_COLUMNS of @app/contracts) */
  template: async (): Promise<Blob> => api.get<Blob>('/users/template', undefined, { responseType: 'blob' }),
};

export const USERS_TEMPLATE_FILE = 'users-template.xlsx';
