import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { HomeDashboard } from '../../api/dashboards';
import { session } from '../../api/session';
import type { UserBrief } from '../../api/users';
import { aProfile, anOrgRoot } from '../../test/contract-fixtures';
import { installFetch, jsonResponse, on, type Call } from '../../test/fetch';
import { renderWithApp } from '../../test/render';
import { aDecision, aVoter, ok } from '../meeting/decisions/fixtures';
import { ResolutionsPage } from './ResolutionsPage';

const paged = (items: unknown[]) => ({ success: true, data: items, meta: { page: 1, per_page: 10, total: items.length, last_page: 1 } });
const resolution = (id: number, title: string, over: Parameters<typeof aDecision>[0] = {}) =>
  aDecision({ id, title, meeting_id: null, committee_id: 4, committee: { id: 4, name: 'Audit' }, ...over });
const home = (decisions: HomeDashboard['my_agenda']['decisions']): HomeDashboard => ({ ongoing: [], pending: [], draft: [], my_agenda: { agenda: [], decisions, actions: [] }, upcoming: [] });
const queryOf = (c: Call) => new URL(c.url, 'http://localhost').searchParams;

beforeEach(() => {
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'ada@example.com' });
});

function base(items: unknown[], profile = aProfile({ admin_committees: [{ id: 4, name: 'Audit' }] })) {
  return [
    on('GET', '/api/', () => jsonResponse(200, anOrgRoot())),
    on('GET', '/api/profile', () => jsonResponse(200, ok(profile))),
    on('GET', '/api/singleDecisions', () => jsonResponse(200, paged(items))),
    on('GET', '/api/home', () => jsonResponse(200, ok(home([{ id: 11, title: 'Approve the budget', meeting_id: 1, meeting_title: 'Board meeting', date: '2026-12-02 10:00:00', status: 'OPEN' }])))),
  ];
}

describe('resolutions page (/app/activity/decisions)', () => {
  it('lists the standalone resolutions with their state as the server says, and filters by state', async () => {
    const calls = installFetch(...base([resolution(51, 'Hire an auditor'), resolution(52, 'Close the office', { state: 'DUE' })]));
    renderWithApp(<ResolutionsPage />);
    expect(await screen.findByTestId('resolution-row-51')).toHaveTextContent('Hire an auditor');
    expect(screen.getByTestId('resolution-state-51')).toHaveTextContent('OPEN');
    expect(screen.getByTestId('resolution-state-52')).toHaveTextContent('DUE');
    fireEvent.click(screen.getByTestId('resolutions-state'));
    fireEvent.click(await screen.findByRole('option', { name: 'DUE', hidden: true }));
    await waitFor(() => expect(calls.some((c) => c.path.startsWith('/api/singleDecisions') && queryOf(c).get('state') === 'DUE')).toBe(true));
  });

  it('an empty list says so; no create button without a committee to create in', async () => {
    installFetch(...base([], aProfile({ admin_committees: [], member_committees: [{ id: 4, name: 'Audit' }] })));
    renderWithApp(<ResolutionsPage />);
    expect(await screen.findByTestId('resolutions-empty')).toHaveTextContent('No resolutions yet');
    await waitFor(() => expect(screen.queryByTestId('resolution-add')).toBeNull());
  });

  it('create: the committee is required, the voters come from the committee, and the contract body is sent', async () => {
    const calls = installFetch(
      ...base([]),
      on('GET', '/api/users/all', () => jsonResponse(200, ok([{ id: 2, name: 'Grace', email: 'g@example.com', image: null, position: null, designation: null } satisfies UserBrief]))),
      on('POST', '/api/singleDecision', () => jsonResponse(200, ok(resolution(53, 'New'), 'Decision saved successfully'))),
    );
    renderWithApp(<ResolutionsPage />);
    fireEvent.click(await screen.findByTestId('resolution-add'));
    fireEvent.change(document.getElementById('decision-title')!, { target: { value: 'Hire an auditor' } });
    fireEvent.click(screen.getByTestId('decision-submit'));
    expect(await screen.findByTestId('decision-committee-error')).toHaveTextContent('This field is required.');
    fireEvent.click(screen.getByTestId('decision-committee'));
    fireEvent.click(await screen.findByRole('option', { name: 'Audit', hidden: true }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/users/all?committee_id=4')).toBe(true));
    fireEvent.click(screen.getByTestId('decision-voters'));
    fireEvent.click(await screen.findByRole('option', { name: 'Grace', hidden: true }));
    fireEvent.click(screen.getByTestId('decision-submit'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual(expect.objectContaining({ title: 'Hire an auditor', committee_id: 4, voters: [{ user_id: 2 }] }));
  });

  it('opening a resolution shows its votes; edit keeps the committee locked', async () => {
    installFetch(
      ...base([resolution(51, 'Hire an auditor')]),
      on('GET', '/api/singleDecision/51', () => jsonResponse(200, ok(resolution(51, 'Hire an auditor', { can_edit: true, voters: [aVoter(2, 'Grace', 'Approved')] })))),
      on('GET', '/api/users/all', () => jsonResponse(200, ok([]))),
    );
    renderWithApp(<ResolutionsPage />);
    fireEvent.click(await screen.findByTestId('resolution-row-51'));
    const dialog = await screen.findByTestId('resolution-dialog');
    expect(await within(dialog).findByTestId('voter-list')).toHaveTextContent('Grace');
    fireEvent.click(within(dialog).getByTestId('decision-edit'));
    expect(await screen.findByTestId('decision-committee')).toHaveClass('p-disabled');
  });

  it('?id= (a search result) opens that resolution; closing it leaves the list', async () => {
    installFetch(
      ...base([resolution(51, 'Hire an auditor')]),
      on('GET', '/api/singleDecision/51', () => jsonResponse(200, ok(resolution(51, 'Hire an auditor', { voters: [aVoter(2, 'Grace', 'Approved')] })))),
      on('GET', '/api/users/all', () => jsonResponse(200, ok([]))),
    );
    renderWithApp(<ResolutionsPage />, { path: '/app/activity/decisions?id=51' });
    const dialog = await screen.findByTestId('resolution-dialog');
    expect(await within(dialog).findByTestId('voter-list')).toHaveTextContent('Grace');
    fireEvent.click(document.querySelector('.p-dialog-header-close')!);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/app\/activity\/decisions$/));
  });

  it('the meeting decisions waiting for my vote are listed in their tab', async () => {
    installFetch(...base([]));
    renderWithApp(<ResolutionsPage />);
    fireEvent.click(await screen.findByText('Resolutions in my meetings'));
    expect(await screen.findByTestId('meeting-decision-row-11')).toHaveTextContent('Approve the budget');
    expect(screen.getByText('Board meeting')).toBeInTheDocument();
  });
});
