import { canChangeVoterRow, decisionRights, type DecisionRightsFacts } from './decision-rights';

const now = new Date('2030-01-01T10:00:00Z');
const future = new Date('2030-01-02T10:00:00Z');
const past = new Date('2029-12-31T10:00:00Z');
const editor = { userCanEdit: true, editButtons: true, comment: true, addAttachments: true };
const viewer = { userCanEdit: false, editButtons: false, comment: true, addAttachments: false };
const base: DecisionRightsFacts = {
  votingOpen: true, deadline: future, now, isFulfilled: false, decisionable: true, perms: editor, resolution: null, meetingStatusId: 3, isMember: true, isVoter: false, isOrgAdmin: false, votes: ['Approved'],
};
const T = true;
const F = false;

describe('decision rights', () => {
  // name, facts -> edit, end, resume, changeVisibility, comment, addAttachments, vote, voteForOthers
  const rows: Array<[string, Partial<DecisionRightsFacts>, boolean[]]> = [
    ['meeting editor, live, votes cast', {}, [T, T, F, T, T, T, F, F]],
    ['meeting editor, ended decision', { isFulfilled: true, votingOpen: false }, [T, F, T, T, T, T, F, F]],
    ['meeting editor, deadline passed', { deadline: past, votingOpen: false }, [T, T, F, T, T, F, F, F]],
    ['meeting editor, voting not allowed (decisionable = 0): nothing to end', { decisionable: false, votingOpen: false }, [T, F, F, T, T, T, F, F]],
    ['meeting editor, scheduled meeting', { meetingStatusId: 2 }, [T, T, F, F, T, T, F, F]],
    ['meeting editor, only pending votes', { votes: ['Pending'] }, [T, T, F, F, T, T, F, F]],
    ['meeting viewer who votes', { perms: viewer, isVoter: true }, [F, F, F, T, T, F, T, F]],
    ['meeting viewer, not a member', { perms: viewer, isVoter: true, isMember: false }, [F, F, F, F, T, F, F, F]],
    ['organization admin, voting open', { perms: viewer, isOrgAdmin: true }, [F, F, F, T, T, F, F, T]],
    ['organization admin, voting closed', { perms: viewer, isOrgAdmin: true, votingOpen: false }, [F, F, F, T, T, F, F, F]],
    ['resolution manager', { perms: null, meetingStatusId: null, resolution: { view: T, manage: T, comment: T } }, [T, T, F, F, T, T, F, F]],
    ['resolution voter', { perms: null, meetingStatusId: null, isVoter: true, resolution: { view: T, manage: F, comment: T } }, [F, F, F, F, T, F, T, F]],
    ['resolution viewer', { perms: null, meetingStatusId: null, resolution: { view: T, manage: F, comment: F } }, [F, F, F, F, F, F, F, F]],
    ['resolution manager, past deadline', { perms: null, meetingStatusId: null, deadline: past, votingOpen: false, resolution: { view: T, manage: T, comment: T } }, [T, T, F, F, T, F, F, F]],
  ];
  it.each(rows)('%s', (_n, f, want) => {
    const r = decisionRights({ ...base, ...f });
    expect([r.edit, r.end, r.resume, r.changeVisibility, r.comment, r.addAttachments, r.vote, r.voteForOthers]).toEqual(want);
    expect(r.delete).toBe(r.edit);
  });
});

describe('may change a voter row', () => {
  it.each([
    [true, true, true, false, true],
    [true, true, false, false, false],
    [true, false, true, false, false],
    [true, false, false, true, true],
    [false, true, true, true, false],
  ])('open=%s own=%s member=%s admin=%s -> %s', (votingOpen, ownRow, isMember, isOrgAdmin, ok) =>
    expect(canChangeVoterRow({ votingOpen, ownRow, isMember, isOrgAdmin })).toBe(ok));
});
