import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets kept at rest encrypted (a user's TOTP seed, SSO client secrets, organization signing keys): AES-256-GCM under a key derived from AUTH_SECRET
 * with HKDF, one key per purpose. The additional data binds a sealed value to its row (organization and
 * user), so a value copied to another user's row does not open.
 *
 * Sealed form: `v1.<iv>.<tag>.<ciphertext>` (base64url parts). A value without the `v1.` prefix is read as
 * plain text: rows written before encryption keep working and are sealed the next time they are written.
 * Rotating AUTH_SECRET makes sealed values unreadable: those users enrol in two-factor again
 * (docs/decisions.md).
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(rootSecret: string, purpose: string) {
    if (rootSecret.length < 16) throw new Error('SecretBox needs a root secret of at least 16 characters');
    this.key = Buffer.from(hkdfSync('sha256', rootSecret, 'boardroom/secret-box', purpose, 32));
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
  }

  /** The plain value, or null when it was sealed under another key or context, or was tampered with. */
  open(stored: string, context: string): string | null {
    if (!SecretBox.isSealed(stored)) return stored;
    const [, iv, tag, data] = stored.split('.');
    if (iv === undefined || tag === undefined || data === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      // authentication failed (tampered, another row's, another key's): the caller treats it as no secret
      return null;
    }
  }

  static isSealed(stored: string): boolean {
    return stored.startsWith('v1.');
  }
}
