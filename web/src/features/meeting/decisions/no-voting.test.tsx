import { screen } from '@testing-library/react';
import { session } from '../../../api/session';
import { installFetch, jsonResponse, on } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { DecisionDialog } from './DecisionDialog';
import { aDecision, aMeeting, ok } from './fixtures';

/**
 * Issue 25, item 14: a decision whose allow-voting switch is off (decisionable = 0) takes no votes through any host; its
 * page says so and offers neither OPEN, nor a vote, nor End voting — to the chair (who may edit it) as to a voter.
 */
beforeEach(() => {
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'chair@example.com' });
});

// what the meeting service answers for such a decision (test/api/meeting/decisions.api-spec.ts checks it through both hosts)
const noVoting = aDecision({
  decisionable: 0, tender_number: 'TN-7', state: 'DUE', voting_open: false, voting_closed_reason: 'not_decisionable', can_vote: false, can_vote_for_others: false,
  can_edit: true, can_delete: true, can_end: false, can_resume: false,
});

it('a decision without voting shows NO VOTING and the reason, and no OPEN, vote or End voting', async () => {
  installFetch(on('GET', '/api/decisions/11', () => jsonResponse(200, ok(noVoting))));
  renderWithApp(<DecisionDialog meeting={aMeeting()} decisionId={11} visible onHide={jest.fn()} onChanged={jest.fn()} />);
  const state = await screen.findByTestId('decision-state');
  expect(state).toHaveTextContent('NO VOTING');
  expect(screen.queryByText('OPEN')).toBeNull();
  expect(screen.queryByText('DUE')).toBeNull();
  expect(screen.getByText('Voting is not allowed on this resolution.')).toBeInTheDocument();
  expect(screen.getByText('Tender number: TN-7')).toBeInTheDocument();
  expect(screen.queryByTestId('decision-vote')).toBeNull();
  expect(screen.queryByTestId('decision-end')).toBeNull();
  expect(screen.queryByText('End voting')).toBeNull();
  // the chair still edits it (the switch may be turned on)
  expect(screen.getByTestId('decision-edit')).toBeInTheDocument();
});

it('an open decision still reads OPEN with End voting for the chair', async () => {
  installFetch(on('GET', '/api/decisions/11', () => jsonResponse(200, ok(aDecision({ can_edit: true, can_end: true })))));
  renderWithApp(<DecisionDialog meeting={aMeeting()} decisionId={11} visible onHide={jest.fn()} onChanged={jest.fn()} />);
  expect(await screen.findByTestId('decision-state')).toHaveTextContent('OPEN');
  expect(screen.getByTestId('decision-end')).toHaveTextContent('End voting');
});
