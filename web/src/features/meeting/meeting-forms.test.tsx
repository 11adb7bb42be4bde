import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Providers } from '../../App';
import { commentToSend, isSendKey } from './comments/Comments';
import { draftValues, MeetingForm, meetingSaveError, meetingValues, toMeetingDate, type MeetingValues } from './MeetingForm';
import { TalkingPointForm, itemDurationError, talkingPointValues, type TalkingPointValues } from './agenda/TalkingPointForm';
import { agendaEntries, moveKey, orderBody } from './details/AgendaList';
import { attendanceReasonDisabled } from './details/Dialogs';
import { guestEmailError, participantsOf } from './details/Participants';
import { detailsDate, isDeadlinePassed, meetingIdOf } from './MeetingDetailsPage';
import { aMeeting } from './decisions/fixtures';
import { ApiError } from '../../api/client';
import type { PersonOption } from './decisions/people';

const REQUIRED = 'This field is required.';
const click = (testId: string) => fireEvent.click(screen.getByTestId(testId));
const type = (id: string, value: string) => fireEvent.change(document.getElementById(id)!, { target: { value } });
const errorOf = (id: string) => screen.findByTestId(`${id}-error`);

function renderMeetingForm(over: Partial<MeetingValues> = {}) {
  const onSubmit = jest.fn(async () => undefined);
  const initial: MeetingValues = { title: '', committee_id: null, start: null, duration: null, virtual: false, virtual_type: null, location: '', description: '', ...over };
  render(
    <Providers>
      <MeetingForm initial={initial} committees={[{ id: 4, name: 'Board' }]} onSubmit={onSubmit} onCancel={jest.fn()} />
    </Providers>,
  );
  return onSubmit;
}

describe('meeting drawer form (docs/product/meetings.md#validation)', () => {
  it('an empty submit shows title, committee, start date and location as required, and sends nothing', async () => {
    const onSubmit = renderMeetingForm();
    click('meeting-submit');
    expect(await errorOf('meeting-title')).toHaveTextContent(REQUIRED);
    expect(await errorOf('meeting-committee')).toHaveTextContent(REQUIRED);
    expect(await errorOf('meeting-start')).toHaveTextContent(REQUIRED);
    expect(await errorOf('meeting-location')).toHaveTextContent(REQUIRED);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("a duration of 0 reads 'duration must be > 0'", async () => {
    renderMeetingForm({ title: 'Board', committee_id: 4, start: new Date(2030, 0, 5, 9, 0), location: 'HQ', duration: 0 });
    click('meeting-submit');
    expect(await errorOf('meeting-duration')).toHaveTextContent('duration must be > 0');
  });

  it('a virtual meeting hides the location and needs none', async () => {
    const onSubmit = renderMeetingForm({ title: 'Online', committee_id: 4, start: new Date(2030, 0, 5, 14, 30), duration: 45, virtual: true, virtual_type: 'zoom' });
    expect(document.getElementById('meeting-location')).toBeNull();
    click('meeting-submit');
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({ title: 'Online', committee_id: 4, description: '', start_date: '2030-01-05 02:30 PM', duration: 45, virtual: 1, virtual_type: 'zoom' });
  });

  it('sends the contract body with the date as YYYY-MM-DD hh:mm A', async () => {
    const onSubmit = renderMeetingForm({ committee_id: 4, start: new Date(2030, 0, 5, 9, 15), location: 'HQ', duration: 60 });
    type('meeting-title', 'Quarterly board');
    click('meeting-submit');
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({ title: 'Quarterly board', committee_id: 4, description: '', start_date: '2030-01-05 09:15 AM', duration: 60, virtual: 0, location: 'HQ' });
  });

  it('a start off the 15-minute grid is refused with the server message', async () => {
    renderMeetingForm({ title: 'X', committee_id: 4, start: new Date(2030, 0, 5, 9, 10), location: 'HQ' });
    click('meeting-submit');
    expect(await errorOf('meeting-start')).toHaveTextContent('The start date must be in steps of 15 minutes.');
  });
});

describe('meeting form helpers', () => {
  it.each([
    [new Date(2030, 0, 5, 0, 0), '2030-01-05 12:00 AM'],
    [new Date(2030, 11, 31, 12, 45), '2030-12-31 12:45 PM'],
    [new Date(2030, 5, 1, 23, 15), '2030-06-01 11:15 PM'],
  ])('toMeetingDate(%s) = %s', (d, s) => expect(toMeetingDate(d)).toBe(s));

  it('a new meeting starts at the next quarter hour with 60 minutes', () => {
    const v = meetingValues(null, new Date(2030, 0, 5, 9, 7));
    expect(v.start).toEqual(new Date(2030, 0, 5, 9, 15));
    expect(v.duration).toBe(60);
  });

  it.each([
    [new ApiError(409, 'Error in validation', { fieldErrors: { title: 'This field is required.' }, serverMessage: 'Error in validation' }), 'This field is required.'],
    [new ApiError(403, 'x', { serverMessage: 'Only committee admins create meetings.' }), 'Only committee admins create meetings.'],
    [new ApiError(500, 'Internal Server Error'), 'Please try again'],
  ])('the drawer banner of %s', (err, text) => expect(meetingSaveError(err)).toBe(text));
});

const person = (id: number, label: string): PersonOption => ({ value: `u:${id}`, label, image: null, guest: false });

function renderTp(over: Partial<TalkingPointValues> = {}, meetingDuration: number | null = 90, people = [person(1, 'Ada'), person(2, 'Bo')]) {
  const onSubmit = jest.fn(async () => undefined);
  render(
    <Providers>
      <TalkingPointForm initial={{ ...talkingPointValues(null), ...over }} people={people} meetingDuration={meetingDuration} onSubmit={onSubmit} onCancel={jest.fn()} />
    </Providers>,
  );
  return onSubmit;
}

describe('talking point form', () => {
  it('starts at 60 minutes; an empty submit needs title, presenters and viewers', async () => {
    const onSubmit = renderTp();
    expect((document.getElementById('tp-duration') as HTMLInputElement).value).toContain('60');
    click('tp-submit');
    expect(await errorOf('tp-title')).toHaveTextContent(REQUIRED);
    expect(await errorOf('tp-presenters')).toHaveTextContent(REQUIRED);
    expect(await errorOf('tp-viewers')).toHaveTextContent(REQUIRED);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a duration above the meeting duration is refused', async () => {
    renderTp({ title: 'Budget', presenters: ['u:1'], viewers: ['u:1'], duration: 120 }, 90);
    click('tp-submit');
    expect(await errorOf('tp-duration')).toHaveTextContent('duration must be less than or equal meeting duration');
  });

  it('a new sub-point needs its title, presenter and viewers', async () => {
    const onSubmit = renderTp({ title: 'Budget', presenters: ['u:1'], viewers: ['u:1'] });
    click('tp-add-subpoint');
    click('tp-submit');
    expect(await errorOf('sp-0-title')).toHaveTextContent(REQUIRED);
    expect(await errorOf('sp-0-presenter')).toHaveTextContent(REQUIRED);
    expect(await errorOf('sp-0-viewers')).toHaveTextContent(REQUIRED);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the contract body with sub-points and people references', async () => {
    const onSubmit = renderTp({
      title: 'Budget', presenters: ['u:1'], viewers: ['u:1', 'e:guest@example.com'], attachments: [{ library_id: 9, name: 'a.pdf' }],
      subpoints: [{ key: 'k', subpoint_id: null, title: 'Capex', description: '', duration: 10, presenter: 'u:2', viewers: ['u:2'], attachments: [] }],
    });
    click('tp-submit');
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({
      title: 'Budget', description: '', duration: 60, viewers: [{ user_id: 1 }, { user_email: 'guest@example.com' }], presenters: [{ user_id: 1 }], attachments: [9], attachment_ids: [],
      subpoints: [{ title: 'Capex', description: '', duration: 10, presenter: { user_id: 2 }, subpoint_viewers: [{ user_id: 2 }], attachments: [] }],
    });
  });

  it("'Select all' (show to) appears with more than 5 people", () => {
    renderTp({}, 90, [1, 2, 3, 4, 5, 6].map((i) => person(i, `P${i}`)));
    expect(screen.getByTestId('tp-viewers-all')).toBeInTheDocument();
  });

  it.each([
    [null, 60, null],
    [30, 0, null],
    [0, 60, 'duration must be > 0'],
    [61, 60, 'duration must be less than or equal meeting duration'],
    [60, 60, null],
  ])('item duration %s in a meeting of %s -> %s', (d, md, msg) => expect(itemDurationError(d, md)).toBe(msg));
});

describe('participants, attendance, notes, comments, agenda order', () => {
  it.each([
    ['', REQUIRED],
    ['not-an-email', 'Organization.user.add.email.pattern'],
    ['guest@example.com', null],
  ])('guest e-mail %j -> %s', (email, msg) => expect(guestEmailError(email)).toBe(msg));

  it('the reason box is disabled while Pending only', () => {
    expect(attendanceReasonDisabled('Pending')).toBe(true);
    expect(attendanceReasonDisabled('Not going')).toBe(false);
  });

  it.each([
    ['  hi  ', 'hi'],
    ['   ', null],
    ['\n', null],
  ])('comment %j is sent as %j', (text, sent) => expect(commentToSend(text)).toBe(sent));

  it('Enter sends, Shift+Enter does not', () => {
    expect(isSendKey({ key: 'Enter', shiftKey: false })).toBe(true);
    expect(isSendKey({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(isSendKey({ key: 'a', shiftKey: false })).toBe(false);
  });

  it('moving an agenda key and the order body', () => {
    expect(moveKey(['a:1', 'b:2', 'c:3'], 'c:3', 0)).toEqual(['c:3', 'a:1', 'b:2']);
    expect(moveKey(['a:1', 'b:2', 'c:3'], 'a:1', 5)).toEqual(['b:2', 'c:3', 'a:1']);
    expect(orderBody(['talking_point:4', 'decision:2'])).toEqual([{ type: 'talking_point', type_id: 4 }, { type: 'decision', type_id: 2 }]);
  });

  it('the agenda follows the groups row_num', () => {
    const m = aMeeting();
    const entries = agendaEntries(m);
    expect(entries.map((e) => e.type)).toEqual([...m.agendas].sort((a, b) => a.row_num - b.row_num).flatMap((g) => g.data.map((d) => d.agenda_type)));
    expect(participantsOf(m).length).toBe(new Set([...m.members, ...m.guest_member].map((x) => x.member_id)).size);
  });

  it.each([
    ['2026-12-01 14:05:00', '01-12-2026 02:05 PM'],
    ['2026-01-09 00:30:00', '09-01-2026 12:30 AM'],
  ])('details date %s -> %s', (s, out) => expect(detailsDate(s)).toBe(out));

  it.each([
    // language, server date -> the header's date (digits and day period of the language; Russian and French read as English)
    ['en', '2026-12-01 14:05:00', '01-12-2026 02:05 PM'],
    ['fr', '2026-12-01 14:05:00', '01-12-2026 02:05 PM'],
    ['ru', '2026-01-09 00:30:00', '09-01-2026 12:30 AM'],
    // Arabic: Arabic day period (ص morning, م afternoon); the digits are the ones the language's number format uses (Latin in CLDR's 'ar')
    ['ar', '2026-12-01 14:05:00', '01-12-2026 02:05 م'],
    ['ar', '2026-01-09 09:30:00', '09-01-2026 09:30 ص'],
  ])('details date in %s: %s -> %s', (lang, s, out) => expect(detailsDate(s, lang)).toBe(out));

  it('the meeting id ignores a hash; bad ids are null', () => {
    expect(meetingIdOf('12#_5')).toBe(12);
    expect(meetingIdOf('abc')).toBeNull();
  });

  it("a join refused with 'deadline_passed' is recognised", () => {
    expect(isDeadlinePassed(new ApiError(409, 'Error in validation', { fieldErrors: { warning: 'deadline_passed' } }))).toBe(true);
    expect(isDeadlinePassed(new ApiError(500, 'x'))).toBe(false);
  });
});

describe('participant names', () => {
  it('a guest without a name reads as the e-mail cut to 22 plus two dots', async () => {
    const { aMember } = await import('./decisions/fixtures');
    const { memberName } = await import('./details/Participants');
    const email = 'outside.auditor.12345@example.com';
    expect(memberName(aMember(9, null, { user_id: null, user: null, user_email: email, guest_name: null }))).toBe('outside.auditor.12345@..');
    expect(memberName(aMember(9, null, { user_id: null, user_email: 'a@b.co', guest_name: 'Ann Guest' }))).toBe('Ann Guest');
  });
});

describe('a meeting dictated by voice fills the create form (draftValues)', () => {
  const committees = [{ id: 4, name: 'Audit' }, { id: 7, name: 'Board of Directors' }];
  const base = { title: '', committee_id: null, start: new Date(2026, 11, 1, 9, 0), duration: 60, virtual: false, virtual_type: null, location: '', description: '' };
  it.each([
    ['nothing said keeps the defaults', {}, {}],
    ['title, description and location', { title: 'Budget review', description: 'Q3', location: 'Room 5' }, { title: 'Budget review', description: 'Q3', location: 'Room 5' }],
    ['the committee by exact name, any case', { committee: 'audit' }, { committee_id: 4 }],
    ['the committee by part of its name', { committee: 'board' }, { committee_id: 7 }],
    ['an unknown committee is left to choose', { committee: 'finance' }, { committee_id: null }],
    ['date and time make the start', { date: '2026-12-03', time: '14:30' }, { start: new Date(2026, 11, 3, 14, 30) }],
    ['a time alone keeps the default day', { time: '16:00' }, { start: new Date(2026, 11, 1, 16, 0) }],
    ['hours become minutes', { duration: 1.5 }, { duration: 90 }],
    ['online', { virtual: true }, { virtual: true, virtual_type: 'ijmeet' }],
  ])('%s', (_name, draft, expected) => {
    expect(draftValues(draft, committees, base)).toEqual({ ...base, ...expected });
  });
});
