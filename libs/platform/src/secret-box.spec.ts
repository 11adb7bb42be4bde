import { SecretBox } from './secret-box';

const ROOT = 'a-test-root-secret-of-some-length';
const SEED = 'JBSWY3DPEHPK3PXP';

describe('SecretBox', () => {
  const box = new SecretBox(ROOT, 'totp');

  it('seals a value so that the stored form does not contain it, and opens it again', () => {
    const sealed = box.seal(SEED, 'org-1:42');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(SEED);
    expect(box.open(sealed, 'org-1:42')).toBe(SEED);
  });

  it('seals the same value differently each time (random IV)', () => {
    expect(box.seal(SEED, 'c')).not.toBe(box.seal(SEED, 'c'));
  });

  const sealed = box.seal(SEED, 'org-1:42');
  const [v, iv, tag, data] = sealed.split('.');
  const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
  it.each([
    ['another row (context)', sealed, 'org-1:43', new SecretBox(ROOT, 'totp')],
    ['another organization', sealed, 'org-2:42', new SecretBox(ROOT, 'totp')],
    ['another root secret', sealed, 'org-1:42', new SecretBox('another-root-secret-entirely', 'totp')],
    ['another purpose', sealed, 'org-1:42', new SecretBox(ROOT, 'reset')],
    ['a changed ciphertext', [v, iv, tag, flip(data)].join('.'), 'org-1:42', new SecretBox(ROOT, 'totp')],
    ['a changed tag', [v, iv, flip(tag), data].join('.'), 'org-1:42', new SecretBox(ROOT, 'totp')],
    ['a changed IV', [v, flip(iv), tag, data].join('.'), 'org-1:42', new SecretBox(ROOT, 'totp')],
    ['a truncated value', `${v}.${iv}`, 'org-1:42', new SecretBox(ROOT, 'totp')],
  ])('does not open under %s', (_case, stored, context, b) => {
    expect(b.open(stored, context)).toBeNull();
  });

  it('reads a value stored before sealing (no v1. prefix) as it is', () => {
    expect(SecretBox.isSealed(SEED)).toBe(false);
    expect(box.open(SEED, 'any')).toBe(SEED);
  });

  it('refuses a short root secret', () => {
    expect(() => new SecretBox('short', 'totp')).toThrow('at least 16 characters');
  });
});

/**
 * Rotation of AUTH_SECRET without downtime (issue 26, docs/operations.md#rotating-secrets): the current root secret
 * seals; the previous one (AUTH_SECRET_PREVIOUS) still opens what it sealed, and `reopen` hands back the value sealed
 * again under the current key (the callers write it back); once the previous one is dropped, what only it sealed no
 * longer opens.
 */
describe('SecretBox key ring (AUTH_SECRET, AUTH_SECRET_PREVIOUS)', () => {
  const OLD = 'auth-secret-before-the-rotation';
  const NEW = 'auth-secret-after-the-rotation!';
  const box = (current: string, previous?: string) => new SecretBox(current, 'totp', previous);

  it.each<[string, SecretBox, SecretBox, 'opens' | 'refused', 'resealed' | 'as-is' | null]>([
    ['before: the old secret seals and opens', box(OLD), box(OLD), 'opens', 'as-is'],
    ['during: the old secret\'s value opens, and comes back sealed under the new one', box(OLD), box(NEW, OLD), 'opens', 'resealed'],
    ['during: the new secret\'s value opens as it is', box(NEW, OLD), box(NEW, OLD), 'opens', 'as-is'],
    ['after: the old secret dropped, its value no longer opens', box(OLD), box(NEW), 'refused', null],
    ['after: the new secret\'s value opens', box(NEW), box(NEW), 'opens', 'as-is'],
    ['another deployment\'s secret never opens', box('another-deployment-secret'), box(NEW, OLD), 'refused', null],
  ])('%s', (_case, sealer, opener, outcome, reseal) => {
    const stored = sealer.seal(SEED, 'org-1:42');
    const r = opener.reopen(stored, 'org-1:42');
    if (outcome === 'refused') {
      expect(r).toBeNull();
      expect(opener.open(stored, 'org-1:42')).toBeNull();
      return;
    }
    expect(r?.plain).toBe(SEED);
    expect(opener.open(stored, 'org-1:42')).toBe(SEED);
    if (reseal === 'as-is') expect(r?.resealed).toBeNull();
    else {
      // the value sealed again opens with the new secret alone: the old one can then be dropped
      expect(r?.resealed).toMatch(/^v1\./);
      expect(box(NEW).open(r!.resealed!, 'org-1:42')).toBe(SEED);
      expect(box(OLD).open(r!.resealed!, 'org-1:42')).toBeNull();
    }
  });

  it('the previous secret opens only in its row (context), as the current one', () => {
    expect(box(NEW, OLD).open(box(OLD).seal(SEED, 'org-1:42'), 'org-1:43')).toBeNull();
  });

  it('isCurrent: only a value sealed under the current secret (plain or previous-only values are sealed again by their callers)', () => {
    const ring = box(NEW, OLD);
    expect(ring.isCurrent(box(NEW).seal(SEED, 'c'), 'c')).toBe(true);
    expect(ring.isCurrent(box(OLD).seal(SEED, 'c'), 'c')).toBe(false);
    expect(ring.isCurrent(SEED, 'c')).toBe(false);
    expect(ring.isCurrent(box('another-deployment-secret').seal(SEED, 'c'), 'c')).toBe(false);
  });

  it('a previous secret shorter than 16 characters is refused', () => {
    expect(() => box(NEW, 'short')).toThrow('previous root secret');
  });
});
