/**
 * Secret ballots in the browser (docs/ballots.md): the receipt shown once after a secret vote (copy button,
 * the warning), the decision's "Secret ballot" and who has voted without their choice, and after the close the
 * published list with the hash recomputed here (Web Crypto) and a "find my receipt" box; right-to-left Arabic.
 */
import { createHash, webcrypto } from 'node:crypto';
import { TextEncoder } from 'node:util';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { canonicalText, type BallotEntry } from '@app/contracts';
import { changeLanguage } from '../../../i18n';
import { session } from '../../../api/session';
import { onNotify, type Notice } from '../../../api/notify';
import { installFetch, jsonResponse, on } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import type { Decision } from '../../../api/decisions';
import { aDecision, aVoter, ok, tallies } from './fixtures';
import { DecisionDetails } from './DecisionDetails';
import { VoteDialog } from './VoteDialog';

// jsdom has no SubtleCrypto (nor, in some versions, TextEncoder): the browser's own, from Node's Web Crypto
beforeAll(() => {
  if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
  if (!globalThis.TextEncoder) Object.defineProperty(globalThis, 'TextEncoder', { value: TextEncoder, configurable: true });
});
beforeEach(() => {
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'grace@example.com' });
});

const RECEIPT = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const click = (testId: string) => fireEvent.click(screen.getByTestId(testId));

const secretOpen = (over: Partial<Decision> = {}) =>
  aDecision({
    ballot: 'secret', tallies: [], my_vote: null, votes_cast: 1, ballot_locked: true,
    voters: [aVoter(2, 'Grace', 'Pending', { can_change: true }), aVoter(3, 'Alan', 'Pending', { has_voted: true })], ...over,
  });

const entries: BallotEntry[] = [
  { receipt: 'B'.repeat(32), choice: 'Denied' },
  { receipt: RECEIPT, choice: 'Approved' },
  { receipt: '7'.repeat(32), choice: 'Approved' },
];
const hashOf = (es: BallotEntry[]) => createHash('sha256').update(canonicalText(es)).digest('hex');
const closed = () =>
  secretOpen({
    voting_open: false, voting_closed_reason: 'fulfilled', is_fulfilled: true, ballots_published: true, votes_cast: 3, state: 'DUE',
    tallies: tallies({ Approved: 2, Denied: 1 }), total_voters: 3,
    voters: [aVoter(2, 'Grace', 'Pending', { has_voted: true }), aVoter(3, 'Alan', 'Pending', { has_voted: true }), aVoter(4, 'Ada', 'Pending', { has_voted: true })],
  });
const ballotList = (es: BallotEntry[], hash = hashOf(es)) => ({
  decision_id: 11, count: es.length, entries: [...es].sort((a, b) => (a.receipt < b.receipt ? -1 : 1)), hash, algorithm: 'sha256', tallies: tallies({ Approved: 2, Denied: 1 }),
});

describe('the vote dialog of a secret ballot', () => {
  it('offers no Pending, says the vote is secret and final, then shows the receipt once with a copy button and the warning', async () => {
    const d = secretOpen();
    const { attachments: _a, voters, comments: _c, ...summary } = d;
    const calls = installFetch(on('POST', '/api/decisions/11/vote/change', () => jsonResponse(200, ok({ ...summary, voter: { ...voters[0], has_voted: true }, votes_cast: 2, receipt: RECEIPT }, 'Done'))));
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const onHide = jest.fn();
    const notices: Notice[] = [];
    const stopNotices = onNotify((n) => notices.push(n));
    renderWithApp(<VoteDialog decision={d} visible onHide={onHide} onVoted={jest.fn()} />);
    const values = within(screen.getByTestId('vote-values')).getAllByRole('radio');
    expect(values.map((r) => r.id)).toEqual(['vote-Approved', 'vote-Denied', 'vote-Abstained', 'vote-Others']);
    expect(screen.getByTestId('vote-secret-note')).toHaveTextContent('you cannot change your vote once cast');
    expect(screen.queryByTestId('tally')).toBeNull();
    fireEvent.click(within(screen.getByTestId('vote-values')).getByLabelText('Approved'));
    click('vote-submit');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toEqual({ vote: 'Approved' });
    expect(await screen.findByTestId('ballot-receipt-code')).toHaveTextContent('ABCD EFGH IJKL MNOP QRST UVWX YZ23 4567');
    expect(notices.map((n) => n.summary)).toContain('Your secret vote is cast. Keep your receipt: it is shown only now.');
    stopNotices();
    expect(screen.getByTestId('ballot-receipt-warning')).toHaveTextContent('This receipt is shown only once');
    expect(onHide).not.toHaveBeenCalled();
    click('ballot-receipt-copy');
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(RECEIPT));
    expect(await screen.findByTestId('ballot-receipt-copied')).toHaveTextContent('Copied.');
    click('ballot-receipt-close');
    expect(onHide).toHaveBeenCalled();
  });

  it('an open ballot closes after the vote as before (no receipt)', async () => {
    const d = aDecision();
    const { attachments: _a, voters, comments: _c, ...summary } = d;
    installFetch(on('POST', '/api/decisions/11/vote/change', () => jsonResponse(200, ok({ ...summary, voter: voters[0], receipt: null }, 'Done'))));
    const onHide = jest.fn();
    renderWithApp(<VoteDialog decision={d} visible onHide={onHide} onVoted={jest.fn()} />);
    fireEvent.click(within(screen.getByTestId('vote-values')).getByLabelText('Approved'));
    click('vote-submit');
    await waitFor(() => expect(onHide).toHaveBeenCalled());
    expect(screen.queryByTestId('ballot-receipt')).toBeNull();
  });
});

describe('a secret decision', () => {
  it('while open: "Secret ballot", who has voted and no choices, no tally', () => {
    installFetch();
    renderWithApp(<DecisionDetails decision={secretOpen()} onChanged={jest.fn()} onError={jest.fn()} />);
    expect(screen.getByTestId('decision-secret')).toHaveTextContent('Secret ballot');
    expect(screen.getByTestId('decision-secret-cast')).toHaveTextContent('1 of 2 have voted. The results are shown when voting closes.');
    expect(screen.getByTestId('voter-vote-3')).toHaveTextContent('Voted');
    expect(screen.getByTestId('voter-vote-2')).toHaveTextContent('Not voted yet');
    expect(screen.queryByTestId('tally')).toBeNull();
    expect(screen.queryByTestId('ballots')).toBeNull();
  });

  it('after the close: the list, the published hash and the one computed here match; a voter finds their receipt', async () => {
    const calls = installFetch(on('GET', '/api/decisions/11/ballots', () => jsonResponse(200, ok(ballotList(entries)))));
    renderWithApp(<DecisionDetails decision={closed()} onChanged={jest.fn()} onError={jest.fn()} />);
    expect(await screen.findByTestId('ballots-verdict')).toHaveTextContent('The hash matches and the list');
    expect(calls.map((c) => c.path)).toContain('/api/decisions/11/ballots');
    expect(screen.getByTestId('ballots-computed')).toHaveTextContent(hashOf(entries));
    expect(screen.getByTestId('ballots-hash')).toHaveTextContent(hashOf(entries));
    expect(within(screen.getByTestId('ballots-table')).getAllByRole('row')).toHaveLength(4);
    fireEvent.change(screen.getByTestId('ballots-find'), { target: { value: 'abcd efgh ijkl mnop qrst uvwx yz23 4567' } });
    expect(screen.getByTestId('ballots-find-result')).toHaveTextContent('Found: your vote was counted as Approved.');
    fireEvent.change(screen.getByTestId('ballots-find'), { target: { value: 'ZZZZ' } });
    expect(screen.getByTestId('ballots-find-result')).toHaveTextContent('This receipt is not in the list.');
  });

  it('a list that does not match its published hash is shown as not matching', async () => {
    const changed = entries.map((e, i) => (i === 0 ? { ...e, choice: 'Approved' as const } : e));
    installFetch(on('GET', '/api/decisions/11/ballots', () => jsonResponse(200, ok(ballotList(changed, hashOf(entries))))));
    renderWithApp(<DecisionDetails decision={closed()} onChanged={jest.fn()} onError={jest.fn()} />);
    expect(await screen.findByTestId('ballots-verdict')).toHaveTextContent('The hash does not match the list.');
  });

  it('in Arabic: right-to-left, the texts in Arabic, receipts and hashes kept left-to-right', async () => {
    installFetch(on('GET', '/api/decisions/11/ballots', () => jsonResponse(200, ok(ballotList(entries)))));
    await act(() => changeLanguage('ar'));
    try {
      renderWithApp(<DecisionDetails decision={closed()} onChanged={jest.fn()} onError={jest.fn()} />);
      expect(document.documentElement.dir).toBe('rtl');
      expect(screen.getByTestId('decision-secret')).toHaveTextContent('اقتراع سري');
      expect(await screen.findByTestId('ballots-verdict')).toHaveTextContent('البصمة مطابقة');
      expect(screen.getByTestId('ballots-hash')).toHaveAttribute('dir', 'ltr');
      fireEvent.change(screen.getByTestId('ballots-find'), { target: { value: RECEIPT } });
      expect(screen.getByTestId('ballots-find-result')).toHaveTextContent('تم العثور عليه');
    } finally {
      await act(() => changeLanguage('en'));
    }
  });
});
