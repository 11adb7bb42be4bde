import { AppPaths } from '@app/contracts';
import { api, dataOf } from './client';
import { arr, bool, num, numOrNull, obj, str, strOrNull } from './fields';
import { pageOf, type Page } from './paging';

/**
 * The dashboards (platform.md §2): reminders widget (notification service), home, calender and action tracker
 * (meeting service). Field names of these answers are known here only.
 */

export interface Reminder {
  id: number;
  type: string;
  title: string;
  message: string;
  /** app path to open, relative to the organization's origin */
  link: string | null;
  meetingId: number | null;
  dueAt: string | null;
  createdAt: string | null;
}

export function mapReminder(raw: unknown): Reminder {
  const o = obj(raw);
  return {
    id: num(o.id),
    type: str(o.type),
    title: str(o.title),
    message: str(o.message),
    link: strOrNull(o.link),
    meetingId: numOrNull(o.meeting_id),
    dueAt: strOrNull(o.due_at),
    createdAt: strOrNull(o.created_at),
  };
}

export interface MeetingStatus {
  id: number;
  name: string;
  color: string;
  bgcolor: string;
}

/** a meeting as the calender, home tabs and upcoming list show it */
export interface MeetingEntry {
  id: number;
  title: string;
  startDate: string;
  endDate: string | null;
  location: string | null;
  virtual: boolean;
  status: MeetingStatus;
  committee: string | null;
  link: string;
}

export function mapMeetingEntry(raw: unknown): MeetingEntry {
  const o = obj(raw);
  const s = obj(o.status);
  const id = num(o.id);
  return {
    id,
    title: str(o.title),
    startDate: str(o.start_date),
    endDate: strOrNull(o.end_date),
    location: strOrNull(o.location),
    virtual: bool(o.virtual),
    status: { id: num(s.id, num(o.meeting_status_id)), name: str(s.name), color: str(s.color), bgcolor: str(s.bgcolor) },
    committee: o.committee ? strOrNull(obj(o.committee).name) : null,
    link: AppPaths.meeting(id),
  };
}

/** an entry of "my agenda" (agenda item, decision or action) */
export interface AgendaEntry {
  id: number;
  title: string;
  meetingTitle: string | null;
  date: string | null;
  status: string | null;
  link: string | null;
}

export function mapAgendaEntry(raw: unknown): AgendaEntry {
  const o = obj(raw);
  const meetingId = numOrNull(o.meeting_id);
  const id = num(o.id);
  return {
    id,
    title: str(o.title),
    meetingTitle: strOrNull(o.meeting_title),
    date: strOrNull(o.date),
    status: strOrNull(o.status),
    link: meetingId === null ? null : AppPaths.meeting(meetingId, id),
  };
}

export interface HomeDashboard {
  ongoing: MeetingEntry[];
  pending: MeetingEntry[];
  draft: MeetingEntry[];
  agenda: AgendaEntry[];
  decisions: AgendaEntry[];
  actions: AgendaEntry[];
  upcoming: MeetingEntry[];
}

export function mapHome(raw: unknown): HomeDashboard {
  const o = obj(raw);
  const mine = obj(o.my_agenda);
  return {
    ongoing: arr(o.ongoing).map(mapMeetingEntry),
    pending: arr(o.pending).map(mapMeetingEntry),
    draft: arr(o.draft).map(mapMeetingEntry),
    agenda: arr(mine.agenda).map(mapAgendaEntry),
    decisions: arr(mine.decisions).map(mapAgendaEntry),
    actions: arr(mine.actions).map(mapAgendaEntry),
    upcoming: arr(o.upcoming).map(mapMeetingEntry),
  };
}

export const TRACKER_GROUP_KEYS = ['not_started', 'on_going', 'completed', 'overdue'] as const;
export type TrackerGroupKey = (typeof TRACKER_GROUP_KEYS)[number];

export interface TrackedAction {
  id: number;
  title: string;
  priority: string;
  openTill: string;
  progress: number;
  status: string;
  locked: boolean;
  meeting: { id: number; title: string; startDate: string } | null;
  participants: string[];
  link: string;
}

export function mapTrackedAction(raw: unknown): TrackedAction {
  const o = obj(raw);
  const m = o.meeting ? obj(o.meeting) : null;
  const meetingId = num(o.meeting_id, m ? num(m.id) : 0);
  const id = num(o.id);
  return {
    id,
    title: str(o.title),
    priority: str(o.priority),
    openTill: str(o.open_till),
    progress: num(o.progress),
    status: str(o.status),
    locked: bool(o.locked),
    meeting: m ? { id: num(m.id), title: str(m.title), startDate: str(m.start_date) } : null,
    participants: arr(o.participants)
      .map((p) => {
        const po = obj(p);
        return str(obj(po.user).name) || str(po.user_email);
      })
      .filter(Boolean),
    link: AppPaths.meeting(meetingId, id),
  };
}

export type Tracker = Record<TrackerGroupKey, { items: TrackedAction[]; count: number }>;

export function mapTracker(raw: unknown): Tracker {
  const o = obj(raw);
  const counts = obj(o.counts);
  const out = {} as Tracker;
  for (const g of TRACKER_GROUP_KEYS) {
    const items = arr(o[g]).map(mapTrackedAction);
    out[g] = { items, count: num(counts[g], items.length) };
  }
  return out;
}

export interface TrackerQuery {
  search?: string;
  sort: 'deadline' | 'meeting_date' | 'priority';
  meeting_status?: number | null;
  user_id?: number | null;
}

/** the calender's month parameter: YYYY/MM */
export function monthParam(d: Date): string {
  return `${d.getFullYear()}/${String(d.getMonth() + 1).padStart(2, '0')}`;
}

export const dashboardsApi = {
  /** GET /api/reminders (newest first, titles in the Lang language) */
  reminders: async (q: { page: number; per_page: number }): Promise<Page<Reminder>> => pageOf(await api.get('/reminders', { ...q }), mapReminder),
  /** POST /api/reminders/dismiss_all */
  dismissAll: async () => strOrNull(obj(await api.post('/reminders/dismiss_all')).message),
  /** POST /api/reminders/{id}/dismiss */
  dismiss: async (id: number) => strOrNull(obj(await api.post(`/reminders/${id}/dismiss`)).message),
  /** GET /api/home */
  home: async (): Promise<HomeDashboard> => mapHome(dataOf(await api.get('/home'))),
  /** GET /api/calender?date=YYYY/MM */
  calendar: async (month: Date): Promise<MeetingEntry[]> => arr(dataOf(await api.get('/calender', { date: monthParam(month) }))).map(mapMeetingEntry),
  /** GET /api/action_tracker?search&sort&meeting_status&user_id */
  tracker: async (q: TrackerQuery): Promise<Tracker> =>
    mapTracker(dataOf(await api.get('/action_tracker', { search: q.search || undefined, sort: q.sort, meeting_status: q.meeting_status ?? undefined, user_id: q.user_id ?? undefined }))),
};
