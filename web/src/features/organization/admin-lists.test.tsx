import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Routes, RouteData } from '@app/contracts';
import { onNotify, type Notice } from '../../api/notify';
import { session } from '../../api/session';
import { profileBody } from '../../test/app';
import { installFetch, jsonResponse, on, type Call } from '../../test/fetch';
import { renderWithApp } from '../../test/render';
import { boardRow, brief, committeeRow, pagedAnswer, roleRow } from './admin-fixtures';
import { BoardsPage } from './BoardsPage';
import { CommitteesPage } from './CommitteesPage';
import { RolesPage } from './RolesPage';

// whole journeys through a dialog (open, validate, send, toast, refresh): 5 s is short on a shared 2-core machine
jest.setTimeout(15_000);

// The administration lists share one editor (new / edit dialog, save, delete with confirmation); these
// journeys pin what each screen does with it: titles, requests, the server's message or the fallback, refresh.

const people = [brief(1, 'Ada')];
const permissions = [{ slug: 'news_show', group: 'menu', name: 'Show news' }] satisfies RouteData<typeof Routes.listPermissions>;
const statistics = { total: 1, active: 1, inactive: 0, members: 1, committees: [] } satisfies RouteData<typeof Routes.committeeStatistics>;

let notices: Notice[] = [];
let stop: () => void = () => undefined;
beforeEach(() => {
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'ada@example.com' });
  notices = [];
  stop = onNotify((n) => notices.push(n));
});
afterEach(() => stop());

const count = (calls: Call[], method: string, path: string) => calls.filter((c) => c.method === method && c.path.split('?')[0] === path).length;
const toasted = (summary: string) => waitFor(() => expect(notices.map((n) => n.summary)).toContain(summary));
const fetched = (calls: Call[], path: string, times: number) => waitFor(() => expect(count(calls, 'GET', path)).toBe(times));

/** The row's delete button asks `question`; "Yes" sends `DELETE path`, shows `message` and reloads `list`. */
async function deleteRow(calls: Call[], question: string, path: string, message: string, list: string) {
  fireEvent.click(screen.getByLabelText('Delete'));
  expect(await screen.findByText(question)).toBeInTheDocument();
  fireEvent.click(screen.getByText('Yes'));
  await waitFor(() => expect(count(calls, 'DELETE', path)).toBe(1));
  await toasted(message);
  await fetched(calls, list, 2);
}

describe('roles list', () => {
  it('new role: "New role" dialog, POST, fallback message, dialog closes, list refreshed', async () => {
    const calls = installFetch(
      on('GET', '/api/roles', () => jsonResponse(200, pagedAnswer([roleRow()]))),
      on('GET', '/api/permissions', () => jsonResponse(200, { success: true, data: permissions })),
      on('GET', '/api/users/all', () => jsonResponse(200, { success: true, data: people })),
      on('POST', '/api/roles', () => jsonResponse(200, { success: true, data: roleRow({ id: 6, name: 'Secretary' }) })),
    );
    renderWithApp(<RolesPage />);
    expect(await screen.findByText('Chair')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('role-create'));
    expect(await screen.findByRole('dialog', { name: 'New role' })).toBeInTheDocument();
    await screen.findByTestId('role-form');
    await waitFor(() => expect(count(calls, 'GET', '/api/permissions')).toBe(1));
    fireEvent.change(screen.getByTestId('role-name'), { target: { value: ' Secretary ' } });
    // no users chosen: the form keeps the dialog open with its message, nothing is sent
    fireEvent.click(screen.getByTestId('role-submit'));
    expect(await screen.findByTestId('role-users-error')).toBeInTheDocument();
    expect(count(calls, 'POST', '/api/roles')).toBe(0);
    fireEvent.click(screen.getByTestId('role-users'));
    fireEvent.click(await screen.findByTestId('role-users-option-1'));
    fireEvent.click(screen.getByTestId('role-submit'));
    await waitFor(() => expect(count(calls, 'POST', '/api/roles')).toBe(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Secretary', users: [1], permissions: [] });
    await waitFor(() => expect(screen.queryByTestId('role-form')).not.toBeInTheDocument());
    await toasted('Role added');
    await fetched(calls, '/api/roles', 2);
  });

  it('edit: "Edit role" dialog with the row, PUT, server message, closes and refreshes', async () => {
    const calls = installFetch(
      on('GET', '/api/roles', () => jsonResponse(200, pagedAnswer([roleRow()]))),
      on('GET', '/api/permissions', () => jsonResponse(200, { success: true, data: permissions })),
      on('GET', '/api/users/all', () => jsonResponse(200, { success: true, data: people })),
      on('PUT', '/api/roles/5', () => jsonResponse(200, { success: true, message: 'Role updated successfully.', data: roleRow({ name: 'Chairs' }) })),
    );
    renderWithApp(<RolesPage />);
    fireEvent.click(await screen.findByLabelText('Edit'));
    expect(await screen.findByRole('dialog', { name: 'Edit role' })).toBeInTheDocument();
    expect(await screen.findByTestId('role-name')).toHaveValue('Chair');
    fireEvent.change(screen.getByTestId('role-name'), { target: { value: 'Chairs' } });
    fireEvent.click(screen.getByTestId('role-submit'));
    await waitFor(() => expect(count(calls, 'PUT', '/api/roles/5')).toBe(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: 'Chairs', users: [1], permissions: ['news_show'] });
    await waitFor(() => expect(screen.queryByTestId('role-form')).not.toBeInTheDocument());
    await toasted('Role updated successfully.');
    await fetched(calls, '/api/roles', 2);
  });

  it('delete asks "Delete the role Chair?", then DELETE, fallback message, refresh; no buttons without the flags', async () => {
    const calls = installFetch(
      on('GET', '/api/roles', () => jsonResponse(200, pagedAnswer([roleRow(), roleRow({ id: 6, name: 'Guest', can_edit: false, can_delete: false })]))),
      on('DELETE', '/api/roles/5', () => jsonResponse(200, { success: true, data: null })),
    );
    renderWithApp(<RolesPage />);
    expect(await screen.findByText('Guest')).toBeInTheDocument();
    expect(screen.getAllByLabelText('Edit')).toHaveLength(1);
    await deleteRow(calls, 'Delete the role Chair?', '/api/roles/5', 'Role deleted', '/api/roles');
  });
});

describe('boards list', () => {
  const boards = (...more: Parameters<typeof installFetch>) =>
    installFetch(
      on('GET', '/api/profile', () => jsonResponse(200, profileBody(['boards_manage']))),
      on('GET', '/api/boards', () => jsonResponse(200, pagedAnswer([boardRow()]))),
      ...more,
    );

  it('pages with page/per_page; create needs boards_manage and opens "New board"', async () => {
    const calls = boards(
      on('GET', '/api/users/all', () => jsonResponse(200, { success: true, data: people })),
      on('GET', '/api/committees', () => jsonResponse(200, pagedAnswer([]))),
    );
    renderWithApp(<BoardsPage />);
    expect(await screen.findByText('Main board')).toBeInTheDocument();
    expect(calls.find((c) => c.path.startsWith('/api/boards'))?.path).toBe('/api/boards?page=1&per_page=10');
    fireEvent.click(await screen.findByTestId('board-create'));
    expect(await screen.findByRole('dialog', { name: 'New board' })).toBeInTheDocument();
    expect(await screen.findByTestId('board-form')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Cancel'));
    await waitFor(() => expect(screen.queryByTestId('board-form')).not.toBeInTheDocument());
  });

  it('delete confirms, shows the server message and refreshes', async () => {
    const calls = boards(on('DELETE', '/api/boards/7', () => jsonResponse(200, { success: true, message: 'Board deleted successfully.', data: null })));
    renderWithApp(<BoardsPage />);
    expect(await screen.findByText('Main board')).toBeInTheDocument();
    await deleteRow(calls, 'Delete the board Main board?', '/api/boards/7', 'Board deleted successfully.', '/api/boards');
  });
});

describe('committees list', () => {
  it('delete needs committees_manage; it refreshes the list and the statistics; the search box sends search=', async () => {
    const calls = installFetch(
      on('GET', '/api/profile', () => jsonResponse(200, profileBody(['committees_manage']))),
      on('GET', '/api/committees', () => jsonResponse(200, pagedAnswer([committeeRow()]))),
      on('GET', '/api/committees/statistics', () => jsonResponse(200, { success: true, data: statistics })),
      on('DELETE', '/api/committees/9', () => jsonResponse(200, { success: true, data: null })),
    );
    renderWithApp(<CommitteesPage />);
    expect(await screen.findByText('Audit')).toBeInTheDocument();
    const search = screen.getByTestId('committees-search');
    expect(search).toHaveAttribute('placeholder', 'Search committees');
    expect(search).toHaveAccessibleName('Search committees');
    await deleteRow(calls, 'Delete the committee Audit?', '/api/committees/9', 'Committee deleted', '/api/committees');
    await fetched(calls, '/api/committees/statistics', 2);
    fireEvent.change(search, { target: { value: 'aud' } });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/committees?page=1&per_page=10&search=aud')).toBe(true));
  });
});
