import type { Attachment } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onNotify } from '../../../api/notify';
import { session } from '../../../api/session';
import { installFetch, jsonResponse, on } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { ActionDialog } from '../actions/ActionDialog';
import { DecisionDialog } from './DecisionDialog';
import { aDecision, aMeeting, aMember, anAction, ok } from './fixtures';

const click = (testId: string) => fireEvent.click(screen.getByTestId(testId));

beforeEach(() => {
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'grace@example.com' });
});

function renderDecisionDialog(decisionId: number | null, guestToken?: string) {
  const onChanged = jest.fn();
  const onHide = jest.fn();
  renderWithApp(<DecisionDialog meeting={aMeeting()} decisionId={decisionId} visible onHide={onHide} onChanged={onChanged} guestToken={guestToken} />);
  return { onChanged, onHide };
}

describe('decision dialog (create, view with votes, edit as the server allows; save errors as a banner)', () => {
  it('create: voters required on the client; then a bare 409 shows the banner All fields are required and the dialog stays', async () => {
    const calls = installFetch(on('POST', '/api/meetings/1/decisions', () => jsonResponse(409, { success: false })));
    const onChanged = jest.fn();
    const onHide = jest.fn();
    const members = [2, 3, 4, 5, 6, 7].map((i) => aMember(i, `M${i}`));
    renderWithApp(<DecisionDialog meeting={aMeeting({ members, guest_member: [] })} decisionId={null} visible onHide={onHide} onChanged={onChanged} />);
    fireEvent.change(document.getElementById('decision-title')!, { target: { value: 'Budget' } });
    click('decision-submit');
    expect(await screen.findByTestId('decision-voters-error')).toHaveTextContent('This field is required.');
    expect(calls).toHaveLength(0);
    fireEvent.click(document.getElementById('decision-select-all')!);
    click('decision-submit');
    expect(await screen.findByTestId('decision-banner')).toHaveTextContent('All fields are required');
    // the deadline defaults to the meeting start
    expect(calls[0].body).toEqual(expect.objectContaining({ title: 'Budget', deadline: '2026-12-01 10:00:00', voters: members.map((m) => ({ user_id: m.user_id })) }));
    expect(onChanged).not.toHaveBeenCalled();
    expect(onHide).not.toHaveBeenCalled();
  });

  it('edit: the server message appears as the banner; a bare 409 reads All fields are required', async () => {
    let answer = jsonResponse(409, { success: false, code: 'VALIDATION', message: 'Choose a person who is a participant of this meeting.' });
    const calls = installFetch(
      on('GET', '/api/decisions/11', () => jsonResponse(200, ok(aDecision({ can_edit: true, can_delete: true })))),
      on('PUT', '/api/meetings/1/decisions/11', () => answer),
    );
    const { onChanged } = renderDecisionDialog(11);
    fireEvent.click(await screen.findByTestId('decision-edit'));
    click('decision-submit');
    expect(await screen.findByTestId('decision-banner')).toHaveTextContent('Choose a person who is a participant of this meeting.');
    answer = jsonResponse(409, {});
    click('decision-submit');
    await waitFor(() => expect(screen.getByTestId('decision-banner')).toHaveTextContent('All fields are required'));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2);
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual(expect.objectContaining({ title: 'Approve the budget', deadline: '2026-12-02 10:00:00', voters: [{ user_id: 2 }, { user_id: 3 }] }));
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('edit saved: the details refresh and the page is told', async () => {
    let title = 'Approve the budget';
    installFetch(
      on('GET', '/api/decisions/11', () => jsonResponse(200, ok(aDecision({ title, can_edit: true })))),
      on('PUT', '/api/meetings/1/decisions/11', (c) => {
        title = (c.body as { title: string }).title;
        return jsonResponse(200, ok(aDecision({ title }), 'Decision saved successfully'));
      }),
    );
    const { onChanged } = renderDecisionDialog(11);
    fireEvent.click(await screen.findByTestId('decision-edit'));
    fireEvent.change(document.getElementById('decision-title')!, { target: { value: 'Approve the 2027 budget' } });
    click('decision-submit');
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(await screen.findByTestId('decision-details')).toBeInTheDocument();
    expect(screen.getAllByText('Approve the 2027 budget').length).toBeGreaterThan(0);
  });

  it('view: renders what the server says (state, voters, vote button only with can_vote and voting open, no edit without can_edit)', async () => {
    installFetch(on('GET', '/api/decisions/11', () => jsonResponse(200, ok(aDecision({ state: 'DUE', voting_open: false, voting_closed_reason: 'deadline' })))));
    renderDecisionDialog(11);
    expect(await screen.findByTestId('decision-state')).toHaveTextContent('DUE');
    expect(screen.getByText('Voting closed: the close date has passed.')).toBeInTheDocument();
    expect(screen.queryByTestId('decision-vote')).toBeNull();
    expect(screen.queryByTestId('decision-edit')).toBeNull();
    expect(within(screen.getByTestId('voter-list')).getByText('Grace')).toBeInTheDocument();
  });

  it('a guest sees one close button and no edit or delete, and the decision is read with the token', async () => {
    const calls = installFetch(on('GET', '/api/decisions/11', () => jsonResponse(200, ok(aDecision({ can_edit: true, can_delete: true, can_end: true })))));
    renderDecisionDialog(11, 'guest-tok');
    expect(await screen.findByTestId('decision-vote')).toBeInTheDocument();
    expect(screen.queryByTestId('decision-edit')).toBeNull();
    expect(screen.queryByTestId('decision-delete')).toBeNull();
    expect(screen.queryByTestId('decision-end')).toBeNull();
    expect(screen.getByTestId('decision-close')).toBeInTheDocument();
    expect(calls[0].path).toBe('/api/decisions/11?token=guest-tok');
  });

  it('hide: a failure reads the hide-decision error text', async () => {
    installFetch(
      on('GET', '/api/decisions/11', () => jsonResponse(200, ok(aDecision({ can_change_visibility: true })))),
      on('POST', '/api/decisions/11/visibility', () => jsonResponse(500, { success: false })),
    );
    renderDecisionDialog(11);
    fireEvent.click(await screen.findByTestId('decision-visibility'));
    expect(await screen.findByTestId('decision-banner')).toHaveTextContent('Something went wrong, please try again later');
  });

  it('edit: the library picker follows can_add_attachments (none after the deadline); the files stay listed', async () => {
    const file: Attachment = { id: 1, library_id: 9, name: 'pack.pdf', size: 10, file_url: null, library: { id: 9, name: 'pack.pdf', size: 10, file_url: null } };
    let decision = aDecision({ can_edit: true, can_add_attachments: false, state: 'DUE', voting_open: false, attachments: [file] });
    installFetch(on('GET', '/api/decisions/11', () => jsonResponse(200, ok(decision))));
    const { unmount } = renderWithApp(<DecisionDialog meeting={aMeeting()} decisionId={11} visible onHide={jest.fn()} onChanged={jest.fn()} />);
    fireEvent.click(await screen.findByTestId('decision-edit'));
    expect(within(await screen.findByTestId('decision-attachments')).getByText('pack.pdf')).toBeInTheDocument();
    expect(screen.queryByTestId('decision-attachments-add')).toBeNull();
    unmount();
    decision = { ...decision, can_add_attachments: true, state: 'OPEN', voting_open: true };
    renderWithApp(<DecisionDialog meeting={aMeeting()} decisionId={11} visible onHide={jest.fn()} onChanged={jest.fn()} />);
    fireEvent.click(await screen.findByTestId('decision-edit'));
    expect(await screen.findByTestId('decision-attachments-add')).toBeInTheDocument();
  });
});

function renderActionDialog(actionId: number | null, guestToken?: string) {
  const onChanged = jest.fn();
  renderWithApp(<ActionDialog meeting={aMeeting()} actionId={actionId} visible onHide={jest.fn()} onChanged={onChanged} guestToken={guestToken} />);
  return { onChanged };
}

describe('action dialog (overall status from the server, per-participant status control)', () => {
  it('shows the overall status and a control only on rows the server allows; setting Complete sends the row', async () => {
    let status: 'In Progress' | 'Complete' = 'In Progress';
    const calls = installFetch(
      on('GET', '/api/actions/21', () => {
        const a = anAction();
        a.participants[0].status = status;
        return jsonResponse(200, ok({ ...a, status: status === 'Complete' ? 'Complete' : 'In Progress' }));
      }),
      on('POST', '/api/actions/21/status/change', () => {
        status = 'Complete';
        return jsonResponse(200, ok(anAction(), 'Done'));
      }),
    );
    const { onChanged } = renderActionDialog(21);
    expect(await screen.findByTestId('action-status')).toHaveTextContent('In Progress');
    expect(screen.getByTestId('participant-tag-32')).toHaveTextContent('Complete');
    expect(screen.queryByTestId('participant-status-32')).toBeNull();
    fireEvent.click(screen.getByTestId('participant-status-31'));
    fireEvent.click(await screen.findByRole('option', { name: 'Complete' }));
    const toasts: string[] = [];
    const off = onNotify((n) => toasts.push(`${n.severity}: ${n.summary}`));
    click('participant-save-31');
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    off();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ status: 'Complete', user_id: 2 });
    // the toast names whose status was saved and to what, not only the answer's 'Done'
    expect(toasts).toEqual([`success: Status of ${screen.getByTestId('participant-31').querySelector('.participant-status__name')!.textContent} saved: Complete`]);
    await waitFor(() => expect(screen.getByTestId('action-status')).toHaveTextContent('Complete'));
  });

  it("an action nobody has acted on reads 'Not started', as in the action tracker's group (not 'In Progress')", async () => {
    installFetch(on('GET', '/api/actions/21', () => jsonResponse(200, ok(anAction({ status: 'In Progress', group: 'not_started' })))));
    renderActionDialog(21);
    expect(await screen.findByTestId('action-status')).toHaveTextContent('Not started');
    expect(screen.getByTestId('action-status')).not.toHaveTextContent('In Progress');
  });

  it('a locked action (open till passed) shows the warning and no status control', async () => {
    installFetch(on('GET', '/api/actions/21', () => jsonResponse(200, ok(anAction({ locked: true, status: 'Not Complete' })))));
    renderActionDialog(21);
    expect(await screen.findByTestId('action-locked')).toBeInTheDocument();
    expect(screen.getByTestId('action-status')).toHaveTextContent('Not Complete');
    expect(screen.queryByTestId('participant-status-31')).toBeNull();
  });

  it('a status refused by the server shows its message as the banner', async () => {
    installFetch(
      on('GET', '/api/actions/21', () => jsonResponse(200, ok(anAction()))),
      on('POST', '/api/actions/21/status/change', () => jsonResponse(409, { success: false, message: 'This action is past its deadline and can no longer be changed.' })),
    );
    renderActionDialog(21);
    fireEvent.click(await screen.findByTestId('participant-status-31'));
    fireEvent.click(await screen.findByRole('option', { name: 'Not Complete' }));
    click('participant-save-31');
    expect(await screen.findByTestId('action-banner')).toHaveTextContent('This action is past its deadline and can no longer be changed.');
  });

  it('create: participants required on the client; the server message as the banner, the dialog stays', async () => {
    const calls = installFetch(on('POST', '/api/meetings/1/actions', () => jsonResponse(409, { success: false, message: 'Participants must be added first.' })));
    const onHide = jest.fn();
    const members = [2, 3, 4, 5, 6, 7].map((i) => aMember(i, `M${i}`));
    renderWithApp(<ActionDialog meeting={aMeeting({ members, guest_member: [] })} actionId={null} visible onHide={onHide} onChanged={jest.fn()} />);
    fireEvent.change(document.getElementById('action-title')!, { target: { value: 'Minutes' } });
    click('action-submit');
    expect(await screen.findByTestId('action-participants-error')).toHaveTextContent('This field is required.');
    expect(calls).toHaveLength(0);
    fireEvent.click(document.getElementById('action-select-all')!);
    click('action-submit');
    expect(await screen.findByTestId('action-banner')).toHaveTextContent('Participants must be added first.');
    expect(calls[0].body).toEqual(expect.objectContaining({ title: 'Minutes', priority: 'Low', open_till: '2026-12-01 10:00:00' }));
    expect(onHide).not.toHaveBeenCalled();
  });

  it('a guest sees one close button and no edit, and reads the action with the token', async () => {
    const calls = installFetch(on('GET', '/api/actions/21', () => jsonResponse(200, ok(anAction({ can_edit: true, can_delete: true })))));
    renderActionDialog(21, 'guest-tok');
    expect(await screen.findByTestId('action-close')).toBeInTheDocument();
    expect(screen.queryByTestId('action-edit')).toBeNull();
    expect(calls[0].path).toBe('/api/actions/21?token=guest-tok');
  });
});
