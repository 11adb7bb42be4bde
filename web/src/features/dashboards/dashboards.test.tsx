import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Routes, RouteData } from '@app/contracts';
import type { CalendarMeeting, HomeDashboard, HomeItem, MeetingStatusInfo, Reminder, TrackedAction, Tracker } from '../../api/dashboards';
import { onNotify, type Notice } from '../../api/notify';
import { session } from '../../api/session';
import { installFetch, jsonResponse, on, type Call, type FakeResponse } from '../../test/fetch';
import { renderWithApp } from '../../test/render';
import { ActionTrackerPage } from './ActionTrackerPage';
import { CalendarPage } from './CalendarPage';
import { HomePage } from './HomePage';
import { RemindersWidget } from './RemindersWidget';

const pathOf = (c: Call) => `${c.method} ${c.path.split('?')[0]}`;
const queryOf = (c: Call) => new URL(c.url, 'http://localhost').searchParams;
const fail = () => jsonResponse(500, { success: false, code: 'INTERNAL', message: 'Server Error' });
// fixtures typed with the route table's answers: a renamed or missing field breaks these tests
const status = (id: number, name: string) => ({ id, name, color: '#047857', bgcolor: '#d1fae5' }) satisfies MeetingStatusInfo;
const meeting = (id: number, title: string, start = '2026-11-24 10:00:00', s = status(2, 'Scheduled')) => ({
  id, title, start_date: start, end_date: null, duration: 60, location: 'Room 1', virtual: 0, status: s, meeting_status_id: s.id, committee: { id: 1, name: 'Audit', status: 'active' },
}) satisfies CalendarMeeting;
const reminder = (id: number, title: string) => ({
  id, type: 'meeting-scheduled', title, message: `About ${title}`, link: `/app/activity/meetings/${id + 100}`, entity_type: 'meeting', entity_id: id + 100, meeting_id: id + 100, due_at: '2026-11-24 10:00:00', created_at: '2026-11-20 09:00:00',
}) satisfies Reminder;
const homeItem = (id: number, title: string, meetingId: number, meetingTitle: string, date: string | null, itemStatus: string | null) =>
  ({ id, title, meeting_id: meetingId, meeting_title: meetingTitle, date, status: itemStatus }) satisfies HomeItem;
const pagedBody = (items: Reminder[]) => ({ success: true, data: items, meta: { page: 1, per_page: 20, total: items.length, last_page: 1 } });
/** a response the test releases when it wants (loading states) */
function deferred() {
  let release: (r: FakeResponse) => void = () => undefined;
  const promise = new Promise<FakeResponse>((resolve) => (release = resolve));
  return { promise, release };
}

beforeEach(() => {
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'ada@example.com' });
});

describe('reminders widget (GET /api/reminders, dismiss one, dismiss all)', () => {
  it('shows loading, then the reminders linking where the API says; dismissing one refreshes the list', async () => {
    let items = [reminder(1, 'Board meeting scheduled'), reminder(2, 'Action assigned')];
    const first = deferred();
    let served = 0;
    const calls = installFetch(
      on('GET', '/api/reminders', () => (served++ === 0 ? first.promise : jsonResponse(200, pagedBody(items)))),
      on('POST', '/api/reminders/1/dismiss', () => {
        items = items.filter((r) => r.id !== 1);
        return jsonResponse(200, { success: true, message: 'Reminder dismissed', data: { dismissed: 1 } satisfies RouteData<typeof Routes.dismissReminder> });
      }),
    );
    const notices: Notice[] = [];
    const stop = onNotify((n) => notices.push(n));
    renderWithApp(<RemindersWidget />);
    expect(await screen.findByRole('progressbar', { name: 'Loading reminders' })).toBeInTheDocument();
    first.release(jsonResponse(200, pagedBody(items)));
    const link = await screen.findByRole('link', { name: 'Board meeting scheduled' });
    expect(link).toHaveAttribute('href', '/app/activity/meetings/101');
    expect(screen.getByText('About Action assigned')).toBeInTheDocument();
    expect(within(screen.getByTestId('reminder-1')).getByText('Due 24 Nov 2026 10:00 AM')).toBeInTheDocument();
    expect(queryOf(calls[0]).get('per_page')).toBe('20');

    fireEvent.click(screen.getByTestId('reminder-dismiss-1'));
    await waitFor(() => expect(screen.queryByText('Board meeting scheduled')).toBeNull());
    expect(screen.getByText('Action assigned')).toBeInTheDocument();
    expect(calls.map(pathOf)).toContain('POST /api/reminders/1/dismiss');
    // the route's success message, as the gateway words it
    expect(notices).toContainEqual(expect.objectContaining({ severity: 'success', summary: 'Reminder dismissed' }));
    stop();
  });

  it('dismiss all empties the widget; with nothing left the button is disabled', async () => {
    let items = [reminder(1, 'One'), reminder(2, 'Two')];
    const calls = installFetch(
      on('GET', '/api/reminders', () => jsonResponse(200, pagedBody(items))),
      on('POST', '/api/reminders/dismiss_all', () => {
        items = [];
        return jsonResponse(200, { success: true, message: 'All reminders dismissed', data: { dismissed: 2 } satisfies RouteData<typeof Routes.dismissAllReminders> });
      }),
    );
    renderWithApp(<RemindersWidget />);
    expect(await screen.findByText('One')).toBeInTheDocument();
    expect(screen.getByTestId('reminders-dismiss-all')).toBeEnabled();
    fireEvent.click(screen.getByTestId('reminders-dismiss-all'));
    expect(await screen.findByTestId('reminders-empty')).toHaveTextContent('You are all caught up.');
    expect(screen.getByTestId('reminders-dismiss-all')).toBeDisabled();
    expect(calls.map(pathOf)).toContain('POST /api/reminders/dismiss_all');
  });

  it('shows the error state with a retry when the list fails', async () => {
    let ok = false;
    installFetch(on('GET', '/api/reminders', () => (ok ? jsonResponse(200, pagedBody([reminder(3, 'Back again')])) : fail())));
    renderWithApp(<RemindersWidget />);
    expect(await screen.findByTestId('reminders-error')).toHaveTextContent('Could not load this.');
    expect(screen.getByTestId('reminders-dismiss-all')).toBeDisabled();
    ok = true;
    fireEvent.click(screen.getByTestId('reminders-error-retry'));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
  });
});

describe('home dashboard (GET /api/home)', () => {
  const home = {
    ongoing: [meeting(7, 'Quarterly board', '2026-11-21 09:00:00', status(3, 'Live'))],
    pending: [],
    draft: [meeting(8, 'Budget draft', '2026-12-01 09:00:00', status(1, 'Draft'))],
    my_agenda: {
      agenda: [homeItem(31, 'Opening remarks', 7, 'Quarterly board', '2026-11-21 09:00:00', null)],
      // talking point 31 and decision 31: each link names its kind
      decisions: [homeItem(31, 'Approve the budget', 7, 'Quarterly board', '2026-11-25 17:00:00', 'OPEN')],
      actions: [homeItem(41, 'Send the minutes', 7, 'Quarterly board', '2026-11-30 17:00:00', 'In Progress')],
    },
    upcoming: [meeting(9, 'Audit review')],
  } satisfies HomeDashboard;

  it('shows the tabs, my agenda and upcoming meetings from the answer, each linking to the meeting', async () => {
    installFetch(on('GET', '/api/home', () => jsonResponse(200, { success: true, data: home })), on('GET', '/api/reminders', () => jsonResponse(200, pagedBody([]))));
    renderWithApp(<HomePage />);
    const ongoing = await screen.findByTestId('home-ongoing');
    expect(within(ongoing).getByRole('link', { name: 'Quarterly board' })).toHaveAttribute('href', '/app/activity/meetings/7');
    expect(within(ongoing).getByText('Live')).toBeInTheDocument();
    expect(screen.getByText('Ongoing (1)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Opening remarks' })).toHaveAttribute('href', '/app/activity/meetings/7#_talking_point-31');
    expect(within(screen.getByTestId('home-upcoming')).getByRole('link', { name: 'Audit review' })).toHaveAttribute('href', '/app/activity/meetings/9');
    expect(screen.getByTestId('upcoming-see-all')).toHaveAttribute('href', '/app/activity/meetings');
    expect(await screen.findByTestId('reminders-empty')).toBeInTheDocument();

    fireEvent.click(screen.getByText('Pending'));
    expect(await screen.findByTestId('home-pending-empty')).toHaveTextContent('No meeting is waiting for you.');
    fireEvent.click(screen.getByText('Draft (1)'));
    expect(await screen.findByRole('link', { name: 'Budget draft' })).toBeInTheDocument();
    fireEvent.click(screen.getByText('Resolutions (1)'));
    expect(await screen.findByRole('link', { name: 'Approve the budget' })).toHaveAttribute('href', '/app/activity/meetings/7#_decision-31');
    fireEvent.click(screen.getByText('Actions (1)'));
    expect(await screen.findByRole('link', { name: 'Send the minutes' })).toHaveAttribute('href', '/app/activity/meetings/7#_action-41');
  });

  it('opens the first tab that has something (pending here, and my actions)', async () => {
    const data = { ongoing: [], pending: [meeting(11, 'Waiting for you')], draft: [], my_agenda: { agenda: [], decisions: [], actions: [homeItem(5, 'Sign the letter', 11, 'Waiting for you', null, null)] }, upcoming: [] } satisfies HomeDashboard;
    installFetch(on('GET', '/api/home', () => jsonResponse(200, { success: true, data })), on('GET', '/api/reminders', () => jsonResponse(200, pagedBody([]))));
    renderWithApp(<HomePage />);
    expect(await screen.findByTestId('home-pending')).toHaveTextContent('Waiting for you');
    expect(screen.getByRole('link', { name: 'Sign the letter' })).toHaveAttribute('href', '/app/activity/meetings/11#_action-5');
    fireEvent.click(screen.getByText('Ongoing'));
    expect(await screen.findByTestId('home-ongoing-empty')).toBeInTheDocument();
  });

  it('shows empty states when there is nothing, and an error state with retry when the answer fails', async () => {
    let ok = false;
    const empty = { ongoing: [], pending: [], draft: [], my_agenda: { agenda: [], decisions: [], actions: [] }, upcoming: [] } satisfies HomeDashboard;
    installFetch(on('GET', '/api/home', () => (ok ? jsonResponse(200, { success: true, data: empty }) : fail())), on('GET', '/api/reminders', () => jsonResponse(200, pagedBody([]))));
    renderWithApp(<HomePage />);
    expect(await screen.findByTestId('home-upcoming-error')).toHaveTextContent('Could not load this.');
    expect(screen.getByTestId('home-ongoing-error')).toBeInTheDocument();
    ok = true;
    fireEvent.click(screen.getByTestId('home-upcoming-error-retry'));
    expect(await screen.findByTestId('home-upcoming-empty')).toHaveTextContent('No upcoming meetings');
    expect(screen.getByTestId('home-ongoing-empty')).toHaveTextContent('No meeting is in progress.');
    expect(screen.getByTestId('home-agenda-empty')).toHaveTextContent('No agenda items for you.');
  });
});

describe('calender (GET /api/calender?date=YYYY/MM)', () => {
  const ym = (d: Date) => `${d.getFullYear()}/${String(d.getMonth() + 1).padStart(2, '0')}`;

  it("asks for this month, lists its meetings by day, and moves to the next month", async () => {
    const now = new Date();
    const next = new Date(now.getFullYear(), now.getMonth() + 1, 1);
    const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-15`;
    const calls = installFetch(
      on('GET', '/api/calender', (c) => jsonResponse(200, { success: true, data: queryOf(c).get('date') === ym(now) ? [meeting(5, 'Strategy day', `${day} 14:30:00`)] : [] })),
    );
    renderWithApp(<CalendarPage />);
    const link = await screen.findByRole('link', { name: 'Strategy day' });
    expect(link).toHaveAttribute('href', '/app/activity/meetings/5');
    expect(screen.getByRole('region', { name: new RegExp(`^15 \\w+ ${now.getFullYear()}$`) })).toBeInTheDocument();
    expect(queryOf(calls[0]).get('date')).toBe(ym(now));

    fireEvent.click(screen.getByTestId('calendar-next'));
    expect(await screen.findByTestId('calendar-empty')).toHaveTextContent('No meetings in');
    expect(calls.map((c) => queryOf(c).get('date'))).toContain(ym(next));
  });

  it('shows the error state with a retry', async () => {
    let ok = false;
    installFetch(on('GET', '/api/calender', () => (ok ? jsonResponse(200, { success: true, data: [] }) : fail())));
    renderWithApp(<CalendarPage />);
    expect(await screen.findByTestId('calendar-error')).toBeInTheDocument();
    ok = true;
    fireEvent.click(screen.getByTestId('calendar-error-retry'));
    expect(await screen.findByTestId('calendar-empty')).toBeInTheDocument();
  });
});

describe('action tracker (GET /api/action_tracker)', () => {
  const action = (id: number, title: string, group: TrackedAction['group']) => ({
    agenda_type: 'action', id, meeting_id: 7, meeting: { id: 7, title: 'Quarterly board', start_date: '2026-11-21 09:00:00', meeting_status_id: 2 }, title, description: null, priority: 'High', open_till: '2026-11-30 17:00:00', progress: 50, attachments: [], talkingpoint_id: null, talkingpoint_subpoint_id: null,
    participants: [{ id: 1, user_id: 3, user_email: null, user: { id: 3, name: 'Ada', image: null, position: null, email: null, designation: null, role: null, guest: false, type: null }, status: 'In Progress', reason: null, updated_at: '2026-11-20 10:00:00', can_change_status: true }],
    comments: [], rownum: 1, created_at: '2026-11-20 10:00:00', updated_at: '2026-11-20 10:00:00', status: 'In Progress', locked: false, group,
    can_edit: false, can_delete: false, can_change_status: true, can_comment: true, can_add_attachments: false,
  }) satisfies TrackedAction;
  const tracker = {
    not_started: [action(1, 'Draft the policy', 'not_started')],
    on_going: [action(2, 'Send the minutes', 'on_going')],
    completed: [],
    overdue: [action(3, 'File the report', 'overdue')],
    counts: { not_started: 1, on_going: 1, completed: 0, overdue: 1 },
  } satisfies Tracker;

  it('shows the four groups the API returns, and sends search, sort and filters', async () => {
    const calls = installFetch(
      on('GET', '/api/action_tracker', () => jsonResponse(200, { success: true, data: tracker })),
      on('GET', '/api/users/all', () => jsonResponse(200, { success: true, data: [{ id: 3, name: 'Ada', email: 'ada@example.com', image: null, position: null, designation: null }] satisfies RouteData<typeof Routes.allUsers> })),
    );
    renderWithApp(<ActionTrackerPage />);
    const overdue = await screen.findByTestId('tracker-group-overdue');
    expect(within(overdue).getByRole('link', { name: 'File the report' })).toHaveAttribute('href', '/app/activity/meetings/7#_action-3');
    expect(within(screen.getByTestId('tracker-group-not_started')).getByText('Draft the policy')).toBeInTheDocument();
    expect(within(screen.getByTestId('tracker-group-on_going')).getByText('Send the minutes')).toBeInTheDocument();
    expect(screen.getByTestId('tracker-empty-completed')).toHaveTextContent('No actions');
    expect(within(screen.getByTestId('tracker-group-completed')).getByRole('heading')).toHaveTextContent('Completed 0');
    expect(queryOf(calls.find((c) => c.path.startsWith('/api/action_tracker'))!).get('sort')).toBe('deadline');

    fireEvent.change(screen.getByTestId('tracker-search'), { target: { value: 'minutes' } });
    await waitFor(() => expect(calls.some((c) => c.path.startsWith('/api/action_tracker') && queryOf(c).get('search') === 'minutes')).toBe(true));

    fireEvent.click(screen.getByTestId('tracker-sort'));
    fireEvent.click(await screen.findByText('Priority'));
    await waitFor(() => expect(calls.some((c) => c.path.startsWith('/api/action_tracker') && queryOf(c).get('sort') === 'priority' && queryOf(c).get('search') === 'minutes')).toBe(true));

    fireEvent.click(screen.getByTestId('tracker-status'));
    fireEvent.click(await screen.findByText('Scheduled'));
    await waitFor(() => expect(calls.some((c) => c.path.startsWith('/api/action_tracker') && queryOf(c).get('meeting_status') === '2')).toBe(true));

    // the person filter offers the organization's users (GET /api/users/all)
    fireEvent.click(screen.getByTestId('tracker-user'));
    await waitFor(() => expect(document.querySelector('.p-dropdown-item')).toHaveTextContent('Ada'));
    fireEvent.click(document.querySelector('.p-dropdown-item')!);
    await waitFor(() => expect(calls.some((c) => c.path.startsWith('/api/action_tracker') && queryOf(c).get('user_id') === '3')).toBe(true));
  });

  it('shows the error state with a retry', async () => {
    let ok = false;
    const empty = { not_started: [], on_going: [], completed: [], overdue: [], counts: { not_started: 0, on_going: 0, completed: 0, overdue: 0 } } satisfies Tracker;
    installFetch(
      on('GET', '/api/action_tracker', () => (ok ? jsonResponse(200, { success: true, data: empty }) : fail())),
      on('GET', '/api/users/all', () => jsonResponse(200, { success: true, data: [] })),
    );
    renderWithApp(<ActionTrackerPage />);
    expect(await screen.findByTestId('tracker-error')).toBeInTheDocument();
    ok = true;
    fireEvent.click(screen.getByTestId('tracker-error-retry'));
    expect(await screen.findByTestId('tracker-empty-overdue')).toBeInTheDocument();
  });
});
