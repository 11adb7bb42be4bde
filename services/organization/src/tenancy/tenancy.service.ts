import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { runDetached } from '@app/platform';
import { DEFAULT_WEIGHT, type Actor, type DirectoryCommittee, type OrgPublic } from '@app/contracts';
import { OrgDb } from '../common/org-db';
import { OrganizationsRepository } from '../repositories/organizations.repository';
import { RolesRepository } from '../repositories/roles.repository';
import { UsersRepository } from '../repositories/users.repository';
import { CommitteesRepository, type CommitteeRow, type Members } from '../repositories/committees.repository';
import { modulesOf, toDirectoryUser, toOrgPublic, variantOf } from '../common/mappers';
import { uploadUrl } from '@app/contracts';
import { buildActor } from './actor';

/** The look-ups every other service and the gateway make: organization by host, actor, directory. */
@Injectable()
export class TenancyService {
  constructor(
    private readonly db: OrgDb,
    private readonly orgs: OrganizationsRepository,
    private readonly roles: RolesRepository,
    private readonly users: UsersRepository,
    private readonly committees: CommitteesRepository,
  ) {}

  async resolve(slug: string): Promise<OrgPublic | null> {
    const org = await this.db.unsafeGlobal((tx) => this.orgs.unsafeFindBySlug(tx, slug.toLowerCase()));
    return org ? toOrgPublic(org) : null;
  }

  /**
   * The actor of a session (the gateway asks once per user and caches it for seconds). The look-ups of one
   * organization made at the same time are answered by one transaction (one query for the users, one for their
   * roles) instead of one transaction each: 1,000 voters whose first request arrives at once are 1,000 look-ups
   * (docs/performance.md, P2). One batch per organization in flight; calls made meanwhile form the next.
   */
  actor(orgId: string, userId: number): Promise<Actor | null> {
    return new Promise<Actor | null>((resolve, reject) => {
      const waiting = this.actorWaiting.get(orgId);
      if (waiting) {
        waiting.push({ userId, resolve, reject });
        return;
      }
      this.actorWaiting.set(orgId, [{ userId, resolve, reject }]);
      // not in the first caller's context: its deadline is not the batch's
      setImmediate(() => void runDetached({ correlationId: `actors-${randomUUID()}` }, () => this.actorBatches(orgId)));
    });
  }

  private readonly actorWaiting = new Map<string, Array<{ userId: number; resolve(a: Actor | null): void; reject(e: unknown): void }>>();

  private async actorBatches(orgId: string): Promise<void> {
    for (;;) {
      const batch = this.actorWaiting.get(orgId)?.splice(0, 500) ?? [];
      if (!batch.length) {
        this.actorWaiting.delete(orgId);
        return;
      }
      try {
        const found = await this.db.tenant(orgId, async (s) => {
          const rows = (await this.users.byIds(s, [...new Set(batch.map((b) => b.userId))])).filter((u) => u.deletedAt === null);
          const roles = await this.roles.byIds(s, [...new Set(rows.map((u) => u.roleId).filter((x): x is number => !!x))]);
          return new Map(rows.map((u) => [u.id, buildActor(u, (u.roleId && roles.find((r) => r.id === u.roleId)) || null)]));
        });
        for (const b of batch) b.resolve(found.get(b.userId) ?? null);
      } catch (e) {
        for (const b of batch) b.reject(e);
      }
    }
  }

  async usersByIds(orgId: string, ids: number[]) {
    return this.db.tenant(orgId, async (s) => {
      const rows = await this.users.byIds(s, [...new Set(ids)]);
      const roles = await this.roles.byIds(s, [...new Set(rows.map((r) => r.roleId).filter((x): x is number => !!x))]);
      return rows.map((u) => toDirectoryUser(u, roles.find((r) => r.id === u.roleId)));
    });
  }

  async usersByEmails(orgId: string, emails: string[]) {
    return this.db.tenant(orgId, async (s) => {
      const rows = await this.users.byEmails(s, [...new Set(emails.map((e) => e.trim().toLowerCase()))]);
      const roles = await this.roles.byIds(s, [...new Set(rows.map((r) => r.roleId).filter((x): x is number => !!x))]);
      return rows.map((u) => toDirectoryUser(u, roles.find((r) => r.id === u.roleId)));
    });
  }

  async committee(orgId: string, committeeId: number): Promise<DirectoryCommittee | null> {
    return this.db.tenant(orgId, async (s) => {
      const c = await this.committees.get(s, null, committeeId);
      if (!c) return null;
      const m = await this.committees.members(s, [c.id]);
      return toDirectoryCommittee(c, m.get(c.id)!);
    });
  }

  async userCommittees(orgId: string, userId: number): Promise<{ admin: DirectoryCommittee[]; member: DirectoryCommittee[] }> {
    return this.db.tenant(orgId, async (s) => {
      const rows = await this.committees.ofUser(s, userId);
      const members = await this.committees.members(s, rows.map((r) => r.committee.id));
      const all = rows.map((r) => ({ c: toDirectoryCommittee(r.committee, members.get(r.committee.id)!), isAdmin: r.isAdmin }));
      return { admin: all.filter((x) => x.isAdmin).map((x) => x.c), member: all.map((x) => x.c) };
    });
  }

  async organization(orgId: string) {
    return this.db.tenant(orgId, async (s) => {
      const org = await this.orgs.get(s);
      if (!org) return null;
      return { id: org.id, slug: org.slug, name: org.name, logo: uploadUrl(org.logo), time_zone: org.timeZone, variant: variantOf(org), modules: modulesOf(org) };
    });
  }
}

export function toDirectoryCommittee(c: CommitteeRow, m: Members): DirectoryCommittee {
  return {
    id: c.id,
    name: c.name,
    status: c.status === 'inactive' ? 'inactive' : 'active',
    quorum: c.quorum,
    admin_ids: m.admins.map((u) => u.id),
    member_ids: m.users.map((u) => u.id),
    weights: m.users.filter((u) => (m.weights.get(u.id) ?? DEFAULT_WEIGHT) !== DEFAULT_WEIGHT).map((u) => ({ user_id: u.id, weight: m.weights.get(u.id)! })),
  };
}
