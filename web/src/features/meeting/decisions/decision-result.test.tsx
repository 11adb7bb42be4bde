/**
 * The result of a decision (docs/ballots.md#weights-and-outcome-rules): the rule it is carried under, the count by
 * head and, when weights matter, by weight, each voter's weight, and the outcome once voting has closed; Arabic.
 */
import { act, screen } from '@testing-library/react';
import { changeLanguage } from '../../../i18n';
import { session } from '../../../api/session';
import { renderWithApp } from '../../../test/render';
import { aDecision, aVoter, tallies } from './fixtures';
import { DecisionDetails } from './DecisionDetails';

beforeEach(() => {
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'grace@example.com' });
});

const weighted = () =>
  aDecision({
    outcome_rule: 'majority_of_members', count_by: 'weight', voting_open: false, state: 'DUE', is_fulfilled: true, outcome: 'Passed',
    voters: [aVoter(2, 'Grace', 'Approved', { weight: 5 }), aVoter(3, 'Alan', 'Denied', { weight: 2 }), aVoter(4, 'Ada', 'Abstained')],
    tallies: tallies({ Approved: 1, Denied: 1, Abstained: 1 }), total_voters: 3,
    weight_tallies: tallies({ Approved: 5, Denied: 2, Abstained: 1 }), total_weight: 8,
  });

describe('the result of a decision', () => {
  it('by default: the rule, the count by head, no count by weight, no outcome while open', () => {
    renderWithApp(<DecisionDetails decision={aDecision()} onChanged={jest.fn()} onError={jest.fn()} />);
    expect(screen.getByTestId('decision-result-rule')).toHaveTextContent('Simple majority of votes cast · One vote per voter');
    expect(screen.getByTestId('decision-result-head')).toHaveTextContent('Approved 1 · Pending 1');
    expect(screen.queryByTestId('decision-result-weight')).toBeNull();
    expect(screen.queryByTestId('decision-result-outcome')).toBeNull();
    expect(screen.queryByText(/weight 1/)).toBeNull();
  });

  it('counted by weight: both counts, each voter’s weight and the outcome under the rule', () => {
    renderWithApp(<DecisionDetails decision={weighted()} onChanged={jest.fn()} onError={jest.fn()} />);
    expect(screen.getByTestId('decision-result-rule')).toHaveTextContent('Majority of all voters · By weight (shares)');
    expect(screen.getByTestId('decision-result-head')).toHaveTextContent('Approved 1 · Denied 1 · Abstained 1');
    expect(screen.getByTestId('decision-result-weight')).toHaveTextContent('Approved 5 · Denied 2 · Abstained 1');
    expect(screen.getByTestId('decision-result-outcome')).toHaveTextContent('Passed');
    expect(screen.getByText('weight 5')).toBeInTheDocument();
  });

  it('in Arabic', async () => {
    await act(() => changeLanguage('ar'));
    try {
      renderWithApp(<DecisionDetails decision={weighted()} onChanged={jest.fn()} onError={jest.fn()} />);
      expect(screen.getByTestId('decision-result-rule')).toHaveTextContent('أغلبية جميع المصوتين · بالوزن (الحصص)');
      expect(screen.getByTestId('decision-result-outcome')).toHaveTextContent('أُقرّ');
    } finally {
      await act(() => changeLanguage('en'));
    }
  });
});
