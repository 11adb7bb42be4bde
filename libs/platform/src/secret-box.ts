import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { keyRing } from './config';

/**
 * Secrets kept at rest encrypted (a user's TOTP seed, SSO client secrets, organization signing keys, video-room
 * secrets): AES-256-GCM under a key derived from AUTH_SECRET with HKDF, one key per purpose. The additional data
 * binds a sealed value to its row (organization and user), so a value copied to another user's row does not open.
 *
 * Sealed form: `v1.<iv>.<tag>.<ciphertext>` (base64url parts). A value without the `v1.` prefix is read as
 * plain text: rows written before encryption keep working and are sealed the next time they are written.
 *
 * A key ring (docs/operations.md#rotating-secrets): `seal` uses the current AUTH_SECRET; during a rotation `open`
 * also accepts what the previous one (AUTH_SECRET_PREVIOUS) sealed, and `reopen` says when a value should be sealed
 * again under the current key (the callers write it back). Without the previous key its values no longer open.
 */
export class SecretBox {
  /** the current key first, then the previous one */
  private readonly keys: Buffer[];

  constructor(rootSecret: string, purpose: string, previousRootSecret?: string) {
    if (rootSecret.length < 16) throw new Error('SecretBox needs a root secret of at least 16 characters');
    if (previousRootSecret !== undefined && previousRootSecret.length < 16) throw new Error('SecretBox needs a previous root secret of at least 16 characters');
    this.keys = keyRing(rootSecret, previousRootSecret).map((k) => Buffer.from(hkdfSync('sha256', k, 'boardroom/secret-box', purpose, 32)));
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys[0], iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
  }

  /** The plain value, or null when it was sealed under another key or context, or was tampered with. */
  open(stored: string, context: string): string | null {
    return this.reopen(stored, context)?.plain ?? null;
  }

  /**
   * The plain value and, when only the previous key opened it, the same value sealed under the current key
   * (`resealed`: write it back, and the previous key can be dropped without losing it); null as `open`.
   */
  reopen(stored: string, context: string): { plain: string; resealed: string | null } | null {
    if (!SecretBox.isSealed(stored)) return { plain: stored, resealed: null };
    const [, iv, tag, data] = stored.split('.');
    if (iv === undefined || tag === undefined || data === undefined) return null;
    for (const [i, key] of this.keys.entries()) {
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        const plain = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
        return { plain, resealed: i === 0 ? null : this.seal(plain, context) };
      } catch {
        // authentication failed under this key (tampered, another row's, another key's): try the next key of the ring
      }
    }
    // no key of the ring opens it: the caller treats it as no secret
    return null;
  }

  /** whether `stored` is sealed under the current key (false: plain, or only the previous key opens it: seal it again) */
  isCurrent(stored: string, context: string): boolean {
    const r = this.reopen(stored, context);
    return SecretBox.isSealed(stored) && r !== null && r.resealed === null;
  }

  static isSealed(stored: string): boolean {
    return stored.startsWith('v1.');
  }
}
