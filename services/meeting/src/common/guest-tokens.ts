import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, keyRing } from '@app/platform';
import type { MeetingConfig } from '../config';
import type { MemberRow } from '../db/schema';
import { sha256 } from './actor';

/** what a guest's member row keeps of a link issued to them: never the token, only its hash and when it was made */
export interface IssuedGuestToken {
  token: string;
  tokenHash: string;
  tokenIssuedAt: Date;
}

/**
 * Guests' link tokens (docs/meeting.md#guests). A token is an HMAC under a key derived from AUTH_SECRET over the
 * organization, the member row and the moment it was issued: 256 bits nobody can make without the key. The row keeps
 * only the token's SHA-256 (the guest page finds the row by it) and the moment, so a database reader learns no link,
 * while the service can make the same link again when a later e-mail must carry it (a deadline reminder to a guest:
 * ListPendingVoters). During a rotation (AUTH_SECRET_PREVIOUS) a link made under either key is recovered; a link that
 * no key of the ring makes again (issued before this scheme, or before a finished rotation) still opens the page, and
 * the e-mail then points to the invitation instead.
 */
@Injectable()
export class GuestTokens {
  private readonly keys: Buffer[];

  constructor(@Inject(CONFIG) config: Pick<MeetingConfig, 'AUTH_SECRET' | 'AUTH_SECRET_PREVIOUS'>) {
    this.keys = keyRing(config.AUTH_SECRET, config.AUTH_SECRET_PREVIOUS).map((k) => Buffer.from(hkdfSync('sha256', k, 'boardroom/guest-link', 'meeting-guest-token', 32)));
  }

  /** a new token for a guest's member row (write `tokenHash` and `tokenIssuedAt` to the row; send `token`) */
  issue(member: Pick<MemberRow, 'orgId' | 'id'>, now = new Date()): IssuedGuestToken {
    const token = this.make(this.keys[0], member.orgId, member.id, now);
    return { token, tokenHash: sha256(token), tokenIssuedAt: now };
  }

  /** the token the row's hash stands for, made again; null when no key of the ring makes it (or the row has none) */
  recover(member: Pick<MemberRow, 'orgId' | 'id' | 'tokenHash' | 'tokenIssuedAt'>): string | null {
    if (!member.tokenHash || !member.tokenIssuedAt) return null;
    const want = Buffer.from(member.tokenHash, 'utf8');
    for (const key of this.keys) {
      const token = this.make(key, member.orgId, member.id, member.tokenIssuedAt);
      const got = Buffer.from(sha256(token), 'utf8');
      if (got.length === want.length && timingSafeEqual(got, want)) return token;
    }
    return null;
  }

  private make(key: Buffer, orgId: string, memberId: number, issuedAt: Date): string {
    return createHmac('sha256', key).update(`guest-link:${orgId}:${memberId}:${issuedAt.toISOString()}`).digest('base64url');
  }
}
