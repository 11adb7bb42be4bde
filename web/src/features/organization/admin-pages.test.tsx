import { fireEvent, screen, waitFor } from '@testing-library/react';
import { session } from '../../api/session';
import type { Routes, RouteData } from '@app/contracts';
import { profileBody } from '../../test/app';
import { installFetch, jsonResponse, on } from '../../test/fetch';
import { renderWithApp } from '../../test/render';
import { CommitteesPage } from './CommitteesPage';
import { LogsPage } from './LogsPage';
import { UsersPage } from './UsersPage';
import { logRow, pagedAnswer, roleRow, userRow as user } from './admin-fixtures';

const manager = on('GET', '/api/profile', () => jsonResponse(200, profileBody(['users_manage'])));

beforeEach(() => {
  window.localStorage.clear();
  window.history.pushState({}, '', '/app/settings/organization/users');
  session.signIn({ token: 'tok', email: 'ada@example.com' });
});

describe('users', () => {
  it('lists with page/perpage/search, and the deleted tab', async () => {
    const calls = installFetch(
      manager,
      on('GET', '/api/users', () => jsonResponse(200, pagedAnswer([user(1, 'Ada'), user(2, 'Grace', { status: 'Inactive' })]))),
      on('GET', '/api/users/deleted', () => jsonResponse(200, pagedAnswer([user(3, 'Linus', { deleted_at: '2025-01-03 10:00:00' })]))),
      on('POST', '/api/users/3/restore', () => jsonResponse(200, { success: true, message: 'User restored successfully.', data: user(3, 'Linus') })),
    );
    renderWithApp(<UsersPage />);
    expect(await screen.findByText('Ada')).toBeInTheDocument();
    expect(screen.getByText('Inactive')).toBeInTheDocument();
    expect(calls.find((c) => c.path.startsWith('/api/users'))?.path).toBe('/api/users?page=1&perpage=10');
    fireEvent.change(screen.getByTestId('users-search'), { target: { value: 'gra' } });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/users?page=1&perpage=10&search=gra')).toBe(true));
    fireEvent.click(screen.getByText('Deleted users'));
    expect(await screen.findByText('Linus')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('user-restore-3'));
    expect(await screen.findByText('Restore Linus?')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Yes'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/users/3/restore')).toBe(true));
    expect(await screen.findByText('User restored successfully.')).toBeInTheDocument();
  });

  it('activate/deactivate asks for confirmation and shows what the answer says', async () => {
    const toggled = { success: true, message: 'User deactivated successfully.', data: user(1, 'Ada', { status: 'Inactive' }) } satisfies RouteData<typeof Routes.toggleUserStatus>;
    const calls = installFetch(
      manager,
      on('GET', '/api/users', () => jsonResponse(200, pagedAnswer([user(1, 'Ada')]))),
      on('POST', '/api/users/1/togglestatus', () => jsonResponse(200, toggled)),
    );
    renderWithApp(<UsersPage />);
    fireEvent.click(await screen.findByTestId('user-toggle-1'));
    expect(await screen.findByText('Deactivate Ada?')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Yes'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/users/1/togglestatus')).toBe(true));
    expect(await screen.findByText('User deactivated successfully.')).toBeInTheDocument();
  });

  it('without users_manage no row offers edit, (de)activate or delete', async () => {
    installFetch(
      on('GET', '/api/profile', () => jsonResponse(200, profileBody([]))),
      on('GET', '/api/users', () => jsonResponse(200, pagedAnswer([user(1, 'Ada')]))),
    );
    renderWithApp(<UsersPage />);
    expect(await screen.findByText('Ada')).toBeInTheDocument();
    expect(screen.queryByTestId('user-edit-1')).toBeNull();
    expect(screen.queryByTestId('user-toggle-1')).toBeNull();
    expect(screen.queryByTestId('user-delete-1')).toBeNull();
  });

  it('the Excel upload explains the template and offers it for download', async () => {
    const calls = installFetch(
      manager,
      on('GET', '/api/users', () => jsonResponse(200, pagedAnswer([]))),
      on('GET', '/api/users/template', () => jsonResponse(200, {})),
    );
    URL.createObjectURL = jest.fn(() => 'blob:template');
    URL.revokeObjectURL = jest.fn();
    const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithApp(<UsersPage />);
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('user-upload'));
    expect(await screen.findByText('The sheet must use the same structure as the template.')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('user-upload-template'));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(calls.some((c) => c.path === '/api/users/template')).toBe(true);
    expect(clicked).toHaveBeenCalled();
  });

  it('opens the create form', async () => {
    installFetch(
      manager,
      on('GET', '/api/users', () => jsonResponse(200, pagedAnswer([]))),
      on('GET', '/api/roles', () => jsonResponse(200, pagedAnswer([roleRow({ id: 2, name: 'Member', permissions: [], users: [], users_count: 0 })]))),
      on('GET', '/api/committees', () => jsonResponse(200, pagedAnswer([], { per_page: 100 }))),
    );
    renderWithApp(<UsersPage />);
    fireEvent.click(await screen.findByTestId('user-create'));
    expect(await screen.findByTestId('user-form')).toBeInTheDocument();
  });
});

describe('activity logs', () => {
  it('shows ID, username, date, time, activity and the results-found count; filters by username', async () => {
    const calls = installFetch(
      on('GET', '/api/logs', () =>
        jsonResponse(200, pagedAnswer([logRow()], { per_page: 20, total: 41, last_page: 3 })),
      ),
    );
    renderWithApp(<LogsPage />);
    expect(await screen.findByText('Signed in')).toBeInTheDocument();
    for (const h of ['ID', 'Username', 'Date', 'Time', 'Activity']) expect(screen.getAllByText(h).length).toBeGreaterThan(0);
    expect(screen.getByTestId('logs-count')).toHaveTextContent('41 results found');
    fireEvent.change(screen.getByTestId('logs-username'), { target: { value: 'ada' } });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/logs?page=1&perpage=20&username=ada')).toBe(true));
  });
});

describe('committees', () => {
  it('shows the statistics the API sends', async () => {
    installFetch(
      on('GET', '/api/committees', () => jsonResponse(200, pagedAnswer([]))),
      on('GET', '/api/committees/statistics', () => jsonResponse(200, { success: true, data: { total: 4, active: 3, inactive: 1, members: 12, committees: [] } satisfies RouteData<typeof Routes.committeeStatistics> })),
    );
    renderWithApp(<CommitteesPage />);
    const stats = await screen.findByTestId('committee-statistics');
    expect(stats).toHaveTextContent('4Committees');
    expect(stats).toHaveTextContent('12Members');
    expect(screen.getByText('No committees yet')).toBeInTheDocument();
  });
});
