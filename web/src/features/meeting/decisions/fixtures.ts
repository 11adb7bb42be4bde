import type { ActionPayload, DecisionPayload, MeetingDetails, MeetingPermissions, MeetingSummary, MemberPayload, TalkingPointPayload, Tally, Vote, Voter } from '@app/contracts';

/**
 * Answers of the meeting routes for web tests, typed with the contract (`satisfies`), so a renamed or
 * missing field breaks the tests that use them. Each builder takes the fields a test cares about.
 */

export function permissions(over: Partial<MeetingPermissions> = {}): MeetingPermissions {
  return {
    level: 'owner', open: true, isGuest: false, editMeeting: true, editButtons: true, minutesEditButton: true, editInMinutes: true, addCommentsInMinutes: false,
    userCanEdit: true, changeStatus: true, allowedStatuses: [2], deleteMeeting: true, copyMeeting: true, manageParticipants: true, reorderAgenda: true,
    createItems: true, needsMembers: false, changeAttendance: false, respondForOthers: false, manageMinutes: false, seeActivity: true, seeNotes: true,
    addNotes: true, seeRecorder: false, addAttachments: true, comment: true, rate: false, joinVirtual: false, acceptNda: false, seeHiddenDecisions: false,
    allowVotingSwitch: false, ...over,
  } satisfies MeetingPermissions;
}

export function aMember(id: number, name: string | null, over: Partial<MemberPayload> = {}): MemberPayload {
  const guest = name === null;
  return {
    id, member_id: id, meeting_id: 1, user_id: guest ? null : id,
    user: guest ? null : { id, name, image: null, position: null, email: `${name.toLowerCase()}@example.com`, designation: null, role: 3, guest: false, type: null },
    user_email: guest ? `guest${id}@example.com` : null, guest_name: null, guest_title: null, organization_guest: 0, type: 'Viewer', member_type: 4, can_edit: 0,
    is_owner: false, attendance_status: 'Pending', status_reason: null, reason: null, nda_accepted: false, meeting_role: null, roll_call: null, can_change_type: false, can_remove: false, can_change_attendance: false,
    ...over,
  } satisfies MemberPayload;
}

export function aMeeting(over: Partial<MeetingDetails> = {}): MeetingDetails {
  return {
    id: 1, title: 'Board meeting', description: null, committee_id: 1, committee: { id: 1, name: 'Audit', status: 'active' }, owner_id: 1,
    owner: { id: 1, name: 'Ada', image: null }, status: { id: 2, name: 'Scheduled', color: '#1d4ed8', bgcolor: '#dbeafe' }, meeting_status_id: 2, status_reason: null,
    start_date: '2026-12-01 10:00:00', end_date: null, duration: 60, location: 'Room 1', virtual: 0, virtual_type: null, attendance_status: null,
    created_at: '2026-11-20 09:00:00', updated_at: '2026-11-20 09:00:00', admins: [], members: [aMember(2, 'Grace'), aMember(3, 'Alan')], guest_member: [aMember(9, null)],
    agendas: [], archived_decisions: [], activities: [], note: null, total_duration: 0, zoom: [], ijmeet: [], nda: 0, nda_required: false, nda_accepted: false, mom: 0,
    mom_settings: 0, mom_conclusion: null, mom_versions: [], can_commit: false, summary: null, comments: [], agenda_merged_file: null, number_of_files_merged: 0,
    recordsummarize: [], current_member: null, attendance_options: ['Going', 'Pending', 'Not going', 'Maybe'],
    vote_options: [
      { value: 'Approved', label: 'Approved' }, { value: 'Denied', label: 'Denied' }, { value: 'Abstained', label: 'Abstained' }, { value: 'Pending', label: 'Pending' },
      { value: 'Others', label: 'Others' },
    ],
    variant: 'default', time_zone: 'UTC', my_rating: null, permissions: permissions(),
    attendance_quorum: { percent: 50, present: 0, total: 2, needed: 1, met: false },
    proxies: { items: [], open: true, can_give: false, can_record: false, per_holder: 1 },
    started_at: null, ended_at: null, agenda_published_at: null, agenda_edition: 0,
    roll_call: { taken: false, counts: { present: 0, remote: 0, absent: 0, excused: 0, unmarked: 2 }, quorum: { percent: 50, present: 0, total: 2, needed: 1, met: false }, reached_at: null },
    chair_controls: { set_roles: true, start: true, end: false, roll_call: false, publish_agenda: false }, ...over,
  } satisfies MeetingDetails;
}

/** a row of the meeting list (GET /meetings) */
export function aMeetingSummary(over: Partial<MeetingSummary> = {}): MeetingSummary {
  const m = aMeeting();
  return {
    id: m.id, title: m.title, description: m.description, committee_id: m.committee_id, committee: m.committee, owner_id: m.owner_id, owner: m.owner, status: m.status,
    meeting_status_id: m.meeting_status_id, status_reason: null, start_date: m.start_date, end_date: null, duration: m.duration, location: m.location, virtual: 0,
    virtual_type: null, attendance_status: null, created_at: m.created_at, updated_at: m.updated_at, members_count: 3, role: 'Organizer', permissions: permissions(), ...over,
  } satisfies MeetingSummary;
}

export function aVoter(id: number, name: string, vote: Vote = 'Pending', over: Partial<Voter> = {}): Voter {
  return {
    id, user_id: id, user_email: null, user: { id, name, image: null, position: null, email: null, designation: null, role: 3, guest: false, type: null },
    vote, vote_label: vote, reason: null, updated_at: '2026-11-20 09:00:00', weight: 1, can_change: false, has_voted: vote !== 'Pending', choices: null, ...over,
  } satisfies Voter;
}

export function tallies(counts: Partial<Record<Vote, number>>, labels: Partial<Record<Vote, string>> = {}): Tally[] {
  const total = Object.values(counts).reduce((s, n) => s + (n ?? 0), 0);
  return (['Approved', 'Denied', 'Abstained', 'Pending', 'Others'] as const).map((vote) => {
    const count = counts[vote] ?? 0;
    return { vote, label: labels[vote] ?? vote, count, percentage: total ? (count / total) * 100 : 0 } satisfies Tally;
  });
}

export function aDecision(over: Partial<DecisionPayload> = {}): DecisionPayload {
  const voters = over.voters ?? [aVoter(2, 'Grace', 'Pending', { can_change: true }), aVoter(3, 'Alan', 'Approved')];
  return {
    agenda_type: 'decision', id: 11, meeting_id: 1, title: 'Approve the budget', description: 'The 2027 budget', committee_id: 1, committee: { id: 1, name: 'Audit' },
    deadline: '2026-12-02 10:00:00', decisionable: 1, tender_number: null, ballot: 'open', votes_cast: voters.filter((v) => v.has_voted).length, ballot_locked: voters.some((v) => v.has_voted), ballots_published: false, talkingpoint_id: null, talkingpoint_subpoint_id: null, attachments: [], voters, comments: [],
    is_fulfilled: false, is_visible: 1, rownum: 1, created_at: '2026-11-20 09:00:00', updated_at: '2026-11-20 09:00:00', created_by: 1, state: 'OPEN', voting_open: true,
    voting_closed_reason: null, can_vote: true, can_vote_for_others: false, my_vote: 'Pending', tallies: tallies({ Pending: 1, Approved: 1 }), total_voters: voters.length,
    outcome_rule: 'simple_majority', count_by: 'head', election: null, weight_tallies: tallies({ Pending: 1, Approved: 1 }), total_weight: voters.length,
    can_edit: false, can_delete: false, can_end: false, can_resume: false, can_change_visibility: false, can_comment: true, can_add_attachments: false,
    quorum: { percent: 50, present: 1, total: voters.length, needed: 1, met: true }, outcome: null,
    resolution_number: null, mover: null, seconder: null, can_set_motion: false, my_conflict: false, ...over,
  } satisfies DecisionPayload;
}

export function anAction(over: Partial<ActionPayload> = {}): ActionPayload {
  return {
    agenda_type: 'action', id: 21, meeting_id: 1, meeting: { id: 1, title: 'Board meeting', start_date: '2026-12-01 10:00:00', meeting_status_id: 2 }, title: 'Send the minutes',
    description: null, priority: 'Low', open_till: '2026-12-05 10:00:00', progress: 0, attachments: [], talkingpoint_id: null, talkingpoint_subpoint_id: null,
    participants: [
      { id: 31, user_id: 2, user_email: null, user: aVoter(2, 'Grace').user, status: 'In Progress', reason: null, updated_at: '2026-11-20 09:00:00', can_change_status: true },
      { id: 32, user_id: 3, user_email: null, user: aVoter(3, 'Alan').user, status: 'Complete', reason: null, updated_at: '2026-11-20 09:00:00', can_change_status: false },
    ],
    comments: [], rownum: 2, created_at: '2026-11-20 09:00:00', updated_at: '2026-11-20 09:00:00', status: 'In Progress', locked: false, group: 'on_going',
    can_edit: false, can_delete: false, can_change_status: true, can_comment: true, can_add_attachments: false, ...over,
  } satisfies ActionPayload;
}

export function aTalkingPoint(over: Partial<TalkingPointPayload> = {}): TalkingPointPayload {
  const grace = { id: 41, user_id: 2, user_email: null, user: aVoter(2, 'Grace').user };
  return {
    agenda_type: 'talking_point', id: 5, meeting_id: 1, title: 'Budget', description: null, duration: 30, total_duration: 30, planned_start: '2026-12-01 09:00:00', files_count: 0, viewers: [grace], presenters: [grace],
    attachments: [], subpoints: [], decisions: [], actions: [], comments: [], rownum: 1, mom_conclusion: null, mom_active: false,
    created_at: '2026-11-20 09:00:00', updated_at: '2026-11-20 09:00:00', can_edit: true, can_delete: true, can_comment: true, can_add_attachments: true,
    conflicts: [], can_declare_conflict: false, ...over,
  } satisfies TalkingPointPayload;
}

/** `{ success, data, message }` as the gateway answers */
export const ok = (data: unknown, message?: string) => ({ success: true, data, ...(message ? { message } : {}) });
