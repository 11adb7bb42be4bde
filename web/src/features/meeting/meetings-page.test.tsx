import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MeetingSummary } from '@app/contracts';
import { session } from '../../api/session';
import { aProfile } from '../../test/contract-fixtures';
import { installFetch, jsonResponse, on, type Call } from '../../test/fetch';
import { renderWithApp } from '../../test/render';
import { aMeeting, aMeetingSummary, ok } from './decisions/fixtures';
import { MeetingDetailsPage } from './MeetingDetailsPage';
import { MeetingsPage } from './MeetingsPage';

const paged = (items: MeetingSummary[], total = items.length) => ({ success: true, data: items, meta: { page: 1, per_page: 10, total, last_page: Math.max(1, Math.ceil(total / 10)) } });
const queryOf = (c: Call) => Object.fromEntries(new URL(c.url, 'http://localhost').searchParams);
const listCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path.split('?')[0] === '/api/meetings');

beforeEach(() => {
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'ada@example.com' });
});

describe('meeting list (/app/activity/meetings)', () => {
  it('lists the meetings with their status tag and link; the role filter and the search go to the server', async () => {
    const rows = [aMeetingSummary(), aMeetingSummary({ id: 2, title: 'Audit review', role: 'Participate', status: { id: 1, name: 'Draft', color: '#475569', bgcolor: '#e2e8f0' }, meeting_status_id: 1 })];
    const calls = installFetch(
      on('GET', '/api/profile', () => jsonResponse(200, ok(aProfile({ admin_committees: [{ id: 1, name: 'Audit' }] })))),
      on('GET', '/api/meetings', () => jsonResponse(200, paged(rows))),
    );
    renderWithApp(<MeetingsPage />, { path: '/app/activity/meetings' });
    const table = await screen.findByTestId('meetings-table');
    await waitFor(() => expect(within(table).getByTestId('meeting-row-2')).toHaveAttribute('href', '/app/activity/meetings/2'));
    expect(within(table).getByText('Scheduled')).toBeInTheDocument();
    expect(within(table).getByText('Draft')).toBeInTheDocument();
    expect(within(table).getByText('Participate')).toBeInTheDocument();
    expect(queryOf(listCalls(calls)[0])).toMatchObject({ page: '1', role: 'All' });
    // the create button: the user administers a committee
    expect(await screen.findByTestId('meeting-create')).toBeInTheDocument();
    fireEvent.click(within(screen.getByTestId('meetings-role')).getByText('Organizer'));
    await waitFor(() => expect(listCalls(calls).some((c) => queryOf(c).role === 'Organizer')).toBe(true));
    fireEvent.change(screen.getByTestId('meetings-search'), { target: { value: 'audit' } });
    await waitFor(() => expect(listCalls(calls).some((c) => queryOf(c).search === 'audit' && queryOf(c).role === 'Organizer')).toBe(true));
  });

  it("an empty list says 'No meetings yet' and offers no create button without a committee to create in", async () => {
    installFetch(on('GET', '/api/profile', () => jsonResponse(200, ok(aProfile()))), on('GET', '/api/meetings', () => jsonResponse(200, paged([]))));
    renderWithApp(<MeetingsPage />, { path: '/app/activity/meetings' });
    expect(await screen.findByTestId('meetings-empty')).toHaveTextContent('No meetings yet');
    expect(screen.queryByTestId('meeting-create')).toBeNull();
  });

  it('a failed load says so and retries', async () => {
    let fail = true;
    installFetch(
      on('GET', '/api/profile', () => jsonResponse(200, ok(aProfile()))),
      on('GET', '/api/meetings', () => (fail ? jsonResponse(500, { success: false, message: 'Internal Server Error' }) : jsonResponse(200, paged([aMeetingSummary()])))),
    );
    renderWithApp(<MeetingsPage />, { path: '/app/activity/meetings' });
    const err = await screen.findByTestId('meetings-error');
    expect(err).toHaveTextContent('Internal Server Error');
    fail = false;
    fireEvent.click(within(err).getByRole('button'));
    expect(await screen.findByTestId('meeting-row-1')).toHaveTextContent('Board meeting');
  });
});

describe('after a delete the browser returns to the meeting list', () => {
  it('confirm, DELETE /meetings/{id}, then /app/activity/meetings', async () => {
    const calls = installFetch(
      on('GET', '/api/meetings/1', () => jsonResponse(200, ok(aMeeting()))),
      on('DELETE', '/api/meetings/1', () => jsonResponse(200, { success: true, message: 'Meeting deleted successfully', data: null })),
    );
    renderWithApp(<MeetingDetailsPage />, { path: '/app/activity/meetings/1', route: '/app/activity/meetings/:meetingId' });
    fireEvent.click(await screen.findByTestId('meeting-delete'));
    await waitFor(() => expect(document.querySelector('.p-confirm-dialog')).not.toBeNull());
    expect(document.querySelector('.p-confirm-dialog')).toHaveStyle({ width: '400px' });
    fireEvent.click(document.querySelector('.p-confirm-dialog-accept')!);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/app\/activity\/meetings$/));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/meetings/1')).toBe(true);
  });
});
