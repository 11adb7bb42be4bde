import { Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import { roomSecrets } from '../db/schema';
import type { Scope } from '../db/db';

/** The organization's sealed video-room secret (one row per organization). */
@Injectable()
export class RoomSecretsRepository {
  async sealed(s: Scope): Promise<string | null> {
    const [row] = await s.tx.select({ sealed: roomSecrets.secretSealed }).from(roomSecrets).where(eq(roomSecrets.orgId, s.orgId));
    return row?.sealed ?? null;
  }

  /** replace the stored value by the same secret sealed under the current key, unless another process did first */
  async reseal(s: Scope, from: string, to: string): Promise<void> {
    await s.tx.update(roomSecrets).set({ secretSealed: to }).where(and(eq(roomSecrets.orgId, s.orgId), eq(roomSecrets.secretSealed, from)));
  }

  /** keep the first one written (two first joins at once agree on one secret) and answer the stored one */
  async putFirst(s: Scope, sealed: string): Promise<string> {
    await s.tx.insert(roomSecrets).values({ orgId: s.orgId, secretSealed: sealed }).onConflictDoNothing();
    return (await this.sealed(s))!;
  }
}
