import { EM, type StoredElection } from '@app/contracts';
import { candidatesRefusal, electionAfterEdit, electionVote, storedElection } from './election';

const e = (seats: number, ...names: Array<string | number>): StoredElection => ({
  seats, candidates: names.map((n, i) => (typeof n === 'number' ? { id: i + 1, user_id: n, name: `User ${n}` } : { id: i + 1, user_id: null, name: n })),
});

describe('candidatesRefusal', () => {
  const committee = { admin_ids: [1], member_ids: [2, 3] };
  it.each<[string, Parameters<typeof candidatesRefusal>[0], ReturnType<typeof candidatesRefusal>]>([
    ['not an election', undefined, null],
    ['members, an admin and a free name', { seats: 1, candidates: [{ user_id: 1 }, { user_id: 3 }, { name: 'Ann' }] }, null],
    ['a user outside the committee', { seats: 1, candidates: [{ user_id: 9 }] }, { 'election.candidates': EM.candidateNotMember }],
  ])('%s', (_n, body, want) => expect(candidatesRefusal(body, committee)).toEqual(want));
});

describe('storedElection numbers the candidates and names members', () => {
  it('keeps the order given', () => {
    expect(storedElection({ seats: 1, candidates: [{ name: 'Ann' }, { user_id: 4 }, { user_id: 5 }] }, (id) => (id === 4 ? 'Omar' : null))).toEqual({
      seats: 1, candidates: [{ id: 1, user_id: null, name: 'Ann' }, { id: 2, user_id: 4, name: 'Omar' }, { id: 3, user_id: 5, name: '#5' }],
    });
  });
});

describe('electionAfterEdit', () => {
  const cur = e(1, 'Ann', 4);
  it.each<[string, Parameters<typeof electionAfterEdit>[0], ReturnType<typeof electionAfterEdit>]>([
    ['left out: kept', { current: cur, wanted: undefined, anyVote: true }, { ok: true, election: cur }],
    ['changed before a vote', { current: cur, wanted: e(2, 'Ann', 4), anyVote: false }, { ok: true, election: e(2, 'Ann', 4) }],
    ['removed before a vote', { current: cur, wanted: null, anyVote: false }, { ok: true, election: null }],
    ['made an election before a vote', { current: null, wanted: cur, anyVote: false }, { ok: true, election: cur }],
    ['seats changed after a vote', { current: cur, wanted: e(2, 'Ann', 4), anyVote: true }, { ok: false, errors: { election: EM.electionLocked } }],
    ['removed after a vote', { current: cur, wanted: null, anyVote: true }, { ok: false, errors: { election: EM.electionLocked } }],
    ['made an election after a vote', { current: null, wanted: cur, anyVote: true }, { ok: false, errors: { election: EM.electionLocked } }],
    ['the same again after a vote (a member renamed since)', { current: cur, wanted: { ...cur, candidates: cur.candidates.map((c) => ({ ...c, name: c.user_id ? 'New name' : c.name })) }, anyVote: true }, { ok: true, election: cur }],
  ])('%s', (_n, f, want) => expect(electionAfterEdit(f)).toEqual(want));
});

describe('electionVote', () => {
  const cur = e(2, 'Ann', 'Bob', 'Cy');
  it.each<[string, StoredElection | null, number[] | undefined, ReturnType<typeof electionVote>]>([
    ['an ordinary vote', null, undefined, { ok: true, choices: null }],
    ['choices on an ordinary decision', null, [1], { ok: false, errors: { choices: EM.notElection } }],
    ['an election without choices', cur, undefined, { ok: false, errors: { choices: EM.choicesNeeded } }],
    ['a blank ballot', cur, [], { ok: true, choices: [] }],
    ['two, sorted', cur, [3, 1], { ok: true, choices: [1, 3] }],
    ['over-voting', cur, [1, 2, 3], { ok: false, errors: { choices: EM.choicesTooMany }, params: { seats: 2 } }],
    ['an unknown candidate', cur, [4], { ok: false, errors: { choices: EM.choicesUnknown }, params: { seats: 2 } }],
  ])('%s', (_n, el, choices, want) => expect(electionVote(el, choices)).toEqual(want));
});
