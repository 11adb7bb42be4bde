import { MM, emptyTotals, type VoteTotals } from '@app/contracts';
import { countingAfterEdit, headTotals, voterWeight, weightTotals, weightTotalsFromCounts } from './counting';

const t = (over: Partial<VoteTotals>): VoteTotals => ({ ...emptyTotals(), ...over });

describe('voterWeight', () => {
  const committee = { weights: [{ user_id: 1, weight: 5 }] };
  it.each<[string, typeof committee | null, number | null, number]>([
    ['a member with a weight', committee, 1, 5],
    ['a member without one', committee, 2, 1],
    ['a guest', committee, null, 1],
    ['no committee', null, 1, 1],
    ['a committee from before weights', { weights: undefined as never }, 1, 1],
  ])('%s', (_n, c, id, w) => expect(voterWeight(c, id)).toBe(w));
});

describe('countingAfterEdit', () => {
  const current = { outcomeRule: 'simple_majority' as const, countBy: 'head' as const };
  it.each<[string, { outcome_rule?: 'two_thirds' | 'simple_majority'; count_by?: 'weight' | 'head' }, boolean, ReturnType<typeof countingAfterEdit>]>([
    ['left out: unchanged', {}, true, { ok: true, outcomeRule: 'simple_majority', countBy: 'head' }],
    ['changed before any vote', { outcome_rule: 'two_thirds', count_by: 'weight' }, false, { ok: true, outcomeRule: 'two_thirds', countBy: 'weight' }],
    ['the same again after a vote', { outcome_rule: 'simple_majority', count_by: 'head' }, true, { ok: true, outcomeRule: 'simple_majority', countBy: 'head' }],
    ['the rule after a vote', { outcome_rule: 'two_thirds' }, true, { ok: false, errors: { outcome_rule: MM.outcomeRuleLocked } }],
    ['both after a vote', { outcome_rule: 'two_thirds', count_by: 'weight' }, true, { ok: false, errors: { outcome_rule: MM.outcomeRuleLocked, count_by: MM.countByLocked } }],
  ])('%s', (_n, wanted, anyVote, out) => expect(countingAfterEdit({ current, wanted, anyVote })).toEqual(out));
});

describe('weightTotals', () => {
  const rows = [
    { vote: 'Approved', hasVoted: true, weight: 3 },
    { vote: 'Denied', hasVoted: true, weight: 2 },
    { vote: 'Pending', hasVoted: false, weight: 4 },
  ];
  it('an open ballot: each row its weight', () => expect(weightTotals('open', rows, [])).toEqual(t({ Approved: 3, Denied: 2, Pending: 4 })));
  it('a secret ballot: the totals per choice, Pending from who has not voted', () => {
    const secretRows = rows.map((r) => ({ ...r, vote: 'Pending' }));
    expect(weightTotals('secret', secretRows, [{ vote: 'Abstained', w: 5 }])).toEqual(t({ Abstained: 5, Pending: 4 }));
  });
  it('from counts: open', () => expect(weightTotalsFromCounts('open', [{ vote: 'Approved', w: 7 }, { vote: 'Pending', w: 1 }], [])).toEqual(t({ Approved: 7, Pending: 1 })));
  it('from counts: secret', () => expect(weightTotalsFromCounts('secret', [{ vote: 'Pending', w: 9 }], [{ vote: 'Approved', w: 5 }])).toEqual(t({ Approved: 5, Pending: 4 })));
  it('no votes', () => expect(weightTotalsFromCounts('secret', [], [])).toEqual(emptyTotals()));
  it('headTotals', () => expect(headTotals(['Approved', 'Approved', 'Pending'])).toEqual(t({ Approved: 2, Pending: 1 })));
});
