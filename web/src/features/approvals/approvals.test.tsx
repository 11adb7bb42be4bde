import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Routes } from '@app/contracts';
import type { ApprovalDetails } from '../../api/approvals';
import { session } from '../../api/session';
import { profileBody } from '../../test/app';
import { installFetch, jsonResponse, on } from '../../test/fetch';
import { renderWithApp } from '../../test/render';
import { ApprovalDetailsPage, GuestApprovalPage, guestKeyOf } from './ApprovalDetailsPage';
import { ApprovalCreatePage, missingBoxes } from './ApprovalCreatePage';
import { waitingFor, waitingIds } from './status';
import { ApprovalsPage } from './ApprovalsPage';

jest.setTimeout(20_000);

const at = '2026-03-01 10:00:00';
const assignee = (id: number, order: number, status: 1 | 2 | 3, o: Partial<ApprovalDetails['assignees'][number]> = {}) => ({
  id, user_id: id, user: { id, name: `Signer ${id}`, image: null }, user_email: `s${id}@demo.test`, guest_name: null, guest: false,
  order, status, can_edit: false, comment: null, committee_id: null, updated_at: at, ...o,
});
function anApproval(o: Partial<ApprovalDetails> = {}): ApprovalDetails {
  const a: ApprovalDetails = {
    id: 7, title: 'Supplier contract', description: null, status: 'partly signed', sender: { id: 1, name: 'Sam Sender' }, user_id: 1, committee_id: null, meeting_id: null,
    documents: [{ id: 1, library_id: 11, name: 'contract.pdf', size: 1000, status: 2, version: 2 }],
    assignees: [assignee(2, 1, 2), assignee(3, 2, 1), assignee(9, 3, 1, { user_id: null, user: null, guest_name: 'Grace Guest', guest: true, user_email: 'grace@guests.test' })],
    my_status: 1, created_at: at, updated_at: at, can_sign: true, can_download: false, can_edit: true, note: null,
    versions: [{ library_id: 11, version: 1, by: 'Sam Sender', action: 'sent', sha256: 'a'.repeat(64), created_at: at }],
    processing: null,
    ...o,
  };
  // the fixture is the contract's shape
  return Routes.approvalDetails.response.parse(a);
}
const profile = on('GET', '/api/profile', () => jsonResponse(200, profileBody([])));

beforeEach(() => {
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'ada@example.com' });
});

describe('guestKeyOf: the guest id is the token’s first part', () => {
  it.each([
    ['9.abcdefghijklmnopqrstuvwxyz012345', { guestId: 9 }],
    ['guest', null],
    ['9.short', null],
    ['x.abcdefghijklmnopqrstuvwxyz012345', null],
    [null, null],
  ])('%s', (token, want) => {
    const got = guestKeyOf(token);
    expect(got ? { guestId: got.guestId } : null).toEqual(want);
  });
});

describe('approvals list', () => {
  it('lists approvals with their status; a tab asks the server for it', async () => {
    const calls = installFetch(
      profile,
      on('GET', '/api/approvals', (c) => {
        const tab = new URL(c.url, 'http://x').searchParams.get('tab');
        const items = tab === 'completed' ? [] : [anApproval()];
        return jsonResponse(200, { success: true, data: items, meta: { page: 1, per_page: 20, total: items.length, last_page: 1 } });
      }),
    );
    renderWithApp(<ApprovalsPage />, { path: '/app/activity/approvals' });
    expect(await screen.findByText('Supplier contract')).toBeInTheDocument();
    expect(screen.getByTestId('approval-status')).toHaveTextContent('Partly signed');
    fireEvent.click(screen.getByText('Completed'));
    expect(await screen.findByTestId('approvals-empty')).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/api/approvals') && c.url.includes('tab=completed'))).toBe(true);
  });
});

describe('the create button needs approvals_create', () => {
  it.each([
    [[], false],
    [['approvals_create'], true],
  ])('permissions %j: shown %s', async (slugs, shown) => {
    installFetch(
      on('GET', '/api/profile', () => jsonResponse(200, profileBody(slugs))),
      on('GET', '/api/approvals', () => jsonResponse(200, { success: true, data: [anApproval()], meta: { page: 1, per_page: 20, total: 1, last_page: 1 } })),
    );
    renderWithApp(<ApprovalsPage />, { path: '/app/activity/approvals' });
    expect(await screen.findByText('Supplier contract')).toBeInTheDocument();
    if (shown) expect(await screen.findByTestId('approvals-new')).toBeInTheDocument();
    else await waitFor(() => expect(screen.queryByTestId('approvals-new')).toBeNull());
  });
});

describe('the signed PDF in progress', () => {
  it('shows a progress bar while the job runs, then the signed version once it exists', async () => {
    let asked = 0;
    installFetch(
      profile,
      on('GET', '/api/userprofile/signatures', () => jsonResponse(200, { success: true, data: { signatures: [] } })),
      on('GET', '/api/approvals/7', () => {
        asked += 1;
        const done = asked > 1;
        return jsonResponse(200, { success: true, data: anApproval({
          status: 'fully signed', can_sign: false,
          processing: done ? null : { status: 'running', stage: 'sealing', percent: 60 },
          versions: done ? [...anApproval().versions, { library_id: 11, version: 2, by: 'Demo', action: 'sealed', sha256: 'b'.repeat(64), created_at: at }] : anApproval().versions,
        }) });
      }),
    );
    renderWithApp(<ApprovalDetailsPage />, { path: '/app/activity/approval/7', route: '/app/activity/approval/:id' });
    const box = await screen.findByTestId('approval-processing');
    expect(box).toHaveAttribute('data-stage', 'sealing');
    expect(box).toHaveTextContent('Adding the audit certificate and sealing');
    expect(box.querySelector('[role="progressbar"]')).toHaveAttribute('aria-valuenow', '60');
    await waitFor(() => expect(screen.queryByTestId('approval-processing')).toBeNull(), { timeout: 8000 });
    expect(screen.getByTestId('approval-versions')).toHaveTextContent('v2');
  });
});

describe('approval details', () => {
  it('shows the steps, a guest label, and why the caller cannot sign yet', async () => {
    installFetch(profile, on('GET', '/api/userprofile/signatures', () => jsonResponse(200, { success: true, data: { signatures: [] } })),
      on('GET', '/api/approvals/7', () => jsonResponse(200, { success: true, data: anApproval({ can_sign: false, note: 'You cannot sign yet: an earlier step has not signed.' }) })));
    renderWithApp(<ApprovalDetailsPage />, { path: '/app/activity/approval/7', route: '/app/activity/approval/:id' });
    expect(await screen.findByTestId('approval-note')).toHaveTextContent('You cannot sign yet');
    expect(screen.queryByTestId('approval-sign')).toBeNull();
    expect(screen.getAllByTestId('approval-recipient')).toHaveLength(3);
    expect(screen.getAllByText('Guest').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Grace Guest').length).toBeGreaterThan(0);
    expect(screen.queryByTestId('approval-download')).toBeNull();
  });

  it('reject: submit stays disabled until a reason is written, then sends it', async () => {
    const calls = installFetch(profile, on('GET', '/api/userprofile/signatures', () => jsonResponse(200, { success: true, data: { signatures: [] } })),
      on('GET', '/api/approvals/7', () => jsonResponse(200, { success: true, data: anApproval() })),
      on('POST', '/api/approvals/7/reject', () => jsonResponse(200, { success: true, message: 'Approval rejected', data: anApproval({ status: 'rejected', my_status: 3, can_sign: false }) })));
    renderWithApp(<ApprovalDetailsPage />, { path: '/app/activity/approval/7', route: '/app/activity/approval/:id' });
    fireEvent.click(await screen.findByTestId('approval-reject'));
    const submit = await screen.findByTestId('reject-submit');
    expect(submit).toBeDisabled();
    fireEvent.change(screen.getByTestId('reject-reason'), { target: { value: '   ' } });
    expect(submit).toBeDisabled();
    fireEvent.change(screen.getByTestId('reject-reason'), { target: { value: 'Wrong figures' } });
    expect(submit).toBeEnabled();
    fireEvent.click(submit);
    await waitFor(() => expect(screen.getByTestId('approval-details')).toHaveAttribute('data-status', 'rejected'));
    expect(calls.find((c) => c.path === '/api/approvals/7/reject')?.body).toEqual({ comment: 'Wrong figures' });
  });

  it('the guest page reads its guest id from the token and calls the guest route', async () => {
    const token = '9.abcdefghijklmnopqrstuvwxyz012345';
    const calls = installFetch(on('GET', '/api/approvals/7/guest_approval/9', () => jsonResponse(200, { success: true, data: anApproval() })));
    renderWithApp(<GuestApprovalPage />, { path: `/approval/7?token=${token}`, route: '/approval/:id' });
    expect(await screen.findByText('Supplier contract')).toBeInTheDocument();
    expect(calls.find((c) => c.path.startsWith('/api/approvals/7/guest_approval/9'))?.url).toContain(`token=${encodeURIComponent(token)}`);
    expect(screen.queryByTestId('approval-back')).toBeNull();
  });
});

describe('creating an approval', () => {
  it("shows the server's field errors next to their fields and sends the signers with their order", async () => {
    const calls = installFetch(
      profile,
      on('GET', '/api/users/all', () => jsonResponse(200, { success: true, data: [] })),
      on('GET', '/api/committees', () => jsonResponse(200, { success: true, data: [], meta: { page: 1, per_page: 100, total: 0, last_page: 1 } })),
      on('POST', '/api/approvals', () => jsonResponse(409, { success: false, message: 'Error in validation', errors: { title: ['The title field is required.'], documents: ['The documents field is required.'] } })),
    );
    renderWithApp(<ApprovalCreatePage />, { path: '/app/activity/approvals-uploadfile?mtg=4' });
    fireEvent.click(await screen.findByTestId('approval-add-guest'));
    fireEvent.change(screen.getByLabelText('Guest name'), { target: { value: 'Grace' } });
    fireEvent.change(screen.getByLabelText('Guest e-mail'), { target: { value: 'grace@guests.test' } });
    fireEvent.click(screen.getByTestId('approval-send'));
    expect(await screen.findByText('The title field is required.')).toBeInTheDocument();
    expect(screen.getByText('The documents field is required.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/approvals')?.body).toEqual({
      title: '', documents: [], assignees: [{ email: 'grace@guests.test', guest_name: 'Grace', order: 1 }], meeting_id: 4,
    });
    // a field's error goes once the field changes (no stale "field is required")
    fireEvent.change(screen.getByTestId('approval-title'), { target: { value: 'Lease' } });
    await waitFor(() => expect(screen.queryByText('The title field is required.')).toBeNull());
    expect(screen.getByText('The documents field is required.')).toBeInTheDocument();
  });
});

describe('creating an approval: the signer picker waits for the people', () => {
  it("is disabled while the people load (its list would say there is no one), then offers them", async () => {
    let answer!: () => void;
    const held = new Promise<void>((r) => (answer = r));
    installFetch(
      profile,
      on('GET', '/api/users/all', async () => {
        await held;
        return jsonResponse(200, { success: true, data: [{ id: 7, name: 'Mona Member', email: 'mona@example.com', image: null, position: null, designation: null }] });
      }),
      on('GET', '/api/committees', () => jsonResponse(200, { success: true, data: [], meta: { page: 1, per_page: 100, total: 0, last_page: 1 } })),
    );
    renderWithApp(<ApprovalCreatePage />, { path: '/app/activity/approvals-uploadfile' });
    fireEvent.click(await screen.findByTestId('approval-add-member'));
    expect(await screen.findByTestId('approval-step-member')).toHaveClass('p-disabled');
    await act(async () => answer());
    await waitFor(() => expect(screen.getByTestId('approval-step-member')).not.toHaveClass('p-disabled'));
    fireEvent.click(screen.getByTestId('approval-step-member'));
    expect(await screen.findByRole('option', { name: 'Mona Member', hidden: true })).toBeInTheDocument();
  });
});

describe('creating an approval: no stale errors', () => {
  it("each signer's error stands under its step and goes when that step changes; the others stay until theirs change", async () => {
    installFetch(
      profile,
      on('GET', '/api/users/all', () => jsonResponse(200, { success: true, data: [] })),
      on('GET', '/api/committees', () => jsonResponse(200, { success: true, data: [], meta: { page: 1, per_page: 100, total: 0, last_page: 1 } })),
      on('POST', '/api/approvals', () => jsonResponse(409, {
        success: false, message: 'Error in validation',
        errors: { title: ['The title field is required.'], 'assignees.0.email': ['The e-mail is not valid.'], 'assignees.1.guest_name': ['The guest name field is required.'] },
      })),
    );
    renderWithApp(<ApprovalCreatePage />, { path: '/app/activity/approvals-uploadfile' });
    fireEvent.click(await screen.findByTestId('approval-add-guest'));
    fireEvent.click(screen.getByTestId('approval-add-guest'));
    const [e0, e1] = screen.getAllByLabelText('Guest e-mail');
    fireEvent.change(e0, { target: { value: 'grace@' } });
    fireEvent.change(e1, { target: { value: 'gus@guests.test' } });
    fireEvent.click(screen.getByTestId('approval-send'));
    await screen.findByText('The title field is required.');
    const steps = () => screen.getAllByTestId('approval-step');
    expect(within(steps()[0]).getByTestId('approval-step-error')).toHaveTextContent('The e-mail is not valid.');
    expect(within(steps()[1]).getByTestId('approval-step-error')).toHaveTextContent('The guest name field is required.');
    // the first guest's e-mail is fixed: only its error goes
    fireEvent.change(screen.getAllByLabelText('Guest e-mail')[0], { target: { value: 'grace@guests.test' } });
    await waitFor(() => expect(within(steps()[0]).queryByTestId('approval-step-error')).toBeNull());
    expect(within(steps()[1]).getByTestId('approval-step-error')).toHaveTextContent('The guest name field is required.');
    expect(screen.getByTestId('approval-title-error')).toHaveTextContent('The title field is required.');
    fireEvent.change(screen.getAllByLabelText('Guest name')[1], { target: { value: 'Gus' } });
    await waitFor(() => expect(screen.queryByTestId('approval-step-error')).toBeNull());
    expect(screen.getByTestId('approval-title-error')).toHaveTextContent('The title field is required.');
    // removing a step: the signers' errors go (their indexes moved), the title's stays until the title changes
    fireEvent.click(screen.getByTestId('approval-send'));
    await waitFor(() => expect(screen.getAllByTestId('approval-step-error')).toHaveLength(2));
    fireEvent.click(within(steps()[0]).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByTestId('approval-step-error')).toBeNull());
    expect(screen.getByTestId('approval-title-error')).toHaveTextContent('The title field is required.');
    fireEvent.change(screen.getByTestId('approval-title'), { target: { value: 'Lease' } });
    await waitFor(() => expect(screen.queryByTestId('approval-title-error')).toBeNull());
  });
});

describe('missingBoxes: every signer needs a box on every document before sending', () => {
  const signers = [{ key: 'u:1', label: 'Ada' }, { key: 'g:g@x.test', label: 'Gus' }];
  const docs = [{ id: 11, name: 'a.pdf' }, { id: 12, name: 'b.pdf' }];
  it.each([
    ['no box at all', [], ['Ada a.pdf', 'Ada b.pdf', 'Gus a.pdf', 'Gus b.pdf']],
    ['Ada on both, Gus on one', [{ signer: 'u:1', libraryId: 11 }, { signer: 'u:1', libraryId: 12 }, { signer: 'g:g@x.test', libraryId: 12 }], ['Gus a.pdf']],
    ['everyone everywhere', [{ signer: 'u:1', libraryId: 11 }, { signer: 'u:1', libraryId: 12 }, { signer: 'g:g@x.test', libraryId: 11 }, { signer: 'g:g@x.test', libraryId: 12 }], []],
  ])('%s', (_n, boxes, want) => expect(missingBoxes(signers, docs, boxes).map((m) => `${m.signer} ${m.document}`)).toEqual(want));
});

describe('waitingIds: before their turn a signer is waiting, not "needs to sign"', () => {
  it.each([
    ['step 1 pending: steps 2 and 3 wait', [[1, 1, 1], [2, 2, 1], [3, 3, 1]], [2, 3]],
    ['step 1 signed: step 2 current, step 3 waits', [[1, 1, 2], [2, 2, 1], [3, 3, 1]], [3]],
    ['two in the current step: nobody waits', [[1, 1, 2], [2, 2, 1], [3, 2, 1]], []],
    ['a rejection: nobody waits', [[1, 1, 3], [2, 2, 1]], []],
  ] as [string, [number, number, 1 | 2 | 3][], number[]][])('%s', (_n, rows, want) => {
    expect([...waitingIds(rows.map(([id, order, status]) => ({ id, order, status })))].sort()).toEqual(want);
  });

  it('names whom a waiting signer waits for: the current step\'s signers still to sign', () => {
    const p = (id: number, order: number, status: 1 | 2 | 3, name: string) => ({ id, order, status, user: { name }, guest_name: null, user_email: null });
    const rows = [p(1, 1, 2, 'Ada'), p(2, 2, 1, 'Bo'), p(3, 2, 2, 'Cy'), p(4, 3, 1, 'Di'), { id: 5, order: 3, status: 1 as const, user: null, guest_name: null, user_email: 'g@x.test' }];
    expect([...waitingFor(rows)]).toEqual([[4, ['Bo']], [5, ['Bo']]]);
  });

  it('the waiting signer\'s own decision card reads "Waiting for" the current signer, with no Sign button', async () => {
    installFetch(profile, on('GET', '/api/userprofile/signatures', () => jsonResponse(200, { success: true, data: { signatures: [] } })),
      on('GET', '/api/approvals/7', () => jsonResponse(200, { success: true, data: anApproval({ can_sign: false, can_edit: false, note: 'You cannot sign yet: an earlier step has not signed.' }) })));
    renderWithApp(<ApprovalDetailsPage />, { path: '/app/activity/approval/7', route: '/app/activity/approval/:id' });
    const card = await screen.findByTestId('approval-decision');
    await waitFor(() => expect(card.querySelector('[data-status=waiting]')).toHaveTextContent('Waiting for Signer 3'));
    expect(card).not.toHaveTextContent('Needs to sign');
    expect(screen.queryByTestId('approval-sign')).toBeNull();
  });

  it('the details page: the later signer shows "Waiting for" the current signer; Preview is offered before signing', async () => {
    installFetch(profile, on('GET', '/api/userprofile/signatures', () => jsonResponse(200, { success: true, data: { signatures: [] } })),
      on('GET', '/api/approvals/7', () => jsonResponse(200, { success: true, data: anApproval() })));
    renderWithApp(<ApprovalDetailsPage />, { path: '/app/activity/approval/7', route: '/app/activity/approval/:id' });
    const order = await screen.findByTestId('approval-order');
    // step 2 (Signer 3) is current: Needs to sign; step 3 (the guest) waits
    expect(order.querySelectorAll('[data-status=waiting]')).toHaveLength(1);
    expect(order.querySelector('[data-status=waiting]')).toHaveTextContent('Waiting for Signer 3');
    fireEvent.click(screen.getByTestId('approval-preview'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/app/activity/approval/7/sign'));
  });
});
