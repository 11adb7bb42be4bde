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
