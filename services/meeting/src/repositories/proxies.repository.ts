import { Injectable } from '@nestjs/common';
import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { members, proxies } from '../db/schema';
import type { Scope } from '../db/db';

/** a proxy with the users of its two member rows (proxies are given between user members) */
export interface ProxyEntry {
  id: number;
  meetingId: number;
  fromMemberId: number;
  toMemberId: number;
  fromUserId: number;
  toUserId: number;
  createdBy: number | null;
  createdAt: Date;
}

const giver = alias(members, 'giver');
const holder = alias(members, 'holder');

/** Proxies of meetings (rules/proxy.ts decides; this only reads and writes). */
@Injectable()
export class ProxiesRepository {
  /** a meeting's proxies, or only those one member holds (`toMemberId`: a vote needs no more) */
  async proxiesOf(s: Scope, meetingId: number, f: { toMemberId?: number } = {}): Promise<ProxyEntry[]> {
    const { orgId, tx } = s;
    const rows = await tx
      .select({
        id: proxies.id, meetingId: proxies.meetingId, fromMemberId: proxies.fromMemberId, toMemberId: proxies.toMemberId,
        fromUserId: giver.userId, toUserId: holder.userId, createdBy: proxies.createdBy, createdAt: proxies.createdAt,
      })
      .from(proxies)
      .innerJoin(giver, and(eq(giver.orgId, proxies.orgId), eq(giver.id, proxies.fromMemberId)))
      .innerJoin(holder, and(eq(holder.orgId, proxies.orgId), eq(holder.id, proxies.toMemberId)))
      .where(and(
        eq(proxies.orgId, orgId),
        eq(proxies.meetingId, meetingId),
        f.toMemberId === undefined ? undefined : eq(proxies.toMemberId, f.toMemberId),
      ))
      .orderBy(asc(proxies.id));
    return rows.flatMap((r) => (r.fromUserId !== null && r.toUserId !== null ? [{ ...r, fromUserId: r.fromUserId, toUserId: r.toUserId }] : []));
  }

  async insert(s: Scope, p: { meetingId: number; fromMemberId: number; toMemberId: number; createdBy: number | null }): Promise<void> {
    const { orgId, tx } = s;
    await tx.insert(proxies).values({ orgId, ...p });
  }

  async delete(s: Scope, meetingId: number, proxyId: number): Promise<void> {
    const { orgId, tx } = s;
    await tx.delete(proxies).where(and(eq(proxies.orgId, orgId), eq(proxies.meetingId, meetingId), eq(proxies.id, proxyId)));
  }
}
