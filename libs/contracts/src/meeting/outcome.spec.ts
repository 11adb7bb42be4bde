import type { Vote } from './meeting.constants';
import { decisionOutcome } from './quorum';
import { OUTCOME_RULES, carried, castOf, outcomeOf, quorumOfTotals, showsWeights, totalOf, totalsOf, type OutcomeRule, type VoteTotals } from './outcome';

/** voters as `Vote:weight` (weight 1 when left out) */
const voters = (spec: string): Array<{ vote: Vote; weight: number }> =>
  spec.split(' ').filter(Boolean).map((x) => {
    const [vote, w] = x.split(':');
    return { vote: vote as Vote, weight: w ? Number(w) : 1 };
  });
const byHead = (vs: Array<{ vote: Vote; weight: number }>): VoteTotals => totalsOf(vs.map((v) => ({ vote: v.vote, amount: 1 })));
const byWeight = (vs: Array<{ vote: Vote; weight: number }>): VoteTotals => totalsOf(vs.map((v) => ({ vote: v.vote, amount: v.weight })));

type Row = [name: string, voters: string, head: Record<OutcomeRule, boolean>, weight: Record<OutcomeRule, boolean>];
const r = (sm: boolean, mm: boolean, tt: boolean, un: boolean): Record<OutcomeRule, boolean> => ({ simple_majority: sm, majority_of_members: mm, two_thirds: tt, unanimity: un });
const T = true;
const F = false;

describe('carried: every rule by head and by weight', () => {
  it.each<Row>([
    // name, voters (Vote:weight), by head [simple, members, 2/3, unanimity], by weight [the same]
    ['no voters at all', '', r(F, F, F, F), r(F, F, F, F)],
    ['nobody voted', 'Pending:3 Pending Pending', r(F, F, F, F), r(F, F, F, F)],
    ['only abstentions', 'Abstained Abstained:4', r(F, F, F, F), r(F, F, F, F)],
    ['all approve', 'Approved Approved:2 Approved:7', r(T, T, T, T), r(T, T, T, T)],
    ['a tie by head, carried by weight', 'Approved:3 Denied', r(F, F, F, F), r(T, T, T, F)],
    ['a tie by weight, carried by head', 'Approved Approved Denied:2', r(T, T, T, F), r(F, F, F, F)],
    ['exactly two thirds', 'Approved Approved Denied', r(T, T, T, F), r(T, T, T, F)],
    ['just under two thirds by weight', 'Approved:3 Approved:2 Denied:3', r(T, T, T, F), r(T, T, F, F)],
    ['abstentions do not count against the cast rules', 'Approved Abstained Abstained Abstained', r(T, F, T, T), r(T, F, T, T)],
    ['unanimity with an abstention', 'Approved:5 Approved Abstained:9', r(T, T, T, T), r(T, F, T, T)],
    ['Pending members count against a majority of members', 'Approved Approved Pending Pending Pending', r(T, F, T, T), r(T, F, T, T)],
    ['a majority of members carried by weight only', 'Approved:6 Pending Pending Pending Pending Pending', r(T, F, T, T), r(T, T, T, T)],
    ['Others count against', 'Approved Approved Others', r(T, T, T, F), r(T, T, T, F)],
    ['Others outweigh', 'Approved Approved Others:5', r(T, T, T, F), r(F, F, F, F)],
    ['one denial breaks unanimity', 'Approved:10 Approved:10 Denied', r(T, T, T, F), r(T, T, T, F)],
    ['rejected by everyone', 'Denied Denied:4', r(F, F, F, F), r(F, F, F, F)],
  ])('%s', (_name, spec, head, weight) => {
    const vs = voters(spec);
    for (const rule of OUTCOME_RULES) {
      expect([rule, 'head', carried(byHead(vs), rule)]).toEqual([rule, 'head', head[rule]]);
      expect([rule, 'weight', carried(byWeight(vs), rule)]).toEqual([rule, 'weight', weight[rule]]);
    }
  });
});

describe('outcomeOf', () => {
  it.each<[string, string, OutcomeRule, 'head' | 'weight', number, boolean, ReturnType<typeof outcomeOf>]>([
    // name, voters, rule, count by, quorum %, voting closed, outcome
    ['open: no outcome', 'Approved', 'simple_majority', 'head', 50, false, null],
    ['no votes at all: No quorum', 'Pending Pending', 'simple_majority', 'head', 50, true, 'No quorum'],
    ['no voters: quorum met, nothing carried', '', 'two_thirds', 'weight', 50, true, 'Rejected'],
    ['quorum by head missed', 'Approved:9 Pending Pending', 'simple_majority', 'head', 50, true, 'No quorum'],
    ['quorum by weight met by the same votes', 'Approved:9 Pending Pending', 'simple_majority', 'weight', 50, true, 'Passed'],
    ['quorum by weight missed', 'Approved Approved Pending:9', 'simple_majority', 'weight', 50, true, 'No quorum'],
    ['abstentions count toward quorum', 'Abstained Abstained Approved Pending', 'unanimity', 'head', 75, true, 'Passed'],
    ['a tie is rejected', 'Approved Denied', 'simple_majority', 'head', 50, true, 'Rejected'],
    ['two thirds by weight', 'Approved:2 Denied', 'two_thirds', 'weight', 50, true, 'Passed'],
    ['majority of members by weight', 'Approved:2 Pending:2 Denied', 'majority_of_members', 'weight', 50, true, 'Rejected'],
  ])('%s', (_name, spec, rule, by, q, closed, outcome) => {
    const vs = voters(spec);
    expect(outcomeOf(by === 'head' ? byHead(vs) : byWeight(vs), rule, q, closed)).toBe(outcome);
  });

  it('the default (simple majority by head) is the rule decisions had before', () => {
    const specs = ['', 'Pending', 'Approved', 'Approved Denied', 'Approved Approved Denied Abstained:3', 'Abstained Abstained', 'Approved Others', 'Approved Pending Pending', 'Denied Pending'];
    for (const spec of specs) {
      const vs = voters(spec);
      for (const q of [5, 50, 67, 100]) for (const closed of [true, false]) {
        expect([spec, q, closed, outcomeOf(byHead(vs), 'simple_majority', q, closed)]).toEqual([spec, q, closed, decisionOutcome(vs.map((v) => v.vote), q, closed)]);
      }
    }
  });
});

describe('totals', () => {
  it('counts, cast and quorum', () => {
    const t = byWeight(voters('Approved:3 Denied:2 Abstained:4 Pending:5 Others'));
    expect(t).toEqual({ Approved: 3, Denied: 2, Abstained: 4, Pending: 5, Others: 1 });
    expect(totalOf(t)).toBe(15);
    expect(castOf(t)).toBe(6);
    expect(quorumOfTotals(t, 67)).toEqual({ present: 10, total: 15, needed: 11, met: false });
  });
  it('unknown values are ignored', () => expect(totalOf(totalsOf([{ vote: 'Maybe', amount: 3 }]))).toBe(0));
  it.each([
    [{ count_by: 'head' as const, total_weight: 3, total_voters: 3 }, false],
    [{ count_by: 'weight' as const, total_weight: 3, total_voters: 3 }, true],
    [{ count_by: 'head' as const, total_weight: 5, total_voters: 3 }, true],
  ])('showsWeights %j', (d, out) => expect(showsWeights(d)).toBe(out));
});
