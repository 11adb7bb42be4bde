import { emailKey, normalizeEmail, personKey, sameEmail } from './person';

describe('personKey', () => {
  it.each([
    [{ userId: 7, userEmail: null }, 'u:7'],
    [{ userId: 7, userEmail: 'Someone@X.test' }, 'u:7'],
    [{ userId: null, userEmail: 'Guest@Example.COM' }, 'e:guest@example.com'],
    [{ userId: null, userEmail: '  guest@example.com ' }, 'e:guest@example.com'],
    [{ userId: null, userEmail: null }, 'e:'],
  ])('%p -> %s', (p, key) => expect(personKey(p)).toBe(key));

  it('emailKey is the key of a guest', () => expect(emailKey('A@B.test')).toBe(personKey({ userId: null, userEmail: 'a@b.test' })));
});

describe('e-mail normalization', () => {
  it.each([
    ['A@B.test', 'a@b.test'],
    [' a@b.test ', 'a@b.test'],
    ['a@b.test', 'a@b.test'],
  ])('%p -> %p', (e, n) => expect(normalizeEmail(e)).toBe(n));

  it.each([
    ['A@B.test', 'a@b.test', true],
    ['a@b.test', 'c@b.test', false],
    [null, 'a@b.test', false],
    ['a@b.test', undefined, false],
  ])('same(%p, %p) -> %s', (a, b, same) => expect(sameEmail(a, b)).toBe(same));
});
