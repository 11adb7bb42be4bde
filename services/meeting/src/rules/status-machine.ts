import { MEETING_STATUS_IDS, MEETING_STATUS_INFO, MeetingStatus, type MeetingStatusId } from '@app/contracts';

/**
 * The meeting status machine (docs/product/meetings.md#statuses):
 *   1 Draft     -> 2 Scheduled  when the start is in the future, with participants and an agenda
 *   1 Draft     -> 5 Archived   once its start date has passed ("any non-scheduled meeting whose start date has passed")
 *   2 Scheduled -> 3 Live (Start), 4 Cancelled (Cancel, irreversible), 5 Archived
 *   3 Live      -> 5 Archived
 *   4, 5        -> nothing (locked)
 */
export interface TransitionFacts {
  from: MeetingStatusId;
  to: MeetingStatusId;
  startAt: Date;
  now: Date;
  /** participants other than the owner */
  participantCount: number;
  /** talking points, decisions and actions */
  agendaCount: number;
}

export type TransitionVerdict =
  | { ok: true }
  | { ok: false; reason: 'locked' | 'same' | 'not_allowed' | 'start_not_future' | 'start_not_passed' | 'no_participants' | 'no_agenda' };

const { Draft, Scheduled, Live, Cancelled, Archived } = MeetingStatus;
const EDGES: Record<MeetingStatusId, readonly MeetingStatusId[]> = {
  [Draft]: [Scheduled, Archived],
  [Scheduled]: [Live, Cancelled, Archived],
  [Live]: [Archived],
  [Cancelled]: [],
  [Archived]: [],
};

/** Draft, Scheduled and Live are open for editing; Cancelled and Archived lock everything */
export const OPEN_STATUSES: readonly MeetingStatusId[] = [MeetingStatus.Draft, MeetingStatus.Scheduled, MeetingStatus.Live];
export const isOpenStatus = (s: number): boolean => OPEN_STATUSES.includes(s as MeetingStatusId);
export const isLockedStatus = (s: number): boolean => !isOpenStatus(s);

export function checkTransition(f: TransitionFacts): TransitionVerdict {
  if (isLockedStatus(f.from)) return { ok: false, reason: 'locked' };
  if (f.from === f.to) return { ok: false, reason: 'same' };
  if (!EDGES[f.from].includes(f.to)) return { ok: false, reason: 'not_allowed' };
  if (f.from === MeetingStatus.Draft && f.to === MeetingStatus.Scheduled) {
    if (f.startAt.getTime() <= f.now.getTime()) return { ok: false, reason: 'start_not_future' };
    if (f.participantCount < 1) return { ok: false, reason: 'no_participants' };
    if (f.agendaCount < 1) return { ok: false, reason: 'no_agenda' };
  }
  if (f.from === MeetingStatus.Draft && f.to === MeetingStatus.Archived && f.startAt.getTime() > f.now.getTime()) {
    return { ok: false, reason: 'start_not_passed' };
  }
  return { ok: true };
}

/** the statuses a meeting can move to now (for the change-status dialog) */
export function allowedTransitions(f: Omit<TransitionFacts, 'to'>): MeetingStatusId[] {
  return MEETING_STATUS_IDS.filter((to) => checkTransition({ ...f, to }).ok);
}

/** participants have been invited (Scheduled, Live): changes, cancellations and new members are announced */
export const isAnnounced = (s: number): boolean => s === MeetingStatus.Scheduled || s === MeetingStatus.Live;

/** every decision is shown once the meeting is archived (hidden ones too) */
export const showsHiddenDecisions = (s: number): boolean => s === MeetingStatus.Archived;

/** the status name, colours and id of a status (Draft for an unknown id) */
export function statusInfo(statusId: number) {
  const s = MEETING_STATUS_INFO[statusId as MeetingStatusId] ?? MEETING_STATUS_INFO[MeetingStatus.Draft];
  return { id: statusId, ...s };
}
