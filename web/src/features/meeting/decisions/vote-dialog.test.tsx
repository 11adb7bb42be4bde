import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { changeLanguage } from '../../../i18n';
import { onNotify, type Notice } from '../../../api/notify';
import { session } from '../../../api/session';
import { installFetch, jsonResponse, on } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { aDecision, aVoter, ok, tallies } from './fixtures';
import { VoteDialog } from './VoteDialog';
import type { Decision } from '../../../api/decisions';

const click = (testId: string) => fireEvent.click(screen.getByTestId(testId));
const choose = (label: string) => fireEvent.click(within(screen.getByTestId('vote-values')).getByLabelText(label));
const voteResult = (d: Decision) => {
  const { attachments: _a, voters, comments: _c, ...summary } = d;
  return { ...summary, voter: voters[0], receipt: null };
};

beforeEach(() => {
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'grace@example.com' });
});

function renderVote(d: Decision, extra: { guestToken?: string; standalone?: boolean } = {}) {
  const onVoted = jest.fn();
  const onHide = jest.fn();
  renderWithApp(<VoteDialog decision={d} visible onHide={onHide} onVoted={onVoted} {...extra} />);
  return { onVoted, onHide };
}

describe('vote dialog (five values, reason rules, voting for another voter, tally)', () => {
  it('offers the five values in the variant wording, none chosen: Submit waits for a choice', async () => {
    const calls = installFetch(on('POST', '/api/decisions/11/vote/change', () => jsonResponse(200, ok(voteResult(aDecision()), 'Done'))));
    renderVote(aDecision({ tallies: tallies({ Pending: 2 }, { Abstained: 'Postponed to next meeting' }) }));
    const values = within(screen.getByTestId('vote-values')).getAllByRole('radio');
    expect(values.map((r) => r.id)).toEqual(['vote-Approved', 'vote-Denied', 'vote-Abstained', 'vote-Pending', 'vote-Others']);
    expect(within(screen.getByTestId('vote-values')).getByLabelText('Postponed to next meeting')).toBeInTheDocument();
    for (const r of values) expect(r).not.toBeChecked();
    expect(screen.getByTestId('vote-submit')).toBeDisabled();
    expect(screen.getByTestId('vote-reason')).toBeDisabled();
    click('vote-submit');
    expect(calls).toHaveLength(0);
    choose('Approved');
    expect(within(screen.getByTestId('vote-values')).getByLabelText('Approved')).toBeChecked();
    expect(screen.getByTestId('vote-submit')).toBeEnabled();
    click('vote-submit');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toEqual({ vote: 'Approved' });
  });

  it('opened again, the dialog forgets the last choice', () => {
    installFetch();
    const d = aDecision();
    function Harness() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button type="button" data-testid="toggle" onClick={() => setOpen((o) => !o)} />
          <VoteDialog decision={d} visible={open} onHide={() => setOpen(false)} onVoted={jest.fn()} />
        </>
      );
    }
    renderWithApp(<Harness />);
    choose('Denied');
    expect(within(screen.getByTestId('vote-values')).getByLabelText('Denied')).toBeChecked();
    click('toggle');
    click('toggle');
    for (const r of within(screen.getByTestId('vote-values')).getAllByRole('radio')) expect(r).not.toBeChecked();
    expect(screen.getByTestId('vote-submit')).toBeDisabled();
  });

  it('Denied without a reason shows the reason error and sends nothing; with a reason it votes', async () => {
    const calls = installFetch(on('POST', '/api/decisions/11/vote/change', () => jsonResponse(200, ok(voteResult(aDecision()), 'Done'))));
    const notices: Notice[] = [];
    const stop = onNotify((n) => notices.push(n));
    const { onVoted, onHide } = renderVote(aDecision());
    choose('Denied');
    click('vote-submit');
    expect(await screen.findByTestId('vote-reason-error')).toHaveTextContent('The reason field is required.');
    expect(screen.getByTestId('vote-reason')).toHaveClass('p-invalid');
    expect(calls).toHaveLength(0);
    fireEvent.change(screen.getByTestId('vote-reason'), { target: { value: 'Too expensive' } });
    click('vote-submit');
    await waitFor(() => expect(onVoted).toHaveBeenCalled());
    expect(calls[0].body).toEqual({ vote: 'Denied', reason: 'Too expensive' });
    expect(onHide).toHaveBeenCalled();
    // the toast says what was recorded, not the answer's 'Done'
    expect(notices.map((n) => n.summary)).toContain('Your vote is recorded: Denied.');
    stop();
  });

  it('Others also needs a reason; Pending disables the reason box and sends none', async () => {
    const calls = installFetch(on('POST', '/api/decisions/11/vote/change', () => jsonResponse(200, ok(voteResult(aDecision()), 'Done'))));
    renderVote(aDecision());
    choose('Others');
    click('vote-submit');
    expect(await screen.findByTestId('vote-reason-error')).toHaveTextContent('The reason field is required.');
    fireEvent.change(screen.getByTestId('vote-reason'), { target: { value: 'typed' } });
    choose('Pending');
    expect(screen.getByTestId('vote-reason')).toBeDisabled();
    expect(screen.queryByTestId('vote-reason-error')).toBeNull();
    click('vote-submit');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toEqual({ vote: 'Pending' });
  });

  it('the server refusing shows each value of its data as an alert in the dialog', async () => {
    installFetch(
      on('POST', '/api/decisions/11/vote/change', () => jsonResponse(409, { success: false, code: 'VALIDATION', message: 'Error in validation', errors: { vote: ['Voting is closed for this decision.'] } })),
    );
    const { onVoted } = renderVote(aDecision());
    choose('Approved');
    click('vote-submit');
    expect(await screen.findByTestId('vote-alert')).toHaveTextContent('Voting is closed for this decision.');
    expect(onVoted).not.toHaveBeenCalled();
  });

  it('an administrator chooses the voter and votes for them (user_id, or user_email for a guest)', async () => {
    const voters = [aVoter(2, 'Grace', 'Pending', { can_change: true }), aVoter(3, 'Alan', 'Pending', { can_change: true }), aVoter(40, 'Guest', 'Pending', { user_id: null, user_email: 'g@example.com', user: null, can_change: true })];
    const calls = installFetch(on('POST', '/api/decisions/11/vote/change', () => jsonResponse(200, ok(voteResult(aDecision()), 'Done'))));
    const notices: Notice[] = [];
    const stop = onNotify((n) => notices.push(n));
    renderVote(aDecision({ voters, can_vote_for_others: true }));
    choose('Approved');
    click('vote-submit');
    expect(await screen.findByTestId('vote-voter-error')).toHaveTextContent('This field is required.');
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByTestId('vote-voter'));
    fireEvent.click(await screen.findByText('Alan (Pending)'));
    click('vote-submit');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toEqual({ vote: 'Approved', user_id: 3 });
    // the toast names whose vote was recorded
    await waitFor(() => expect(notices.map((n) => n.summary)).toContain('The vote of Alan is recorded: Approved.'));
    fireEvent.click(screen.getByTestId('vote-voter'));
    fireEvent.click(await screen.findByText('g@example.com (Pending)'));
    click('vote-submit');
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1].body).toEqual({ vote: 'Approved', user_email: 'g@example.com' });
    stop();
  });

  it('a guest votes with the token of the link and no voter choice', async () => {
    const calls = installFetch(on('POST', '/api/decisions/11/vote/change', () => jsonResponse(200, ok(voteResult(aDecision()), 'Done'))));
    renderVote(aDecision(), { guestToken: 'guest-tok' });
    expect(screen.queryByTestId('vote-voter')).toBeNull();
    choose('Approved');
    click('vote-submit');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(new URL(calls[0].url, 'http://x').searchParams.get('token')).toBe('guest-tok');
  });

  it('a standalone resolution votes on /singleDecision/vote/{id}', async () => {
    const calls = installFetch(on('POST', '/api/singleDecision/vote/11', () => jsonResponse(200, ok(voteResult(aDecision()), 'Done'))));
    renderVote(aDecision({ meeting_id: null }), { standalone: true });
    choose('Abstained');
    click('vote-submit');
    await waitFor(() => expect(calls).toHaveLength(1));
  });

  it('the tally shows counts and percentages rounded up to one decimal', () => {
    installFetch();
    renderVote(aDecision({ tallies: tallies({ Approved: 1, Denied: 1, Pending: 1 }), total_voters: 3 }));
    expect(screen.getByTestId('tally-Approved')).toHaveTextContent('Approved 1 33.4%');
    expect(screen.getByTestId('tally-Others')).toHaveTextContent('Others 0 0.0%');
  });

  it('voting closed: the submit button is disabled and says so', () => {
    installFetch();
    renderVote(aDecision({ voting_open: false, voting_closed_reason: 'deadline' }));
    expect(screen.getByTestId('vote-submit')).toBeDisabled();
    expect(screen.getByText('Voting is closed for this resolution.')).toBeInTheDocument();
  });

  it('in Arabic: the document is right-to-left, the values, the reason message and the percentages are Arabic', async () => {
    installFetch();
    await act(() => changeLanguage('ar'));
    try {
      renderVote(aDecision({ tallies: tallies({ Approved: 1, Denied: 2 }, { Abstained: 'Postponed to next meeting' }), total_voters: 3 }));
      expect(document.documentElement.dir).toBe('rtl');
      const values = within(screen.getByTestId('vote-values'));
      expect(values.getByLabelText('مرفوض')).toBeInTheDocument();
      expect(values.getByLabelText('مؤجل إلى الاجتماع القادم')).toBeInTheDocument();
      choose('مرفوض');
      click('vote-submit');
      expect(await screen.findByTestId('vote-reason-error')).toHaveTextContent('حقل السبب مطلوب.');
      expect(screen.getByTestId('tally-Approved')).toHaveTextContent(new Intl.NumberFormat('ar', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(33.4));
    } finally {
      await act(() => changeLanguage('en'));
    }
  });
});
