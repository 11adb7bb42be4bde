import { choicesRefusal, countElectionBallots, electionChoiceText, electionChoices, electionResult, zElectionBody, zElectionChoice, EM } from './election';
import type { CountBy } from './outcome';

/** tallies as `id:votes:weight` (weight = votes when left out) */
const tallies = (spec: string) =>
  spec.split(' ').filter(Boolean).map((x) => {
    const [id, v, w] = x.split(':').map(Number);
    return { id, votes: v, weight: w ?? v };
  });
const ids = (s: Set<number>) => [...s].sort((a, b) => a - b).join(',');

describe('electionResult: who is elected, ties at the last seat', () => {
  it.each<[name: string, seats: number, tallies: string, countBy: CountBy, elected: string, tied: string, tiedSeats: number]>([
    ['one seat, a clear winner', 1, '1:3 2:1 3:0', 'head', '1', '', 0],
    ['two seats, clear', 2, '1:3 2:2 3:1', 'head', '1,2', '', 0],
    ['a tie for the only seat', 1, '1:2 2:2 3:1', 'head', '', '1,2', 1],
    ['a tie at the last of two seats', 2, '1:4 2:2 3:2', 'head', '1', '2,3', 1],
    ['a tie that fits the seats is no tie', 2, '1:2 2:2 3:1', 'head', '1,2', '', 0],
    ['three tied for two seats', 2, '1:1 2:1 3:1', 'head', '', '1,2,3', 2],
    ['fewer candidates with votes than seats', 3, '1:2 2:1 3:0 4:0', 'head', '1,2', '', 0],
    ['nobody voted: nobody elected, no tie', 2, '1:0 2:0 3:0', 'head', '', '', 0],
    ['blank ballots only', 1, '1:0 2:0', 'weight', '', '', 0],
    ['by weight a different winner', 1, '1:3:3 2:2:10', 'weight', '2', '', 0],
    ['by head the same tallies', 1, '1:3:3 2:2:10', 'head', '1', '', 0],
    ['a tie by weight, not by head', 1, '1:1:5 2:2:5', 'weight', '', '1,2', 1],
    ['every seat filled, all candidates elected', 3, '1:1 2:1 3:1', 'head', '1,2,3', '', 0],
  ])('%s', (_name, seats, spec, countBy, elected, tied, tiedSeats) => {
    const r = electionResult(seats, tallies(spec), countBy);
    expect([ids(r.elected), ids(r.tied), r.tiedSeats]).toEqual([elected, tied, tiedSeats]);
  });
});

describe('choicesRefusal', () => {
  const e = { seats: 2, candidates: [{ id: 1, user_id: 7, name: 'A' }, { id: 2, user_id: null, name: 'B' }, { id: 3, user_id: null, name: 'C' }] };
  it.each<[string, number[], string | null]>([
    ['none: a blank ballot', [], null],
    ['one', [3], null],
    ['as many as the seats', [1, 3], null],
    ['more than the seats', [1, 2, 3], EM.choicesTooMany],
    ['the same twice', [2, 2], EM.choicesTwice],
    ['an unknown candidate', [4], EM.choicesUnknown],
  ])('%s', (_n, choices, want) => expect(choicesRefusal(e, choices)).toBe(want));
});

describe('the election body is strict', () => {
  const issues = (v: unknown) => {
    const r = zElectionBody.safeParse(v);
    return r.success ? 'ok' : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).sort().join(' | ');
  };
  it.each<[string, unknown, string]>([
    ['a member and a free name', { seats: 1, candidates: [{ user_id: 4 }, { name: ' Sara Ali ' }] }, 'ok'],
    ['seats above the candidates', { seats: 3, candidates: [{ user_id: 4 }, { name: 'X' }] }, `seats: ${EM.seatsRange}`],
    ['seats 0', { seats: 0, candidates: [{ name: 'X' }] }, `seats: ${EM.seatsRange}`],
    ['seats as a string', { seats: '1', candidates: [{ name: 'X' }] }, 'seats: This field must be a number.'],
    ['seats not whole', { seats: 1.5, candidates: [{ name: 'X' }, { name: 'Y' }] }, 'seats: This field must be an integer.'],
    ['no candidates', { seats: 1, candidates: [] }, 'candidates: This field is required.'],
    ['a member twice', { seats: 1, candidates: [{ user_id: 4 }, { user_id: 4 }] }, `candidates: ${EM.candidateTwice}`],
    ['a name twice, other case', { seats: 1, candidates: [{ name: 'Ann' }, { name: 'ANN' }] }, `candidates: ${EM.candidateTwice}`],
    ['both at once', { seats: 1, candidates: [{ user_id: 4, name: 'X' }] }, `candidates.0: ${EM.candidateOne}`],
    ['neither', { seats: 1, candidates: [{}] }, `candidates.0: ${EM.candidateOne}`],
    ['an id that is true', { seats: 1, candidates: [{ user_id: true }] }, 'candidates.0.user_id: This field is invalid.'],
    ['a name too long', { seats: 1, candidates: [{ name: 'x'.repeat(121) }] }, 'candidates.0.name: This field may not be greater than 120 characters.'],
    ['candidates not a list', { seats: 1, candidates: 'Ann' }, 'candidates: This field is invalid.'],
    ['a candidate that is null', { seats: 1, candidates: [null, { name: 'Ann' }] }, 'candidates.0: This field is required.'],
    ['an unknown field', { seats: 1, candidates: [{ name: 'X' }], extra: 1 }, ': This field is not allowed.'],
  ])('%s', (_n, body, want) => expect(issues(body)).toBe(want));
});

describe('the choice text of a secret election ballot', () => {
  it('sorts the numbers, writes none as "-", and reads back', () => {
    expect(electionChoiceText([3, 1])).toBe('1,3');
    expect(electionChoiceText([])).toBe('-');
    expect(electionChoices('1,3')).toEqual([1, 3]);
    expect(electionChoices('-')).toEqual([]);
    for (const ok of ['-', '1', '1,3', '12,100']) expect(zElectionChoice.safeParse(ok).success).toBe(true);
    for (const bad of ['', '0', '1,', ',1', 'Approved', '1;2']) expect(zElectionChoice.safeParse(bad).success).toBe(false);
  });
  it('recounts a list per candidate', () => {
    const m = countElectionBallots([{ choice: '1,3' }, { choice: '-' }, { choice: '3' }]);
    expect([...m].sort()).toEqual([[1, 1], [3, 2]]);
  });
});
