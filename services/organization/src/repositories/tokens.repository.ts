import { Injectable } from '@nestjs/common';
import { and, eq, isNull } from 'drizzle-orm';
import { userTokens } from '../db/schema';
import type { Scope } from '../common/org-db';
import { hashToken, newToken } from '../common/secrets';
import type { TokenPurpose } from '../rules/tokens';

export type TokenRow = typeof userTokens.$inferSelect;

/** Tokens are stored hashed; the plain token is returned once, to be e-mailed or handed to the client. */
@Injectable()
export class TokensRepository {
  async issue(s: Scope, userId: number, purpose: TokenPurpose, lifetimeMs: number, opts: { revokeOthers?: boolean } = {}): Promise<{ token: string; expiresAt: Date }> {
    if (opts.revokeOthers) await this.revokeAll(s, userId, purpose);
    const token = newToken();
    const expiresAt = new Date(Date.now() + lifetimeMs);
    await s.tx.insert(userTokens).values({ orgId: s.orgId, userId, purpose, tokenHash: hashToken(token), expiresAt });
    return { token, expiresAt };
  }

  async find(s: Scope, purpose: TokenPurpose, token: string): Promise<TokenRow | null> {
    const [row] = await s.tx
      .select()
      .from(userTokens)
      .where(and(eq(userTokens.orgId, s.orgId), eq(userTokens.purpose, purpose), eq(userTokens.tokenHash, hashToken(token))))
      .limit(1)
      .for('update');
    return row ?? null;
  }

  async markUsed(s: Scope, id: number): Promise<void> {
    await s.tx.update(userTokens).set({ usedAt: new Date() }).where(and(eq(userTokens.orgId, s.orgId), eq(userTokens.id, id)));
  }

  /** Unused tokens of a purpose stop working (a newer reset link replaces the older ones). */
  async revokeAll(s: Scope, userId: number, purpose: TokenPurpose): Promise<void> {
    await s.tx
      .update(userTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(userTokens.orgId, s.orgId), eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
  }

  async deleteAll(s: Scope, userId: number, purpose: TokenPurpose): Promise<void> {
    await s.tx.delete(userTokens).where(and(eq(userTokens.orgId, s.orgId), eq(userTokens.userId, userId), eq(userTokens.purpose, purpose)));
  }
}
