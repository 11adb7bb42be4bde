import { Injectable } from '@nestjs/common';
import type { Actor, DirectoryCommittee, OrgPublic } from '@app/contracts';
import { OrgDb } from '../common/org-db';
import { OrganizationsRepository } from './organizations.repository';
import { RolesRepository } from '../roles/roles.repository';
import { UsersRepository } from '../users/users.repository';
import { CommitteesRepository, type CommitteeRow, type Members } from '../committees/committees.repository';
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

  async actor(orgId: string, userId: number): Promise<Actor | null> {
    return this.db.tenant(orgId, async (s) => {
      const user = await this.users.get(s, userId);
      if (!user) return null;
      const role = user.roleId ? await this.roles.get(s, user.roleId) : null;
      return buildActor(user, role);
    });
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
  };
}
