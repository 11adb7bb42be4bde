import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { DEVELOPMENT_SECRETS, keyRing } from './config';

/** The key of development and tests when OUTBOX_KEY is not set (production refuses to start without one: config.ts). */
const DEV_KEY = DEVELOPMENT_SECRETS.OUTBOX_KEY;

/** What an envelope needs to be sealed: an id (bound as associated data) and a payload. */
interface Sealable {
  id: string;
  payload: unknown;
}
export type Sealed<E extends Sealable> = Omit<E, 'payload'> & { sealed: string };

/**
 * Payloads at rest are ciphertext (docs/decisions.md "Secrets at rest"): event payloads and job data carry guest
 * and invitation links with their tokens, and they rest in the outbox table, the JetStream streams and Redis.
 * One AES-256-GCM key (OUTBOX_KEY, the same in every service) seals them; metadata (ids, subjects, the
 * organization) stays in clear so that routing, deduplication and the tenant's view of its jobs still work.
 * The associated data binds a sealed value to where it belongs (an event id, a queue and job name).
 *
 * A key ring (docs/operations.md#rotating-secrets): the current key seals; during a rotation the previous key
 * (OUTBOX_KEY_PREVIOUS) still opens what it sealed, and only that. Without it, a value only the previous key sealed
 * is refused, as under any other key.
 */
export class PayloadSeal {
  /** the current key first, then the previous one (when there is one) */
  private readonly keys: Buffer[];
  /**
   * Names the current key without revealing it (a hash of the derived key): the outbox stores it beside a row's seal so
   * that the relay knows, without opening the payload, whether the stream may take the row's seal as it is.
   */
  readonly keyId: string;
  constructor(secret: string, previous?: string) {
    this.keys = keyRing(secret, previous).map((k) => createHash('sha256').update(`boardroom-outbox:${k}`).digest());
    this.keyId = createHash('sha256').update('boardroom-outbox-key-id:').update(this.keys[0]).digest('base64url').slice(0, 16);
  }

  static fromKey(key: string | undefined, production: boolean | undefined, previous?: string): PayloadSeal {
    if ((!key || key === DEV_KEY) && production) throw new Error('OUTBOX_KEY is required in production, not its development default (event payloads and job data are sealed with it)');
    if (previous === DEV_KEY && production) throw new Error('OUTBOX_KEY_PREVIOUS may not be the development default in production');
    return new PayloadSeal(key ?? DEV_KEY, previous);
  }

  sealValue(value: unknown, aad: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys[0], iv);
    cipher.setAAD(Buffer.from(aad));
    const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return `v1.${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${body.toString('base64url')}`;
  }

  /** the value, opened with the current key or else the previous one; throws when neither opens it */
  openValue(sealed: string, aad: string): unknown {
    return this.openWithKey(sealed, aad).value;
  }

  /** the value and whether the current key opened it (false: only the previous key did: seal it again) */
  openWithKey(sealed: string, aad: string): { value: unknown; current: boolean } {
    const [v, iv, tag, body] = sealed.split('.');
    if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('unknown seal');
    let failure: unknown;
    for (const [i, key] of this.keys.entries()) {
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(aad));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        const value = JSON.parse(Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8'));
        return { value, current: i === 0 };
      } catch (e) {
        // not this key (or tampered): the next key of the ring, and the last failure when none opens it
        failure = e;
      }
    }
    throw failure instanceof Error ? failure : new Error('cannot be opened');
  }

  /** An envelope with its payload sealed under its id. */
  seal<E extends Sealable>(envelope: E): Sealed<E> {
    const { payload, ...meta } = envelope;
    return { ...meta, sealed: this.sealValue(payload, envelope.id) };
  }

  /** A sealed envelope -> the envelope; an unsealed one (written before sealing existed) as it is. */
  open<E extends Sealable>(row: Sealed<E> | E): E {
    if (!('sealed' in row) || typeof row.sealed !== 'string') return row as E;
    const { sealed, ...meta } = row;
    try {
      return { ...meta, payload: this.openValue(sealed, row.id) } as unknown as E;
    } catch (e) {
      throw new Error(`sealed payload ${row.id}: ${(e as Error).message}`);
    }
  }
}
