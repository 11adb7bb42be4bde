import type { MeetingDetails } from '@app/contracts';
import { ndaPreview } from './nda-preview';

const member = { id: 7, user_id: 3, user_email: null, name: 'Mona' } as unknown as MeetingDetails['members'][number];
const full = {
  id: 5, title: 'Gated board', description: 'The target is ACME', committee_id: 2, committee: { id: 2, name: 'Board', status: 'active' },
  owner_id: 1, owner: { id: 1, name: 'Chair', image: 'x.png' }, status: { id: 2, name: 'Scheduled' }, meeting_status_id: 2, status_reason: 'go',
  start_date: '2031-01-01 10:00:00', end_date: '2031-01-01 11:30:00', duration: 90, location: 'Vault room 7', virtual: 1, virtual_type: 'zoom',
  attendance_status: 'Pending', created_at: '2030-12-01 10:00:00', updated_at: '2030-12-01 10:00:00',
  admins: [{ id: 1, pivot: { user_id: 1 } }], members: [member, member], guest_member: [member], agendas: [{ agenda_type: 'talking_point' }],
  archived_decisions: [{ id: 1 }], activities: [{ id: 1 }], note: 'n', total_duration: 30,
  zoom: [{ online_data: { meeting_id: 'z', start_url: null, join_url: null } }], ijmeet: [], nda: 1, nda_required: true, nda_accepted: false,
  mom: 0, mom_settings: 1, mom_conclusion: 'c', mom_versions: [{ file_url: 'u', updated_at: '2031-01-01 10:00:00' }], can_commit: true,
  summary: 's', comments: [{ id: 1 }], agenda_merged_file: 'f', number_of_files_merged: 2, recordsummarize: [{ id: 1 }], current_member: member,
  attendance_options: ['Going'], vote_options: [], variant: 'default', time_zone: 'UTC', my_rating: { rating: 5, comment: 'x' },
  permissions: { level: 'participant', open: true, isGuest: false, editMeeting: true, comment: true, seeActivity: true, acceptNda: true, allowedStatuses: [3] },
  attendance_quorum: { percent: 50, present: 2, total: 3, needed: 2, met: true },
  proxies: { items: [{ id: 1, from_user_id: 3, to_user_id: 4 }], open: true, can_give: true, can_record: true, per_holder: 1 },
  started_at: null, ended_at: null, agenda_published_at: null, agenda_edition: 0,
  roll_call: { taken: true, counts: { present: 2, remote: 0, absent: 1, excused: 0, unmarked: 0 }, quorum: { percent: 60, present: 2, total: 3, needed: 2, met: true }, reached_at: '2031-01-01 10:05:00' },
  chair_controls: { set_roles: false, start: false, end: true, roll_call: true, publish_agenda: false },
} as unknown as MeetingDetails;

describe('the NDA preview of a meeting', () => {
  const p = ndaPreview(full);

  it('keeps the id, title, dates, status, the NDA flags and the caller\'s own row', () => {
    expect(p).toMatchObject({
      id: 5, title: 'Gated board', start_date: '2031-01-01 10:00:00', end_date: '2031-01-01 11:30:00', meeting_status_id: 2,
      nda: 1, nda_required: true, nda_accepted: false, current_member: member, owner_id: 1,
    });
  });

  it.each([
    ['description', null], ['committee', null], ['location', null], ['status_reason', null], ['duration', null], ['virtual', 0], ['virtual_type', null],
    ['admins', []], ['members', []], ['guest_member', []], ['agendas', []], ['archived_decisions', []], ['activities', []], ['note', null],
    ['total_duration', 0], ['zoom', []], ['ijmeet', []], ['mom_conclusion', null], ['mom_versions', []], ['can_commit', false], ['summary', null],
    ['comments', []], ['agenda_merged_file', null], ['number_of_files_merged', 0], ['recordsummarize', []], ['my_rating', null],
  ] as Array<[keyof MeetingDetails, unknown]>)('drops %s', (k, v) => expect(p[k]).toEqual(v));

  it("drops the owner's name and the quorum's counts", () => {
    expect(p.owner).toEqual({ id: 1, name: null, image: null });
    expect(p.attendance_quorum).toEqual({ percent: 50, present: 0, total: 0, needed: 0, met: false });
    // nor the roll call's, nor anything the chair may do
    expect(p.roll_call).toEqual({ taken: false, counts: { present: 0, remote: 0, absent: 0, excused: 0, unmarked: 0 }, quorum: { percent: 60, present: 0, total: 0, needed: 0, met: false }, reached_at: null });
    expect(p.chair_controls).toEqual({ set_roles: false, start: false, end: false, roll_call: false, publish_agenda: false });
  });

  it('drops who represents whom and every proxy flag', () => {
    expect(p.proxies).toEqual({ items: [], open: false, can_give: false, can_record: false, per_holder: 1 });
  });

  it('turns every permission off but accepting the NDA', () => {
    expect(p.permissions).toMatchObject({ level: 'participant', open: true, isGuest: false, editMeeting: false, comment: false, seeActivity: false, acceptNda: true, allowedStatuses: [] });
  });
});
