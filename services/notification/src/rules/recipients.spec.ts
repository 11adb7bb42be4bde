import type { Recipient } from '@app/contracts';
import { afterPartStatus, currentRecipients, mergeRecipients, onlyAddresses, sameAddress, type KnownUser } from './recipients';

const r = (email: string, lang: Recipient['lang'] = 'en', name = email): Recipient => ({ email, name, lang });
const u = (email: string, lang: KnownUser['lang'], status = 'Active'): KnownUser => ({ email, lang, status });

describe('sameAddress', () => {
  it.each([
    ['a@x.org', 'a@x.org', true],
    [' A@X.org ', 'a@x.org', true],
    ['a@x.org', 'b@x.org', false],
    [null, 'a@x.org', false],
    [undefined, 'a@x.org', false],
    ['', 'a@x.org', false],
  ])('%s ~ %s: %s', (a, b, expected) => {
    expect(sameAddress(a, b)).toBe(expected);
  });
});

describe('mergeRecipients', () => {
  it.each([
    ['disjoint lists: all, in order', [r('a@x.org')], [r('b@x.org')], [r('a@x.org'), r('b@x.org')]],
    ['the same address: the later entry wins, in the first place', [r('a@x.org', 'en'), r('c@x.org')], [r('A@x.org', 'ar')], [r('A@x.org', 'ar'), r('c@x.org')]],
    ['empty lists', [], [], []],
  ] as const)('%s', (_name, a, b, expected) => {
    expect(mergeRecipients(a, b)).toEqual(expected);
  });
});

describe('onlyAddresses', () => {
  it.each([
    ['those listed, in the recipients\' order', [r('a@x.org'), r('b@x.org'), r('c@x.org')], ['c@x.org', 'a@x.org'], [r('a@x.org'), r('c@x.org')]],
    ['address case does not matter', [r('A@X.org')], ['a@x.org '], [r('A@X.org')]],
    ['nobody listed: nobody', [r('a@x.org')], [], []],
    ['a listed address that is no recipient adds nobody', [r('a@x.org')], ['z@x.org'], []],
  ] as const)('%s', (_name, recipients, emails, expected) => {
    expect(onlyAddresses(recipients, emails)).toEqual(expected);
  });
});

describe('currentRecipients', () => {
  it.each([
    ['nobody known: as given', [r('g@x.org')], [], [r('g@x.org')]],
    ['a known user gets their current language', [r('a@x.org', 'en')], [u('a@x.org', 'ru')], [r('a@x.org', 'ru')]],
    ['address case does not matter', [r('A@X.org', 'en')], [u('a@x.org', 'ar')], [r('A@X.org', 'ar')]],
    ['an inactive user is left out', [r('a@x.org'), r('b@x.org')], [u('a@x.org', 'en', 'Inactive')], [r('b@x.org')]],
    ['a deleted user is left out', [r('a@x.org')], [u('a@x.org', 'en', 'Deleted')], []],
    ['one entry per address (the last one given)', [r('a@x.org', 'en', 'first'), r('a@x.org', 'en', 'second')], [], [r('a@x.org', 'en', 'second')]],
    ['a known user who is not a recipient adds nothing', [r('a@x.org')], [u('z@x.org', 'ru')], [r('a@x.org')]],
  ] as const)('%s', (_name, recipients, known, expected) => {
    expect(currentRecipients(recipients, known)).toEqual(expected);
  });
});

describe('afterPartStatus: an action participant completes or reopens their part (the due reminder)', () => {
  const guest = { email: 'guest@x.org', name: 'Amal' };
  it.each([
    ['Complete drops them', [r('a@x.org'), r('guest@x.org', 'ar', 'Amal')], 'Complete', 'ar', [r('a@x.org')]],
    ['reopened while still listed: kept as stored, at the end', [r('guest@x.org', 'ar', 'Amal'), r('a@x.org')], 'In Progress', 'fr', [r('a@x.org'), r('guest@x.org', 'ar', 'Amal')]],
    ['a guest reopens after completing: back in their stored language, not English', [r('a@x.org')], 'In Progress', 'ar', [r('a@x.org'), r('guest@x.org', 'ar', 'Amal')]],
    ['Not Complete counts as reopened too', [], 'Not Complete', 'ru', [r('guest@x.org', 'ru', 'Amal')]],
    ['an event written before it carried a language: English', [], 'In Progress', undefined, [r('guest@x.org', 'en', 'Amal')]],
    ['the address in another case is the same person', [r('GUEST@x.org', 'ar', 'Amal')], 'Complete', 'ar', []],
  ] as const)('%s', (_name, before, status, lang, expected) => {
    expect(afterPartStatus(before, guest, status, lang)).toEqual(expected);
  });
});
