import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, SecretBox } from '@app/platform';
import type { MeetingConfig } from '../config';
import { MeetingDb } from '../db/db';
import { RoomSecretsRepository } from '../repositories/room-secrets.repository';

/**
 * Each organization's video-room secret (docs/meeting.md "Online meetings"): 32 random bytes made at the
 * organization's first online join, stored sealed (SecretBox under AUTH_SECRET, purpose 'meeting-room-secret', bound
 * to the organization: a sealed value copied to another organization's row does not open). Room keys and links are
 * an HMAC under it, so knowing an organization's id and a meeting's number is not enough to make one.
 */
@Injectable()
export class RoomSecrets {
  private readonly box: SecretBox;
  constructor(
    private readonly db: MeetingDb,
    private readonly repo: RoomSecretsRepository,
    @Inject(CONFIG) config: MeetingConfig,
  ) {
    this.box = new SecretBox(config.AUTH_SECRET, 'meeting-room-secret', config.AUTH_SECRET_PREVIOUS);
  }

  /** the organization's secret (made now when it has none) */
  async of(orgId: string): Promise<Buffer> {
    const stored = await this.db.tenant(orgId, async (s) => (await this.repo.sealed(s)) ?? (await this.repo.putFirst(s, this.box.seal(randomBytes(32).toString('base64url'), orgId))));
    // a value that is not sealed (written by hand) or does not open (AUTH_SECRET changed) is never used
    const opened = stored.startsWith('v1.') ? this.box.reopen(stored, orgId) : null;
    if (!opened) throw new Error('the organization video-room secret cannot be opened (AUTH_SECRET changed?)');
    // opened by AUTH_SECRET_PREVIOUS only (a rotation): kept from now on sealed under the current key
    if (opened.resealed) await this.db.tenant(orgId, (s) => this.repo.reseal(s, stored, opened.resealed!));
    return Buffer.from(opened.plain, 'base64url');
  }
}
