import { minutesLevel, minutesPermissions, type MinutesFacts } from './minutes-rights';

const base: MinutesFacts = {
  actor: { kind: 'user', userId: 10, isAdmin: false },
  ownerId: 1,
  committeeAdminIds: [2],
  member: null,
  statusId: 3,
  momModule: false,
  momSettings: true,
};
const as = (who: string, over: Partial<MinutesFacts> = {}): MinutesFacts => {
  const f: Record<string, Partial<MinutesFacts>> = {
    owner: { actor: { kind: 'user', userId: 1, isAdmin: false } },
    admin: { actor: { kind: 'user', userId: 2, isAdmin: false } },
    orgAdmin: { actor: { kind: 'user', userId: 99, isAdmin: true } },
    editor: { member: { canEdit: true } },
    participant: { member: { canEdit: false } },
    guest: { actor: { kind: 'guest', userId: null, isAdmin: false }, member: { canEdit: false } },
    none: {},
  };
  return { ...base, ...f[who], ...over };
};

describe('minutesLevel: the meeting level without the status lock', () => {
  it.each([
    ['owner', 'owner'],
    ['admin', 'committee_admin'],
    ['orgAdmin', 'committee_admin'],
    ['editor', 'editor'],
    ['participant', 'participant'],
    ['guest', 'participant'],
    ['none', 'none'],
  ])('%s -> %s', (who, level) => expect(minutesLevel(as(who))).toBe(level));

  it('is the same in the archived status (5), unlike the meeting level', () => expect(minutesLevel(as('owner', { statusId: 5 }))).toBe('owner'));
});

describe('minutesPermissions (the minutes table)', () => {
  // who, manage, edit, comment, done, download (setting on)
  it.each([
    ['owner', true, true, false, true, true],
    ['admin', true, true, true, false, true],
    ['orgAdmin', true, true, true, false, true],
    ['editor', true, false, true, false, true],
    ['participant', false, false, true, false, false],
    ['guest', false, false, true, false, false],
    ['none', false, false, false, false, false],
  ])('%s in a live meeting', (who, manage, edit, comment, done, download) => {
    const p = minutesPermissions(as(who));
    expect({ manage: p.manage, edit: p.edit, comment: p.comment, done: p.done, download: p.download }).toEqual({ manage, edit, comment, done, download });
    expect(p.history).toBe(manage);
    expect(p.canCommit).toBe(edit || comment);
  });

  it.each([1, 2, 4])('nothing is offered in status %i', (statusId) => {
    for (const who of ['owner', 'admin', 'editor', 'participant']) {
      const p = minutesPermissions(as(who, { statusId }));
      expect([p.available, p.manage, p.edit, p.comment, p.done, p.download, p.upload, p.seeCard]).toEqual([false, false, false, false, false, false, false, false]);
    }
  });

  it.each(['owner', 'admin', 'editor'])('%s manages the minutes of an archived meeting (5)', (who) => expect(minutesPermissions(as(who, { statusId: 5 })).manage).toBe(true));

  it('download needs the meeting setting on', () => {
    expect(minutesPermissions(as('admin', { momSettings: false })).download).toBe(false);
    expect(minutesPermissions(as('editor', { momSettings: false })).download).toBe(false);
  });

  it.each([
    // who, module on, card shown
    ['participant', false, true],
    ['participant', true, true],
    ['owner', true, true],
    ['none', false, false],
    ['none', true, false],
  ] as const)('the card for %s (module %s) is shown: %s', (who, momModule, seeCard) => expect(minutesPermissions(as(who, { momModule })).seeCard).toBe(seeCard));
});
