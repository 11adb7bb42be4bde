/**
 * Elections in the browser (docs/ballots.md#elections): the decision form makes a decision an election (seats, members
 * and free names as candidates, sent as the contract's body; locked after a vote), the vote dialog offers the
 * candidates as boxes (at most the seats, none is a blank ballot) and sends `choices`, and the decision shows the
 * results per candidate with Elected and a tie at the last seat; a secret election's published list names the
 * candidates; right-to-left Arabic.
 */
import { createHash, webcrypto } from 'node:crypto';
import { TextEncoder } from 'node:util';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { canonicalText, type BallotEntry, type ElectionPayload } from '@app/contracts';
import { Providers } from '../../../App';
import { changeLanguage } from '../../../i18n';
import { session } from '../../../api/session';
import { installFetch, jsonResponse, on } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import type { Decision } from '../../../api/decisions';
import { aDecision, aVoter, ok, tallies } from './fixtures';
import { DecisionDetails } from './DecisionDetails';
import { DecisionForm, type DecisionValues } from './DecisionForm';
import { VoteDialog } from './VoteDialog';
import type { PersonOption } from './people';

beforeAll(() => {
  if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
  if (!globalThis.TextEncoder) Object.defineProperty(globalThis, 'TextEncoder', { value: TextEncoder, configurable: true });
});
beforeEach(() => {
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'grace@example.com' });
});

const click = (testId: string) => fireEvent.click(screen.getByTestId(testId));
const person = (id: number, label: string): PersonOption => ({ value: `u:${id}`, label, image: null, guest: false });
const values = (over: Partial<DecisionValues> = {}): DecisionValues => ({
  title: 'Board seats', description: '', deadline: new Date(2026, 11, 1, 10, 0), voters: ['u:1', 'u:2'], attachments: [], decisionable: true, tender_number: '', committee_id: null,
  ballot: 'open', outcome_rule: 'simple_majority', count_by: 'head', election: false, seats: 1, candidates: [], talkingpoint_id: null, talkingpoint_subpoint_id: null, ...over,
});

function renderForm(over: Partial<DecisionValues> = {}, ballotLocked = false) {
  const onSubmit = jest.fn(async () => undefined);
  render(
    <Providers>
      <DecisionForm initial={values(over)} options={{ meetingStart: '2026-12-01 10:00:00', ballotLocked }} people={[person(1, 'Grace'), person(2, 'Alan')]} onSubmit={onSubmit} onCancel={jest.fn()} />
    </Providers>,
  );
  return onSubmit;
}

const election = (over: Partial<ElectionPayload> = {}): ElectionPayload => ({
  seats: 2, results_shown: true, tied_seats: 0, my_choices: null,
  candidates: [
    { id: 1, user_id: 2, name: 'Grace', votes: 0, weight: 0, elected: false, tied: false },
    { id: 2, user_id: null, name: 'Sara Haddad', votes: 0, weight: 0, elected: false, tied: false },
    { id: 3, user_id: null, name: 'Yusuf Karim', votes: 0, weight: 0, elected: false, tied: false },
  ],
  ...over,
});
const closedWithTie = () =>
  aDecision({
    voting_open: false, voting_closed_reason: 'fulfilled', is_fulfilled: true, state: 'DUE',
    voters: [aVoter(2, 'Grace', 'Approved', { choices: [1, 2] }), aVoter(3, 'Alan', 'Approved', { choices: [1, 3] }), aVoter(4, 'Ada', 'Abstained', { choices: [] })],
    election: election({
      tied_seats: 1,
      candidates: [
        { id: 1, user_id: 2, name: 'Grace', votes: 2, weight: 2, elected: true, tied: false },
        { id: 2, user_id: null, name: 'Sara Haddad', votes: 1, weight: 1, elected: false, tied: true },
        { id: 3, user_id: null, name: 'Yusuf Karim', votes: 1, weight: 1, elected: false, tied: true },
      ],
    }),
  });

describe('the decision form makes an election', () => {
  it('seats, a member and a free name, sent as the contract body in the order given', async () => {
    const onSubmit = renderForm();
    expect(screen.queryByTestId('decision-election-fields')).toBeNull();
    fireEvent.click(document.getElementById('decision-election')!);
    fireEvent.change(document.getElementById('decision-seats')!, { target: { value: '2' } });
    fireEvent.change(document.getElementById('decision-candidate-name')!, { target: { value: ' Sara Haddad ' } });
    click('decision-candidate-add');
    fireEvent.click(screen.getByTestId('decision-candidate-member'));
    fireEvent.click(await screen.findByRole('option', { name: 'Alan', hidden: true }));
    const items = within(screen.getByTestId('decision-candidates')).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('bdi')?.textContent)).toEqual(['Sara Haddad', 'Alan']);
    expect(items[1]).toHaveTextContent('member');
    click('decision-submit');
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ election: { seats: 2, candidates: [{ name: 'Sara Haddad' }, { user_id: 2 }] } }));
  });

  it('more seats than candidates is refused in the form with the contract\'s message; a candidate can be removed', async () => {
    const onSubmit = renderForm({ election: true, seats: 3, candidates: [{ user_id: null, name: 'Ann' }, { user_id: null, name: 'Bob' }] });
    click('decision-submit');
    expect(await screen.findByTestId('decision-election-error')).toHaveTextContent('The seats must be a whole number from 1 to the number of candidates.');
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Bob' }));
    expect(within(screen.getByTestId('decision-candidates')).getAllByRole('listitem')).toHaveLength(1);
  });

  it('locked once a vote is cast', () => {
    renderForm({ election: true, seats: 1, candidates: [{ user_id: null, name: 'Ann' }] }, true);
    expect(document.getElementById('decision-election')).toBeDisabled();
    expect(screen.getByTestId('decision-seats')).toBeDisabled();
    expect(screen.getByText('A vote has been cast: the seats and the candidates can no longer change.')).toBeInTheDocument();
  });
});

describe('the vote dialog of an election', () => {
  it('offers the candidates, at most the seats, and sends the choices', async () => {
    const d = aDecision({ election: election() });
    const { attachments: _a, voters, comments: _c, ...summary } = d;
    const calls = installFetch(on('POST', '/api/decisions/11/vote/change', () => jsonResponse(200, ok({ ...summary, voter: voters[0], receipt: null }, 'Done'))));
    renderWithApp(<VoteDialog decision={d} visible onHide={jest.fn()} onVoted={jest.fn()} />);
    expect(screen.queryByTestId('vote-values')).toBeNull();
    const box = (name: string) => within(screen.getByTestId('vote-candidates')).getByLabelText(name);
    expect(screen.getByText('Choose up to 2 candidates')).toBeInTheDocument();
    expect(screen.getByTestId('vote-candidates-count')).toHaveTextContent('No candidate chosen: your vote is a blank ballot.');
    fireEvent.click(box('Yusuf Karim'));
    fireEvent.click(box('Grace'));
    expect(box('Sara Haddad')).toBeDisabled();
    expect(screen.getByTestId('vote-candidates-count')).toHaveTextContent('2 of 2 chosen.');
    click('vote-submit');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toEqual({ choices: [3, 1] });
  });
});

describe('the results of an election', () => {
  it('per candidate, Elected and a tie at the last seat; each voter\'s choices on an open election', () => {
    renderWithApp(<DecisionDetails decision={closedWithTie()} onChanged={jest.fn()} onError={jest.fn()} />);
    expect(screen.queryByTestId('decision-result')).toBeNull();
    expect(screen.getByTestId('election-tie')).toHaveTextContent('Tie: the candidates marked Tied are level for the last 1 seat(s).');
    const row = (id: number) => [...within(screen.getByTestId(`election-candidate-${id}`)).getAllByRole('cell')].map((c) => c.textContent);
    expect([row(1), row(2), row(3)]).toEqual([['Grace', '2', 'Elected'], ['Sara Haddad', '1', 'Tied'], ['Yusuf Karim', '1', 'Tied']]);
    expect(screen.getByTestId('voter-vote-2')).toHaveTextContent('Grace, Sara Haddad');
    expect(screen.getByTestId('voter-vote-4')).toHaveTextContent('Blank ballot');
  });

  it('a secret election: results withheld while open; after the close the list names the candidates and its check passes', async () => {
    const open = aDecision({ ballot: 'secret', tallies: [], my_vote: null, election: election({ results_shown: false, candidates: election().candidates.map((c) => ({ ...c, votes: null, weight: null })) }) });
    const { unmount } = renderWithApp(<DecisionDetails decision={open} onChanged={jest.fn()} onError={jest.fn()} />);
    expect(screen.getByTestId('election-withheld')).toHaveTextContent('The results per candidate are shown when voting closes.');
    expect([...within(screen.getByTestId('election-candidate-2')).getAllByRole('cell')].map((c) => c.textContent)).toEqual(['Sara Haddad', '—', '—']);
    unmount();

    const entries: BallotEntry[] = [{ receipt: 'A'.repeat(32), choice: '1,2' }, { receipt: 'B'.repeat(32), choice: '2' }, { receipt: 'C'.repeat(32), choice: '-' }];
    const hash = createHash('sha256').update(canonicalText(entries)).digest('hex');
    const closed: Decision = aDecision({
      ballot: 'secret', my_vote: null, voting_open: false, voting_closed_reason: 'fulfilled', is_fulfilled: true, state: 'DUE', ballots_published: true, votes_cast: 3,
      tallies: tallies({ Approved: 2, Abstained: 1 }), total_voters: 3,
      voters: [aVoter(2, 'Grace', 'Pending', { has_voted: true }), aVoter(3, 'Alan', 'Pending', { has_voted: true }), aVoter(4, 'Ada', 'Pending', { has_voted: true })],
      election: election({
        candidates: [
          { id: 1, user_id: 2, name: 'Grace', votes: 1, weight: 1, elected: true, tied: false },
          { id: 2, user_id: null, name: 'Sara Haddad', votes: 2, weight: 2, elected: true, tied: false },
          { id: 3, user_id: null, name: 'Yusuf Karim', votes: 0, weight: 0, elected: false, tied: false },
        ],
      }),
    });
    installFetch(on('GET', '/api/decisions/11/ballots', () => jsonResponse(200, ok({ decision_id: 11, count: 3, entries, hash, algorithm: 'sha256', tallies: closed.tallies }))));
    renderWithApp(<DecisionDetails decision={closed} onChanged={jest.fn()} onError={jest.fn()} />);
    expect(await screen.findByTestId('ballots-verdict')).toHaveTextContent(/match/i);
    const table = screen.getByTestId('ballots-table');
    expect(within(table).getByText('Grace, Sara Haddad')).toBeInTheDocument();
    expect(within(table).getByText('Blank ballot')).toBeInTheDocument();
  });

  it('in Arabic, right to left', async () => {
    await act(() => changeLanguage('ar'));
    try {
      renderWithApp(<DecisionDetails decision={closedWithTie()} onChanged={jest.fn()} onError={jest.fn()} />);
      expect(document.documentElement.dir).toBe('rtl');
      expect(screen.getByTestId('election-result')).toHaveTextContent('النتائج (2 مقاعد)');
      expect(within(screen.getByTestId('election-candidate-1')).getByText('فائز')).toBeInTheDocument();
      expect(within(screen.getByTestId('election-candidate-2')).getByText('متعادل')).toBeInTheDocument();
      expect(screen.getByTestId('voter-vote-4')).toHaveTextContent('ورقة بيضاء');
    } finally {
      await act(() => changeLanguage('en'));
    }
  });
});
