import { MM, type Attendance } from '@app/contracts';
import { attendanceWithProxies, canRevoke, giveRefusal, managesProxies, proxiesOpen, revokeRefusal, type GiveFacts, type ProxyLink } from './proxy';

const outcome = (r: ReturnType<typeof giveRefusal>): string => (r === null ? 'ok' : 'forbidden' in r ? 'forbidden' : `${r.field}: ${r.message}`);

describe('giving a proxy', () => {
  // members 1..5; member 1 is the actor unless said otherwise
  const base: GiveFacts = { statusId: 2, actor: { memberId: 1, manages: false }, fromMemberId: 1, toMemberId: 2, existing: [], perHolder: 1 };
  const rows: Array<[string, Partial<GiveFacts>, string]> = [
    ['my own, to another member', {}, 'ok'],
    ['in a draft', { statusId: 1 }, 'ok'],
    ['once the meeting is live', { statusId: 3 }, `proxy: ${MM.proxyStarted}`],
    ['cancelled', { statusId: 4 }, `proxy: ${MM.proxyStarted}`],
    ['archived', { statusId: 5 }, `proxy: ${MM.proxyStarted}`],
    ['to myself', { toMemberId: 1 }, `to_user_id: ${MM.proxySelf}`],
    ['to a non-member', { toMemberId: null }, `to_user_id: ${MM.proxyNotMember}`],
    ['from a non-member (a manager)', { fromMemberId: null, actor: { memberId: null, manages: true } }, `from_user_id: ${MM.proxyNotMember}`],
    ['from a non-member (not a manager)', { fromMemberId: null }, `from_user_id: ${MM.proxyNotMember}`],
    ["someone else's, not a manager", { fromMemberId: 3 }, 'forbidden'],
    ["someone else's, recorded by a manager", { fromMemberId: 3, actor: { memberId: 1, manages: true } }, 'ok'],
    ["a manager who is no member records one", { fromMemberId: 3, actor: { memberId: null, manages: true } }, 'ok'],
    ['a second one of mine', { existing: [{ fromMemberId: 1, toMemberId: 3 }] }, `from_user_id: ${MM.proxyGivenAlready}`],
    ['a holder passes theirs on (chain)', { existing: [{ fromMemberId: 3, toMemberId: 1 }] }, `from_user_id: ${MM.proxyNoChains}`],
    ['to a member who gave theirs (chain)', { existing: [{ fromMemberId: 2, toMemberId: 3 }] }, `to_user_id: ${MM.proxyHolderGave}`],
    ['to a holder who is full (1)', { existing: [{ fromMemberId: 3, toMemberId: 2 }] }, `to_user_id: ${MM.proxyHolderFull}`],
    ['to a holder with room (2)', { existing: [{ fromMemberId: 3, toMemberId: 2 }], perHolder: 2 }, 'ok'],
    ['to a holder who is full (2)', { existing: [{ fromMemberId: 3, toMemberId: 2 }, { fromMemberId: 4, toMemberId: 2 }], perHolder: 2 }, `to_user_id: ${MM.proxyHolderFull}`],
    ['others hold proxies elsewhere', { existing: [{ fromMemberId: 4, toMemberId: 5 }] }, 'ok'],
  ];
  it.each(rows)('%s', (_name, facts, expected) => expect(outcome(giveRefusal({ ...base, ...facts }))).toBe(expected));
});

describe('revoking a proxy', () => {
  const proxy: ProxyLink = { fromMemberId: 1, toMemberId: 2 };
  const rows: Array<[string, number, number | null, boolean, string]> = [
    ['the giver, scheduled', 2, 1, false, 'ok'],
    ['the giver, draft', 1, 1, false, 'ok'],
    ['the holder hands it back', 2, 2, false, 'ok'],
    ['another member', 2, 3, false, 'forbidden'],
    ['a manager', 2, null, true, 'ok'],
    ['the giver once live', 3, 1, false, `proxy: ${MM.proxyStarted}`],
    ['a manager once live', 3, null, true, `proxy: ${MM.proxyStarted}`],
    ['the giver, cancelled', 4, 1, false, `proxy: ${MM.proxyStarted}`],
    ['another member once live', 3, 3, false, 'forbidden'],
  ];
  it.each(rows)('%s (status %i)', (_name, statusId, memberId, manages, expected) => {
    const f = { statusId, actor: { memberId, manages }, proxy };
    expect(outcome(revokeRefusal(f))).toBe(expected);
    expect(canRevoke(f)).toBe(expected === 'ok');
  });
});

describe('who manages proxies, when they change', () => {
  it.each([
    ['owner', true],
    ['committee_admin', true],
    ['editor', false],
    ['participant', false],
    ['none', false],
  ] as const)('%s -> %s', (level, yes) => expect(managesProxies(level)).toBe(yes));
  it.each([
    [1, true],
    [2, true],
    [3, false],
    [4, false],
    [5, false],
  ])('status %i -> %s', (s, open) => expect(proxiesOpen(s)).toBe(open));
});

describe('present, with the represented', () => {
  const links: ProxyLink[] = [
    { fromMemberId: 1, toMemberId: 2 },
    { fromMemberId: 3, toMemberId: 4 },
    { fromMemberId: 5, toMemberId: 2 },
  ];
  const rows: Array<[string, Array<[number, Attendance]>, ProxyLink[], Attendance[]]> = [
    ['no proxies: as answered', [[1, 'Pending'], [2, 'Going']], [], ['Pending', 'Going']],
    ['represented by a member who is going', [[1, 'Not going'], [2, 'Going']], [links[0]], ['Going', 'Going']],
    ['represented by a member who is not going', [[1, 'Not going'], [2, 'Maybe']], [links[0]], ['Not going', 'Maybe']],
    ['going themself as well: counted once', [[1, 'Going'], [2, 'Going']], [links[0]], ['Going', 'Going']],
    ['two represented by one holder', [[1, 'Pending'], [2, 'Going'], [5, 'Delegate']], [links[0], links[2]], ['Going', 'Going', 'Going']],
    ['a holder who is not a member row here', [[3, 'Pending']], [links[1]], ['Pending']],
  ];
  it.each(rows)('%s', (_name, members, ls, expected) => {
    expect(attendanceWithProxies(members.map(([id, attendance]) => ({ id, attendance })), ls)).toEqual(expected);
  });
});
