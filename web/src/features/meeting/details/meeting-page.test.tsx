import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MeetingDetails, RouteData, Routes, TalkingPointPayload } from '@app/contracts';
import { useState, type ReactNode } from 'react';
import { session } from '../../../api/session';
import { installFetch, jsonResponse, on, type Call } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { ActionDialog } from '../actions/ActionDialog';
import { aMeeting, aMember, anAction, aTalkingPoint, ok, permissions } from '../decisions/fixtures';
import { TalkingPointDialog } from '../agenda/TalkingPointDialog';
import { MeetingDetailsPage } from '../MeetingDetailsPage';
import { AttendanceDialog, StatusDialog } from './Dialogs';
import { isReadyToClose, VirtualJoin } from './VirtualJoin';

const click = (testId: string) => fireEvent.click(screen.getByTestId(testId));

beforeEach(() => {
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'grace@example.com' });
});

/** the meeting page of member Grace (or of a guest with a token), answered by `meeting` */
function renderPage(meeting: MeetingDetails, opts: { guest?: boolean; handlers?: Parameters<typeof installFetch> } = {}): Call[] {
  const calls = installFetch(on('GET', '/api/meetings/1', () => jsonResponse(200, ok(meeting))), ...(opts.handlers ?? []));
  if (opts.guest) renderWithApp(<MeetingDetailsPage guest />, { path: '/meeting/1?token=gt', route: '/meeting/:meetingId' });
  else renderWithApp(<MeetingDetailsPage />, { path: '/app/activity/meetings/1', route: '/app/activity/meetings/:meetingId' });
  return calls;
}

/** the join answer: the link's fields at the top level and in data (the contract's composed answer) */
function joinLink(url: string) {
  const link = { name: 'Grace', participant_id: 'p-1', participant_url: url, provider: 'ijmeet' as const };
  return { ...link, success: true as const, data: link } satisfies RouteData<typeof Routes.joinVirtual>;
}

describe('online meetings: join button, embedded frame, Meeting Details drawer, deadline passed', () => {
  const online = (over: Partial<MeetingDetails> = {}) =>
    aMeeting({ virtual: 1, virtual_type: 'ijmeet', location: null, permissions: permissions({ joinVirtual: true }), ...over });
  const header = <div data-testid="header-copy">Board meeting header</div>;

  it('no join button for a meeting in a room, or when the server does not allow joining', () => {
    installFetch();
    const { unmount } = renderWithApp(<VirtualJoin meeting={aMeeting()} header={header} />);
    expect(screen.queryByTestId('join-meeting')).toBeNull();
    unmount();
    renderWithApp(<VirtualJoin meeting={online({ permissions: permissions({ joinVirtual: false }) })} header={header} />);
    expect(screen.queryByTestId('join-meeting')).toBeNull();
  });

  it('joining opens the participant link in the frame; Meeting Details opens the 600 drawer with the header', async () => {
    const calls = installFetch(on('GET', '/api/meetings/1/participant', () => jsonResponse(200, joinLink('https://meet.example/room-1?jwt=x'))));
    renderWithApp(<VirtualJoin meeting={online()} token="gt" header={header} />);
    click('join-meeting');
    const frame = await screen.findByTestId('virtual-frame');
    expect(frame).toHaveAttribute('src', 'https://meet.example/room-1?jwt=x');
    expect(calls[0].path).toBe('/api/meetings/1/participant?token=gt');
    expect(screen.queryByTestId('join-meeting')).toBeNull();
    expect(screen.queryByTestId('header-copy')).toBeNull();
    click('virtual-details');
    const drawer = await screen.findByTestId('virtual-details-drawer');
    expect(drawer).toHaveStyle({ width: 'min(600px, calc(100vw - 10px))' });
    expect(within(drawer).getByTestId('header-copy')).toHaveTextContent('Board meeting header');
    expect(within(drawer).getByText('Meeting Details')).toBeInTheDocument();
  });

  it('when the session signals it is ready to close, the frame is emptied and the Meeting Details button goes', async () => {
    installFetch(on('GET', '/api/meetings/1/participant', () => jsonResponse(200, joinLink('https://meet.example/room-1'))));
    renderWithApp(<VirtualJoin meeting={online()} header={header} />);
    click('join-meeting');
    const frame = (await screen.findByTestId('virtual-frame')) as HTMLIFrameElement;
    // a message from another window is not the session's
    act(() => void window.dispatchEvent(new MessageEvent('message', { data: 'readyToClose', source: window })));
    expect(screen.getByTestId('virtual-frame')).toBeInTheDocument();
    act(() => void window.dispatchEvent(new MessageEvent('message', { data: { event: 'readyToClose' }, source: frame.contentWindow })));
    await waitFor(() => expect(screen.queryByTestId('virtual-frame')).toBeNull());
    expect(screen.queryByTestId('virtual-details')).toBeNull();
    expect(screen.getByTestId('join-meeting')).toBeInTheDocument();
  });

  it("a meeting before the cutoff day shows 'Deadline passed, you cannot join the meeting'; other failures show nothing", async () => {
    let answer = jsonResponse(409, { success: false, code: 'DEADLINE_PASSED', message: 'Deadline passed, you cannot join the meeting', data: { warning: 'deadline_passed' } });
    installFetch(on('GET', '/api/meetings/1/participant', () => answer));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderWithApp(<VirtualJoin meeting={online({ start_date: '2024-07-20 10:00:00' })} header={header} />);
    click('join-meeting');
    expect(await screen.findByTestId('join-warning')).toHaveTextContent('Deadline passed, you cannot join the meeting');
    expect(screen.queryByTestId('virtual-frame')).toBeNull();
    answer = jsonResponse(409, { success: false, code: 'VALIDATION', message: 'This meeting has no online session.' });
    click('join-meeting');
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.queryByTestId('join-warning')).toBeNull();
    expect(screen.queryByTestId('virtual-frame')).toBeNull();
    warn.mockRestore();
  });

  it('the ready-to-close signal in the shapes the frame may send', () => {
    const table: Array<[unknown, boolean]> = [
      ['readyToClose', true],
      [{ event: 'readyToClose' }, true],
      [{ name: 'readyToClose' }, true],
      [{ type: 'event', data: { name: 'readyToClose' } }, true],
      ['videoConferenceLeft', false],
      [{ event: 'participantJoined' }, false],
      [null, false],
      [42, false],
    ];
    for (const [data, expected] of table) expect([data, isReadyToClose(data)]).toEqual([data, expected]);
  });

  it('the meeting page shows the join button of an online meeting', async () => {
    renderPage(online());
    expect(await screen.findByTestId('join-meeting')).toHaveTextContent('Join the meeting');
  });
});

describe('the NDA modal (accept clears it; decline sends a member to the list and a guest to sign-in)', () => {
  const ndaMeeting = (guest = false) => aMeeting({ nda: 1, nda_required: true, permissions: permissions({ level: guest ? 'participant' : 'participant', isGuest: guest, acceptNda: true }) });

  it('a member who declines goes to the meeting list', async () => {
    renderPage(ndaMeeting());
    click(await waitForModal());
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/app\/activity\/meetings$/));
  });

  it('a guest who declines goes to the sign-in page', async () => {
    renderPage(ndaMeeting(true), { guest: true });
    click(await waitForModal());
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/auth\/login$/));
  });

  it('a member accepts with GET /meeting/{id}/approve, a guest with the token; the modal closes', async () => {
    const calls = renderPage(ndaMeeting(), { handlers: [on('GET', '/api/meeting/1/approve', () => jsonResponse(200, ok(aMeeting(), 'Done')))] });
    await waitForModal();
    click('nda-accept');
    await waitFor(() => expect(screen.queryByTestId('nda-modal')).toBeNull());
    expect(calls.some((c) => c.path === '/api/meeting/1/approve')).toBe(true);
    expect(screen.getByTestId('location')).toHaveTextContent('/app/activity/meetings/1');
  });

  it('a guest accepts through the link token', async () => {
    const calls = renderPage(ndaMeeting(true), { guest: true, handlers: [on('GET', '/api/nda/guest/gt', () => jsonResponse(200, ok(aMeeting(), 'Done')))] });
    await waitForModal();
    click('nda-accept');
    await waitFor(() => expect(screen.queryByTestId('nda-modal')).toBeNull());
    expect(calls.some((c) => c.path.startsWith('/api/nda/guest/gt'))).toBe(true);
  });

  it('behind the modal: the title and nothing else; no card asks the API for more', async () => {
    const calls = renderPage(ndaMeeting());
    await waitForModal();
    expect(screen.getByTestId('meeting-title')).toBeInTheDocument();
    expect(screen.getByTestId('nda-gate-text')).toBeInTheDocument();
    for (const id of ['agenda-card', 'minutes-card', 'create-buttons', 'participants-card']) expect(screen.queryByTestId(id)).toBeNull();
    // nothing about meeting 1 but its details (the minutes, the book, the activity, the approvals of the meeting...)
    expect(calls.map((c) => c.path).filter((x) => x !== '/api/meetings/1' && (/\/1(\/|$)/.test(x) || x.includes('meeting_id=1')))).toEqual([]);
  });

  it('Escape declines: a member goes to the meeting list', async () => {
    renderPage(ndaMeeting());
    await waitForModal();
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/app\/activity\/meetings$/));
  });

  async function waitForModal(): Promise<string> {
    expect(await screen.findByTestId('nda-modal')).toHaveTextContent(/./);
    return 'nda-decline';
  }
});

describe('errors as the catalogue says (§8): closable alerts, save banners, attendance alerts', () => {
  it('a refused delete shows a closable alert with the server message; closing it removes it', async () => {
    renderPage(aMeeting(), { handlers: [on('DELETE', '/api/meetings/1', () => jsonResponse(409, { success: false, code: 'MEETING_LOCKED', message: 'This meeting can no longer be changed.' }))] });
    await screen.findByTestId('meeting-delete');
    click('meeting-delete');
    await waitFor(() => expect(document.querySelector('.p-confirm-dialog-accept')).not.toBeNull());
    fireEvent.click(document.querySelector('.p-confirm-dialog-accept')!);
    const alert = await screen.findByTestId('meeting-alert');
    expect(alert).toHaveTextContent('This meeting can no longer be changed.');
    expect(screen.getByTestId('location')).toHaveTextContent('/app/activity/meetings/1');
    fireEvent.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('meeting-alert')).toBeNull();
  });

  it('a refused status change shows a closable alert in the dialog; closing it removes it', async () => {
    installFetch(on('POST', '/api/meetings/1/changestatus', () => jsonResponse(409, { success: false, code: 'VALIDATION', message: 'The start date must be in the future.' })));
    const onChanged = jest.fn();
    renderWithApp(<StatusDialog meeting={aMeeting({ meeting_status_id: 2, permissions: permissions({ allowedStatuses: [3] }) })} visible onHide={jest.fn()} onChanged={onChanged} />);
    click('status-submit');
    expect(await screen.findByTestId('status-reason-error')).toHaveTextContent('The status reason field is required.');
    fireEvent.change(document.getElementById('status-reason')!, { target: { value: 'Ready' } });
    click('status-submit');
    const alert = await screen.findByTestId('status-error');
    expect(alert).toHaveTextContent('The start date must be in the future.');
    expect(onChanged).not.toHaveBeenCalled();
    fireEvent.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('status-error')).toBeNull();
  });

  it('talking point save: the server message as the banner, else All fields are required for a bare 409; the dialog stays', async () => {
    let answer = jsonResponse(409, { success: false, code: 'VALIDATION', message: 'duration must be less than or equal meeting duration' });
    const calls = installFetch(
      on('GET', '/api/meetings/1/talkingpoints/5', () => jsonResponse(200, ok(aTalkingPoint()))),
      on('PUT', '/api/meetings/1/talkingpoints/5', () => answer),
    );
    const onHide = jest.fn();
    const onChanged = jest.fn();
    renderWithApp(<TalkingPointDialog meeting={aMeeting()} talkingPointId={5} visible onHide={onHide} onChanged={onChanged} />);
    await screen.findByTestId('tp-edit');
    click('tp-edit');
    click('tp-submit');
    expect(await screen.findByTestId('tp-banner')).toHaveTextContent('duration must be less than or equal meeting duration');
    answer = jsonResponse(409, {});
    click('tp-submit');
    await waitFor(() => expect(screen.getByTestId('tp-banner')).toHaveTextContent('All fields are required'));
    answer = jsonResponse(500, { success: false, message: 'Internal Server Error' });
    click('tp-submit');
    await waitFor(() => expect(screen.getByTestId('tp-banner')).toHaveTextContent('Internal Server Error'));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(3);
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual(expect.objectContaining({ title: 'Budget', presenters: [{ user_id: 2 }], viewers: [{ user_id: 2 }] }));
    expect(onHide).not.toHaveBeenCalled();
    expect(onChanged).not.toHaveBeenCalled();
    expect(screen.getByTestId('tp-form')).toBeInTheDocument();
  });

  it('attendance: each message of the refusal is an alert in the dialog', async () => {
    installFetch(on('POST', '/api/meetings/1/members/changestatus', () => jsonResponse(409, { success: false, code: 'VALIDATION', message: 'Error in validation', errors: { status: 'The selected status is invalid.', reason: 'The reason may not be greater than 500 characters.' } })));
    const me = aMember(2, 'Grace', { attendance_status: 'Going' });
    renderWithApp(<AttendanceDialog meeting={aMeeting({ current_member: me, permissions: permissions({ changeAttendance: true }) })} member={null} visible onHide={jest.fn()} onChanged={jest.fn()} />);
    click('attendance-submit');
    const dialog = await screen.findByTestId('attendance-dialog');
    await waitFor(() => expect(within(dialog).getByText('The selected status is invalid.')).toBeInTheDocument());
    expect(within(dialog).getByText('The reason may not be greater than 500 characters.')).toBeInTheDocument();
  });
});

describe('live updates reach an open action or talking point', () => {
  function WithTick(props: { children(tick: number): ReactNode }) {
    const [tick, setTick] = useState(0);
    return (
      <>
        <button type="button" data-testid="tick" onClick={() => setTick((n) => n + 1)} />
        {props.children(tick)}
      </>
    );
  }

  it("an action in view loads again when the meeting's channel reports a change", async () => {
    let status: 'In Progress' | 'Complete' = 'In Progress';
    const calls = installFetch(on('GET', '/api/actions/21', () => jsonResponse(200, ok(anAction({ status })))));
    renderWithApp(<WithTick>{(tick) => <ActionDialog meeting={aMeeting()} actionId={21} visible onHide={jest.fn()} onChanged={jest.fn()} liveTick={tick} />}</WithTick>);
    expect(await screen.findByTestId('action-status')).toHaveTextContent('In Progress');
    status = 'Complete';
    click('tick');
    await waitFor(() => expect(screen.getByTestId('action-status')).toHaveTextContent('Complete'));
    expect(calls.filter((c) => c.path.startsWith('/api/actions/21'))).toHaveLength(2);
  });

  it('a talking point in view loads again (a new comment appears)', async () => {
    let comments: TalkingPointPayload['comments'] = [];
    const calls = installFetch(on('GET', '/api/meetings/1/talkingpoints/5', () => jsonResponse(200, ok(aTalkingPoint({ comments })))));
    renderWithApp(<WithTick>{(tick) => <TalkingPointDialog meeting={aMeeting()} talkingPointId={5} visible onHide={jest.fn()} onChanged={jest.fn()} liveTick={tick} />}</WithTick>);
    await screen.findByTestId('tp-view');
    comments = [{ id: 70, comment: 'Seen live', body: 'Seen live', content: 'Seen live', commented_type: 'talkingpoints', commented_id: 5, user_id: 3, user_email: null, user_name: 'Alan', user_image: null, created_at: '2026-11-20 09:00:00', can_delete: false }];
    click('tick');
    expect(await screen.findByText('Seen live')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/meetings/1/talkingpoints/5')).toHaveLength(2);
  });
});

describe('a live online meeting starts by itself when the page opens', () => {
  const online = (status: number) =>
    aMeeting({ virtual: 1, virtual_type: 'zoom', location: null, meeting_status_id: status, permissions: permissions({ joinVirtual: true }) });

  it('Live: the frame opens without a click, once', async () => {
    const calls = renderPage(online(3), { handlers: [on('GET', '/api/meetings/1/participant', () => jsonResponse(200, joinLink('https://zoom.example/j/1')))] });
    expect(await screen.findByTestId('virtual-frame')).toHaveAttribute('src', 'https://zoom.example/j/1');
    expect(calls.filter((c) => c.path.startsWith('/api/meetings/1/participant'))).toHaveLength(1);
  });

  it('Scheduled: only the join button', async () => {
    const calls = renderPage(online(2));
    expect(await screen.findByTestId('join-meeting')).toBeInTheDocument();
    expect(screen.queryByTestId('virtual-frame')).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/api/meetings/1/participant'))).toBe(false);
  });
});

describe("the meeting's approvals card is for members only", () => {
  const noApprovals = on('GET', '/api/approvals', () => jsonResponse(200, { success: true, data: [], meta: { page: 1, per_page: 100, total: 0, last_page: 1 } }));

  it('a member sees it', async () => {
    renderPage(aMeeting(), { handlers: [noApprovals] });
    expect(await screen.findByTestId('meeting-approvals-card')).toBeInTheDocument();
  });

  it.each([
    ['through the link', true],
    ['signed in as a guest member', false],
  ])('a guest %s does not, and nothing asks for the approvals', async (_, link) => {
    const calls = renderPage(aMeeting({ permissions: permissions({ level: 'participant', isGuest: true }) }), { guest: link, handlers: [noApprovals] });
    expect(await screen.findByTestId('meeting-page')).toHaveAttribute('data-guest', '1');
    expect(screen.queryByTestId('meeting-approvals-card')).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/api/approvals'))).toBe(false);
  });
});
