import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Providers } from '../../App';
import type { Permission } from '../../api/roles';
import { boardRow, brief, committeeRow, roleRow, userRow } from './admin-fixtures';
import { BoardForm } from './BoardForm';
import { CommitteeForm } from './CommitteeForm';
import { InformationForm } from './InformationPage';
import { anInformation } from '../../test/contract-fixtures';
import { RoleForm } from './RoleForm';
import { UserForm } from './UserForm';

const REQUIRED = 'This field is required.';
const QUORUM = 'The quorum must be between 5% and 100%.';
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const click = (testId: string) => fireEvent.click(screen.getByTestId(testId));
const errorOf = (id: string) => screen.findByTestId(`${id}-error`);
const noError = (id: string) => waitFor(() => expect(screen.queryByTestId(`${id}-error`)).toBeNull());
const people = [brief(1, 'Ada'), brief(2, 'Grace')];
const showNews = { slug: 'news_show', group: 'menu', name: 'Show news' } satisfies Permission;

describe('user form (docs/product/errors.md#validation-rules: valid email, phone ≤ 12 digits, role, team/committee and name required)', () => {
  it('shows every required message on an empty submit', async () => {
    const onSubmit = jest.fn();
    render(
      <Providers>
        <UserForm roles={[{ id: 3, name: 'Member' }]} committees={people} onSubmit={onSubmit} onCancel={jest.fn()} />
      </Providers>,
    );
    click('user-submit');
    expect(await errorOf('user-name')).toHaveTextContent(REQUIRED);
    expect(await errorOf('user-email')).toHaveTextContent(REQUIRED);
    expect(await errorOf('user-phone')).toHaveTextContent(REQUIRED);
    expect(await errorOf('user-role')).toHaveTextContent(REQUIRED);
    expect(await errorOf('user-member-committees')).toHaveTextContent('The team or a committee is required.');
    type('user-email', 'ada.example.com');
    expect(await errorOf('user-email')).toHaveTextContent('The email must be a valid email address.');
    type('user-phone', '12-34');
    expect(await errorOf('user-phone')).toHaveTextContent('The phone must contain digits only.');
    type('user-phone', '1234567890123');
    expect(await errorOf('user-phone')).toHaveTextContent('The phone may not be greater than 12 digits.');
    type('user-team', 'Finance');
    await noError('user-member-committees');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a complete user is sent as the contract body', async () => {
    const onSubmit = jest.fn(async () => undefined);
    const user = userRow(5, 'Ada', { phone: '123456789012', role_id: 3, role: { id: 3, name: 'Member' }, member_committees: [{ id: 2, name: 'Audit' }], date_of_birth: '1990-02-03' });
    render(
      <Providers>
        <UserForm user={user} roles={[{ id: 3, name: 'Member' }]} committees={[{ id: 2, name: 'Audit' }]} onSubmit={onSubmit} onCancel={jest.fn()} />
      </Providers>,
    );
    click('user-submit');
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Ada', email: 'ada@example.com', phone: '123456789012', role_id: 3, member_committees: [2], admin_committees: [], date_of_birth: '1990-02-03' }),
    );
  });
});

describe('role form (name and users required)', () => {
  it('requires name and users', async () => {
    render(
      <Providers>
        <RoleForm users={people} permissions={[showNews]} onSubmit={jest.fn()} onCancel={jest.fn()} />
      </Providers>,
    );
    click('role-submit');
    expect(await errorOf('role-name')).toHaveTextContent(REQUIRED);
    expect(await errorOf('role-users')).toHaveTextContent(REQUIRED);
  });

  it('sends the name, the user ids and the permission slugs', async () => {
    const onSubmit = jest.fn(async () => undefined);
    render(
      <Providers>
        <RoleForm
          role={roleRow({ id: 4, name: 'Secretary', users: [brief(1, 'Ada')], permissions: [{ slug: 'news_show' }] })}
          users={people}
          permissions={[showNews, { slug: 'library_show', group: 'menu', name: 'Show library' }]}
          onSubmit={onSubmit}
          onCancel={jest.fn()}
        />
      </Providers>,
    );
    fireEvent.click(screen.getByLabelText('Show library'));
    click('role-submit');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Secretary', users: [1], permissions: ['news_show', 'library_show'] }));
  });
});

describe('committee form (name, description, admins, users required; quorum 5%..100%)', () => {
  it('shows the required messages and the quorum rule', async () => {
    render(
      <Providers>
        <CommitteeForm users={people} onSubmit={jest.fn()} onCancel={jest.fn()} />
      </Providers>,
    );
    click('committee-submit');
    for (const id of ['committee-name', 'committee-description', 'committee-quorum', 'committee-admins', 'committee-users']) expect(await errorOf(id)).toHaveTextContent(REQUIRED);
    type('committee-quorum', '4');
    expect(await errorOf('committee-quorum')).toHaveTextContent(QUORUM);
    type('committee-quorum', '100.5');
    expect(await errorOf('committee-quorum')).toHaveTextContent(QUORUM);
    type('committee-quorum', 'half');
    expect(await errorOf('committee-quorum')).toHaveTextContent('The quorum must be a number.');
    type('committee-quorum', '5');
    await noError('committee-quorum');
  });

  it('sends the contract body (status active/inactive)', async () => {
    const onSubmit = jest.fn(async () => undefined);
    const committee = committeeRow({ id: 9, name: 'Audit', description: 'Checks the books', quorum: 50, admins: [brief(1, 'Ada')], users: [brief(2, 'Grace')], status: 'inactive' });
    render(
      <Providers>
        <CommitteeForm committee={committee} users={people} onSubmit={onSubmit} onCancel={jest.fn()} />
      </Providers>,
    );
    click('committee-submit');
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ name: 'Audit', description: 'Checks the books', quorum: 50, admins: [1], users: [2], status: 'inactive', weights: [{ user_id: 1, weight: 1 }, { user_id: 2, weight: 1 }] }),
    );
  });

  it("each member's weight (1 unless set): a whole number from 1, sent with the members", async () => {
    const onSubmit = jest.fn(async () => undefined);
    const committee = committeeRow({ admins: [brief(1, 'Ada')], users: [brief(1, 'Ada'), brief(2, 'Grace')], weights: [{ user_id: 1, weight: 3 }, { user_id: 2, weight: 1 }] });
    render(
      <Providers>
        <CommitteeForm committee={committee} users={people} onSubmit={onSubmit} onCancel={jest.fn()} />
      </Providers>,
    );
    expect(screen.getByLabelText('Ada')).toHaveValue('3');
    expect(screen.getByLabelText('Grace')).toHaveValue('1');
    for (const bad of ['0', '2.5', 'five']) {
      type('committee-weight-2', bad);
      click('committee-submit');
      expect(await screen.findByTestId('committee-weights-error')).toHaveTextContent('A weight must be a whole number from 1 to 1000000000.');
    }
    expect(onSubmit).not.toHaveBeenCalled();
    type('committee-weight-2', '12');
    click('committee-submit');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ weights: [{ user_id: 1, weight: 3 }, { user_id: 2, weight: 12 }] })));
  });
});

describe('board form (as a committee)', () => {
  it('shows the required messages and the quorum rule', async () => {
    render(
      <Providers>
        <BoardForm users={people} committees={[]} onSubmit={jest.fn()} onCancel={jest.fn()} />
      </Providers>,
    );
    click('board-submit');
    for (const id of ['board-name', 'board-description', 'board-quorum', 'board-admins', 'board-users']) expect(await errorOf(id)).toHaveTextContent(REQUIRED);
    type('board-quorum', '101');
    expect(await errorOf('board-quorum')).toHaveTextContent(QUORUM);
  });

  it('sends the contract body', async () => {
    const onSubmit = jest.fn(async () => undefined);
    const board = boardRow({ id: 2, name: 'Main board', description: 'All', quorum: 60, admins: [brief(1, 'Ada')], users: [brief(1, 'Ada'), brief(2, 'Grace')], committees: [{ id: 9, name: 'Audit' }], expiration_date: '2030-01-31', status: 'active' });
    render(
      <Providers>
        <BoardForm board={board} users={people} committees={[{ id: 9, name: 'Audit' }]} onSubmit={onSubmit} onCancel={jest.fn()} />
      </Providers>,
    );
    click('board-submit');
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ name: 'Main board', description: 'All', quorum: 60, committees: [9], admins: [1], users: [1, 2], expiration_date: '2030-01-31', status: 'active' }),
    );
  });
});

describe('organization information (company name, website, location and time zone required)', () => {
  it('shows the messages', async () => {
    const info = anInformation({ company_name: '', website: '', time_zone: '', location: '', can_edit: true });
    render(
      <Providers>
        <InformationForm info={info} onSaved={jest.fn()} />
      </Providers>,
    );
    click('information-submit');
    for (const id of ['org-company-name', 'org-website', 'org-time-zone', 'org-location']) expect(await errorOf(id)).toHaveTextContent(REQUIRED);
    type('org-website', 'not a site');
    expect(await errorOf('org-website')).toHaveTextContent('The website must be a valid URL.');
    type('org-website', 'https://example.com');
    await noError('org-website');
  });
});
