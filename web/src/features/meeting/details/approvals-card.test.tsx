import { screen, within } from '@testing-library/react';
import { zApproval } from '@app/contracts';
import type { ApprovalItem } from '../../../api/approvals';
import { session } from '../../../api/session';
import { installFetch, jsonResponse, on } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { ApprovalsCard } from './ApprovalsCard';

const at = '2026-03-01 10:00:00';
function anApproval(id: number, title: string, assignees: ApprovalItem['assignees']): ApprovalItem {
  return zApproval.parse({
    id, title, description: null, status: 'partly signed', sender: { id: 1, name: 'Sam Sender' }, user_id: 1, committee_id: null, meeting_id: 5,
    documents: [], assignees, my_status: null, created_at: at, updated_at: at,
  });
}
const member = (id: number, order: number, status: 1 | 2 | 3, o: Partial<ApprovalItem['assignees'][number]> = {}) => ({
  id, user_id: id, user: { id, name: `Signer ${id}`, image: null }, user_email: `s${id}@demo.test`, guest_name: null, guest: false,
  order, status, can_edit: false, comment: null, committee_id: null, updated_at: at, ...o,
});
const page = (items: ApprovalItem[]) => jsonResponse(200, { success: true, data: items, meta: { page: 1, per_page: 100, total: items.length, last_page: 1 } });

beforeEach(() => {
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'ada@example.com' });
});

describe("the meeting's approvals card", () => {
  it('asks for the meeting’s approvals (100 a page) and shows steps, recipients, e-mail, guest label, status with comment, last change', async () => {
    const calls = installFetch(on('GET', '/api/approvals', () => page([
      anApproval(7, 'Supplier contract', [
        member(3, 2, 3, { comment: 'Wrong figures', updated_at: '2026-03-02 11:30:00' }),
        member(2, 1, 2),
        member(9, 3, 1, { user_id: null, user: null, guest_name: 'Grace Guest', guest: true, user_email: 'grace@guests.test' }),
      ]),
    ])));
    renderWithApp(<ApprovalsCard meeting={{ id: 5 }} />);
    const card = await screen.findByTestId('meeting-approvals-card');
    expect(await within(card).findByText('Supplier contract')).toBeInTheDocument();
    const query = new URL(calls.find((c) => c.path.startsWith('/api/approvals'))!.url, 'http://x').searchParams;
    expect({ paginate: query.get('paginate'), per_page: query.get('per_page'), meeting_id: query.get('meeting_id') }).toEqual({ paginate: '1', per_page: '100', meeting_id: '5' });

    const rows = within(card).getAllByTestId('meeting-approval-recipient');
    // by step
    expect(rows.map((r) => r.querySelector('td')!.textContent)).toEqual(['1', '2', '3']);
    expect(rows[0]).toHaveTextContent('Signer 2');
    expect(rows[0]).toHaveTextContent('s2@demo.test');
    expect(rows[0]).toHaveTextContent('Signed');
    expect(rows[1]).toHaveTextContent('Rejected');
    expect(rows[1]).toHaveTextContent('Wrong figures');
    expect(rows[1]).toHaveTextContent('2026-03-02 11:30:00');
    expect(rows[2]).toHaveTextContent('Grace Guest');
    expect(rows[2]).toHaveTextContent('grace@guests.test');
    expect(within(rows[2]).getByText('Guest')).toBeInTheDocument();
    expect(within(rows[0]).queryByText('Guest')).toBeNull();
    // an avatar per recipient (initials when there is no image)
    expect(within(rows[0]).getByLabelText('Signer 2')).toBeInTheDocument();
    // read-only: nothing to press
    expect(within(card).queryAllByRole('button')).toHaveLength(0);
  });

  it('a later signer reads "Waiting for" the current step\'s signers, not "Needs to sign"', async () => {
    installFetch(on('GET', '/api/approvals', () => page([
      anApproval(8, 'Lease', [member(2, 1, 1), member(4, 1, 2), member(3, 2, 1), member(5, 3, 1)]),
    ])));
    renderWithApp(<ApprovalsCard meeting={{ id: 5 }} />);
    const card = await screen.findByTestId('meeting-approvals-card');
    await within(card).findByText('Lease');
    const rows = within(card).getAllByTestId('meeting-approval-recipient');
    expect(rows.map((r) => r.querySelectorAll('td')[2].textContent)).toEqual(['Needs to sign', 'Signed', 'Waiting for Signer 2', 'Waiting for Signer 2']);
  });

  it('an empty state when the meeting has none', async () => {
    installFetch(on('GET', '/api/approvals', () => page([])));
    renderWithApp(<ApprovalsCard meeting={{ id: 5 }} />);
    expect(await screen.findByTestId('meeting-approvals-empty')).toHaveTextContent('No approvals for this meeting yet.');
  });
});
