import type { MeetingDetails, MeetingPermissions } from '@app/contracts';

/**
 * The meeting as a person who has not yet accepted its NDA sees it (docs/meeting.md#the-nda-gate): its id, title,
 * dates and status, the NDA flags and their own member row; nothing else of the meeting (no description, place,
 * committee, owner's name, agenda, decisions, participants, activity, files, minutes). Every permission is off but
 * `acceptNda`, so the page offers nothing but the modal. Pure, tested in nda-preview.spec.ts.
 */
export function ndaPreview(d: MeetingDetails): MeetingDetails {
  const off = Object.fromEntries(Object.entries(d.permissions).map(([k, v]) => [k, typeof v === 'boolean' ? false : v])) as MeetingPermissions;
  return {
    ...d,
    description: null,
    committee: null,
    owner: { id: d.owner_id, name: null, image: null },
    status_reason: null,
    duration: null,
    location: null,
    virtual: 0,
    virtual_type: null,
    admins: [],
    members: [],
    guest_member: [],
    agendas: [],
    archived_decisions: [],
    activities: [],
    note: null,
    total_duration: 0,
    zoom: [],
    ijmeet: [],
    mom_conclusion: null,
    mom_versions: [],
    can_commit: false,
    summary: null,
    comments: [],
    agenda_merged_file: null,
    number_of_files_merged: 0,
    recordsummarize: [],
    my_rating: null,
    permissions: { ...off, level: d.permissions.level, isGuest: d.permissions.isGuest, open: d.permissions.open, acceptNda: true, allowedStatuses: [] },
    attendance_quorum: { percent: d.attendance_quorum.percent, present: 0, total: 0, needed: 0, met: false },
    proxies: { items: [], open: false, can_give: false, can_record: false, per_holder: d.proxies.per_holder },
    roll_call: { taken: false, counts: { present: 0, remote: 0, absent: 0, excused: 0, unmarked: 0 }, quorum: { percent: d.roll_call.quorum.percent, present: 0, total: 0, needed: 0, met: false }, reached_at: null },
    chair_controls: { set_roles: false, start: false, end: false, roll_call: false, publish_agenda: false },
  };
}
