import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AppError, MEETING_REMINDER_DEFAULT_MINUTES, MEMBER_PERMISSIONS, OrgMessages, SYSTEM_ACTOR, type OrgModules, type PermissionSlug, type RequestOf, type CreateOrganization } from '@app/contracts';
import { OrgDb, type Scope } from '../common/org-db';
import { Passwords } from '../common/passwords';
import { OrganizationsRepository } from '../repositories/organizations.repository';
import { RolesRepository, type RoleRow } from '../repositories/roles.repository';
import { UsersRepository, type UserRow } from '../repositories/users.repository';
import { CommitteesRepository } from '../repositories/committees.repository';
import { LogsRepository } from '../repositories/logs.repository';

export interface EnsureUser {
  email: string;
  name: string;
  password: string;
  role: 'admin' | 'member';
  phone?: string | null;
  position?: string | null;
  designation?: string | null;
  /** a role of the organization by name (ensureRole) instead of the built-in one */
  roleName?: string;
}

/**
 * Creates organizations with their built-in roles and first administrator (the CreateOrganization
 * RPC, the seed and the test factories), and the idempotent "ensure" helpers the seed uses.
 */
@Injectable()
export class ProvisioningService {
  constructor(
    private readonly db: OrgDb,
    private readonly orgs: OrganizationsRepository,
    private readonly roles: RolesRepository,
    private readonly users: UsersRepository,
    private readonly committees: CommitteesRepository,
    private readonly logs: LogsRepository,
    private readonly passwords: Passwords,
  ) {}

  async createOrganization(req: RequestOf<typeof CreateOrganization>): Promise<{ orgId: string; slug: string; adminUserId: number; created: boolean }> {
    const existing = await this.db.unsafeGlobal((tx) => this.orgs.unsafeFindBySlug(tx, req.slug));
    if (existing) {
      if (req.ifExists !== 'return') throw AppError.validation({ slug: OrgMessages.slugTaken });
      const admin = await this.ensureUser(existing.id, { ...req.admin, role: 'admin' });
      return { orgId: existing.id, slug: existing.slug, adminUserId: admin.id, created: false };
    }
    const orgId = randomUUID();
    const passwordHash = await this.passwords.hash(req.admin.password);
    try {
      const adminId = await this.db.tenant(orgId, async (s) => {
        const modules: OrgModules = { na: [], approval_mode: 'old', nda: 0, compress: 0, mom: 0, mom_secretary_signs: 0, meeting_reminder_minutes: MEETING_REMINDER_DEFAULT_MINUTES, ...(req.modules ?? {}) };
        await this.orgs.insert(s, { slug: req.slug, name: req.name, timeZone: req.timeZone, website: req.website, location: req.location, variant: req.variant, modules });
        const { admin } = await this.builtinRoles(s);
        const user = await this.users.insert(s, {
          name: req.admin.name,
          email: req.admin.email,
          phone: req.admin.phone,
          roleId: admin.id,
          status: 'Active',
          emailVerifiedAt: new Date(),
          passwordHash,
        });
        await this.logs.write(s, SYSTEM_ACTOR, `Created the organization ${req.name} with administrator ${req.admin.email}`);
        return user.id;
      });
      return { orgId, slug: req.slug, adminUserId: adminId, created: true };
    } catch (e) {
      // two creators of the same slug at once: the loser sees the unique violation
      if ((e as { code?: string; cause?: { code?: string } })?.cause?.code === '23505' || (e as { code?: string })?.code === '23505') {
        if (req.ifExists === 'return') return this.createOrganization(req);
        throw AppError.validation({ slug: OrgMessages.slugTaken });
      }
      throw e;
    }
  }

  /** The built-in Admin (every slug) and Member (*_show slugs) roles, created when missing. */
  async builtinRoles(s: Scope): Promise<{ admin: RoleRow; member: RoleRow }> {
    const admin = (await this.roles.builtin(s, 'admin')) ?? (await this.roles.insert(s, { name: 'Admin', builtin: 'admin', permissions: [] }));
    const member = (await this.roles.builtin(s, 'member')) ?? (await this.roles.insert(s, { name: 'Member', builtin: 'member', permissions: [...MEMBER_PERMISSIONS] }));
    return { admin, member };
  }

  /** An Active, verified user with this password and built-in role; created or brought to that state. */
  async ensureUser(orgId: string, u: EnsureUser): Promise<UserRow> {
    const passwordHash = await this.passwords.hash(u.password);
    return this.db.tenant(orgId, async (s) => {
      if (!(await this.orgs.get(s))) throw AppError.notFound('organization');
      const roles = await this.builtinRoles(s);
      const named = u.roleName ? await this.roles.byName(s, u.roleName) : null;
      if (u.roleName && !named) throw AppError.notFound('role');
      const roleId = named ? named.id : roles[u.role].id;
      const found = await this.users.byEmail(s, u.email, { withDeleted: true });
      const values = {
        name: u.name,
        email: u.email.toLowerCase(),
        phone: u.phone ?? null,
        position: u.position ?? null,
        designation: u.designation ?? null,
        roleId,
        status: 'Active',
        emailVerifiedAt: new Date(),
        passwordHash,
        deletedAt: null,
      };
      if (found) return this.users.update(s, found.id, values);
      return this.users.insert(s, values);
    });
  }

  /** A role with exactly these permissions, created or updated by name (case-insensitive); its id. */
  async ensureRole(orgId: string, r: { name: string; permissions: readonly PermissionSlug[] }): Promise<number> {
    return this.db.tenant(orgId, async (s) => {
      if (!(await this.orgs.get(s))) throw AppError.notFound('organization');
      const found = await this.roles.byName(s, r.name);
      if (found?.builtin) throw AppError.validation({ name: 'The name has already been taken.' });
      const row = found ? await this.roles.update(s, found.id, { permissions: [...r.permissions] }) : await this.roles.insert(s, { name: r.name, permissions: [...r.permissions] });
      return row.id;
    });
  }

  /** A committee with exactly these admins and members (by e-mail), created or updated by name. */
  async ensureCommittee(orgId: string, c: { name: string; description: string; quorum: number; admins: string[]; members: string[] }): Promise<number> {
    return this.db.tenant(orgId, async (s) => {
      if (!(await this.orgs.get(s))) throw AppError.notFound('organization');
      const all = await this.users.byEmails(s, [...c.admins, ...c.members]);
      const idOf = (email: string) => all.find((u) => u.email.toLowerCase() === email.toLowerCase())?.id;
      const adminIds = c.admins.map(idOf).filter((x): x is number => !!x);
      const memberIds = c.members.map(idOf).filter((x): x is number => !!x);
      const existing = (await this.committees.all(s, 'committee')).find((x) => x.name === c.name);
      const row = existing
        ? await this.committees.update(s, existing.id, { description: c.description, quorum: c.quorum, status: 'active' })
        : await this.committees.insert(s, { kind: 'committee', name: c.name, description: c.description, quorum: c.quorum, status: 'active' });
      await this.committees.setMembers(s, row.id, adminIds, memberIds);
      return row.id;
    });
  }
}
