import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import { members, type MemberRow } from '../db/schema';
import type { Scope } from '../db/db';

export type NewMember = typeof members.$inferInsert;

/** Meeting members (users and guests): their rows, roles, attendance, NDA and guest tokens. */
@Injectable()
export class MembersRepository {
  async members(s: Scope, meetingId: number): Promise<MemberRow[]> {
    const { orgId, tx } = s;
    return tx.select().from(members).where(and(eq(members.orgId, orgId), eq(members.meetingId, meetingId))).orderBy(desc(members.isOwner), asc(members.id));
  }

  /**
   * The rows of some people on one meeting — users by id, guests by their lower-cased e-mail, the holder of a
   * guest link by its token's hash — for commands that need a few people, not the whole board (a vote).
   */
  async membersAmong(s: Scope, meetingId: number, who: { userIds: number[]; emails: string[]; tokenHash?: string | null; tokenHashes?: string[] }): Promise<MemberRow[]> {
    const { orgId, tx } = s;
    const any: SQL[] = [];
    if (who.userIds.length) any.push(inArray(members.userId, [...new Set(who.userIds)]));
    if (who.emails.length) any.push(and(isNull(members.userId), inArray(members.userEmail, [...new Set(who.emails)]))!);
    if (who.tokenHash) any.push(eq(members.tokenHash, who.tokenHash));
    if (who.tokenHashes?.length) any.push(inArray(members.tokenHash, [...new Set(who.tokenHashes)]));
    if (!any.length) return [];
    return tx.select().from(members).where(and(eq(members.orgId, orgId), eq(members.meetingId, meetingId), or(...any))).orderBy(desc(members.isOwner), asc(members.id));
  }

  /** members who are not the owner (the meeting's participants) */
  async participantCount(s: Scope, meetingId: number): Promise<number> {
    const { orgId, tx } = s;
    const [row] = await tx.select({ n: count() }).from(members).where(and(eq(members.orgId, orgId), eq(members.meetingId, meetingId), eq(members.isOwner, false)));
    return Number(row?.n ?? 0);
  }

  async memberByTokenHash(s: Scope, tokenHash: string): Promise<MemberRow | null> {
    const { orgId, tx } = s;
    const [row] = await tx.select().from(members).where(and(eq(members.orgId, orgId), eq(members.tokenHash, tokenHash)));
    return row ?? null;
  }

  async insertMembers(s: Scope, rows: Omit<NewMember, 'orgId'>[]): Promise<MemberRow[]> {
    const { orgId, tx } = s;
    if (!rows.length) return [];
    return tx.insert(members).values(rows.map((r) => ({ ...r, orgId }))).onConflictDoNothing().returning();
  }

  async updateMember(s: Scope, memberId: number, values: Partial<NewMember>): Promise<void> {
    const { orgId, tx } = s;
    await tx.update(members).set({ ...values, updatedAt: new Date() }).where(and(eq(members.orgId, orgId), eq(members.id, memberId)));
  }

  /** the meeting's chair and secretary (issue 27): nobody holds a meeting role until `setMeetingRole` names them again */
  async clearMeetingRoles(s: Scope, meetingId: number): Promise<void> {
    const { orgId, tx } = s;
    await tx.update(members).set({ meetingRole: null, updatedAt: new Date() }).where(and(eq(members.orgId, orgId), eq(members.meetingId, meetingId), isNotNull(members.meetingRole)));
  }

  async deleteMember(s: Scope, memberId: number): Promise<void> {
    const { orgId, tx } = s;
    await tx.delete(members).where(and(eq(members.orgId, orgId), eq(members.id, memberId)));
  }

  /** of `meetingIds`, those where the user is a member (not the owner) who has not accepted the NDA (the NDA gate) */
  async ndaPendingMeetingIds(s: Scope, userId: number, meetingIds: number[]): Promise<Set<number>> {
    const { orgId, tx } = s;
    if (!meetingIds.length) return new Set();
    const rows = await tx.select({ meetingId: members.meetingId }).from(members)
      .where(and(eq(members.orgId, orgId), eq(members.userId, userId), eq(members.isOwner, false), isNull(members.ndaAcceptedAt), inArray(members.meetingId, meetingIds)));
    return new Set(rows.map((r) => r.meetingId));
  }

  async membersOf(s: Scope, meetingIds: number[]): Promise<MemberRow[]> {
    const { orgId, tx } = s;
    if (!meetingIds.length) return [];
    return tx.select().from(members).where(and(eq(members.orgId, orgId), inArray(members.meetingId, meetingIds)));
  }
}
