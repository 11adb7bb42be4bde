import { Injectable } from '@nestjs/common';
import { AppError, OrgMessages, pageMeta, serverDate, type Actor, type RequestOf, type Role, type CreateRole, type ListRoles, type UpdateRole } from '@app/contracts';
import { pgConflict } from '@app/platform';
import { OrgDb, type Scope } from '../common/org-db';
import { requirePermission, requireUser } from '../common/access';
import { adminTouchAllowed, ungrantableSlugs } from '../rules/admin-rights';
import { toUserBrief } from '../common/mappers';
import { OrganizationsRepository } from '../repositories/organizations.repository';
import { RolesRepository, type RoleRow } from '../repositories/roles.repository';
import { UsersRepository } from '../repositories/users.repository';
import { LogsRepository } from '../repositories/logs.repository';
import { resolvePermissions } from '../rules/permissions';

/**
 * The fields named when a write loses a race the checks above it could not see (two requests creating or
 * renaming to one name; a role deleted while users are moved to it): 409 with the field, never a 500.
 */
const ROLE_CONSTRAINTS = { roles_org_name_uq: 'name', roles_org_builtin_uq: 'name', users_role_id_roles_id_fk: 'users' };
const DELETE_CONSTRAINTS = { users_role_id_roles_id_fk: 'role' };
const conflict = (fields: Record<string, string>) => (e: unknown): never => {
  throw pgConflict(e, fields);
};

/**
 * Roles hold permission slugs. A user has one role, so assigning users to a role moves them from their
 * previous one; users taken off a role go back to the built-in Member role. The built-in Admin role
 * keeps its name and every slug; built-in roles cannot be deleted.
 */
@Injectable()
export class RolesService {
  constructor(private readonly db: OrgDb, private readonly organizations: OrganizationsRepository, private readonly roles: RolesRepository, private readonly users: UsersRepository, private readonly logs: LogsRepository) {}

  private async present(s: Scope, rows: RoleRow[], actor: Actor): Promise<Role[]> {
    const members = await this.roles.usersOf(s, rows.map((r) => r.id));
    const canManage = actor.isAdmin || actor.permissions.includes('roles_manage');
    const zone = await this.organizations.timeZone(s);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      builtin: r.builtin === 'admin' || r.builtin === 'member' ? r.builtin : null,
      is_admin: r.builtin === 'admin',
      permissions: resolvePermissions(r).map((slug) => ({ slug })),
      users: (members.get(r.id) ?? []).map(toUserBrief),
      users_count: members.get(r.id)?.length ?? 0,
      can_edit: canManage,
      can_delete: canManage && !r.builtin,
      created_at: serverDate(r.createdAt, zone)!,
    }));
  }

  /** Everyone who manages users or roles sees the roles (the user form picks one). */
  async list(req: RequestOf<typeof ListRoles>) {
    requireUser(req.actor);
    if (!req.actor.isAdmin && !req.actor.permissions.includes('roles_manage') && !req.actor.permissions.includes('users_manage')) throw AppError.forbidden('roles_manage');
    return this.db.tenant(req.orgId, async (s) => {
      const { rows, total } = await this.roles.page(s, { page: req.page, perPage: req.per_page, search: req.search });
      return { items: await this.present(s, rows, req.actor), meta: pageMeta(req.page, req.per_page, total) };
    });
  }

  async get(orgId: string, actor: Actor, roleId: number): Promise<Role> {
    requirePermission(actor, 'roles_manage');
    return this.db.tenant(orgId, async (s) => {
      const r = await this.roles.get(s, roleId);
      if (!r) throw AppError.notFound('role');
      return (await this.present(s, [r], actor))[0];
    });
  }

  private async checkUsers(s: Scope, ids: number[]): Promise<void> {
    const found = await this.users.existingIds(s, ids);
    if (ids.some((id) => !found.has(id))) throw AppError.validation({ users: OrgMessages.unknownUser });
  }

  async create(req: RequestOf<typeof CreateRole>): Promise<Role> {
    requirePermission(req.actor, 'roles_manage');
    return this.db.command(req.orgId, async (s) => {
      if (await this.roles.nameTaken(s, req.name)) throw AppError.validation({ name: 'The name has already been taken.' });
      await this.checkUsers(s, req.users);
      await this.guardDelegation(s, req.actor, null, req.users, [], req.permissions);
      await this.guardAdmins(s, req.users, null);
      const r = await this.roles.insert(s, { name: req.name, permissions: [...new Set(req.permissions)] });
      await this.users.setRoleFor(s, req.users, r.id);
      await this.logs.write(s, req.actor, `Added role ${r.name}`);
      return (await this.present(s, [r], req.actor))[0];
    }).catch(conflict(ROLE_CONSTRAINTS));
  }

  /**
   * Delegated role managers (rules/admin-rights.ts): the Admin role, and users who hold it, are an administrator's
   * to change; a role gets only slugs its editor holds. 403 otherwise.
   */
  private async guardDelegation(s: Scope, actor: Actor, role: RoleRow | null, movingIds: number[], before: readonly string[], after: readonly string[]): Promise<void> {
    if (actor.kind === 'system' || actor.isAdmin) return;
    const admin = await this.roles.builtin(s, 'admin');
    const admins = admin ? new Set(await this.users.idsWithRole(s, admin.id)) : new Set<number>();
    const movesAnAdmin = movingIds.some((id) => admins.has(id));
    if (!adminTouchAllowed(actor, { targetIsAdmin: movesAnAdmin || role?.builtin === 'admin', grantsAdmin: role?.builtin === 'admin' })) {
      throw AppError.forbidden('administrators are managed by administrators');
    }
    if (ungrantableSlugs(actor, before, after).length) throw AppError.forbidden('a role gets only rights its editor holds');
  }

  /** Moving users off the Admin role must leave an active administrator. */
  private async guardAdmins(s: Scope, movingIds: number[], toRole: RoleRow | null): Promise<void> {
    if (toRole?.builtin === 'admin') return;
    const admin = await this.roles.builtin(s, 'admin');
    if (!admin) return;
    const admins = new Set(await this.users.idsWithRole(s, admin.id));
    const moving = movingIds.filter((id) => admins.has(id));
    if (!moving.length) return;
    const remaining = await this.users.countActiveAdmins(s);
    const activeMoving = (await this.users.byIds(s, moving)).filter((u) => u.status === 'Active' && !u.deletedAt).length;
    if (remaining - activeMoving <= 0) throw AppError.validation({ users: OrgMessages.lastAdmin });
  }

  async update(req: RequestOf<typeof UpdateRole>): Promise<Role> {
    requirePermission(req.actor, 'roles_manage');
    return this.db.command(req.orgId, async (s) => {
      const before = await this.roles.get(s, req.roleId);
      if (!before) throw AppError.notFound('role');
      if (before.builtin === 'admin' && req.name !== before.name) throw AppError.validation({ name: OrgMessages.builtinRole });
      if (await this.roles.nameTaken(s, req.name, before.id)) throw AppError.validation({ name: 'The name has already been taken.' });
      await this.checkUsers(s, req.users);
      const current = await this.users.idsWithRole(s, before.id);
      const removed = current.filter((id) => !req.users.includes(id));
      const added = req.users.filter((id) => !current.includes(id));
      await this.guardDelegation(s, req.actor, before, [...added, ...removed], before.permissions, before.builtin === 'admin' ? [] : req.permissions);
      await this.guardAdmins(s, added, before);
      if (before.builtin === 'admin') await this.guardAdmins(s, removed, null);
      const member = await this.roles.builtin(s, 'member');
      if (removed.length && before.builtin === 'member') throw AppError.validation({ users: OrgMessages.builtinRole });
      const r = await this.roles.update(s, before.id, { name: req.name, permissions: before.builtin === 'admin' ? [] : [...new Set(req.permissions)] });
      await this.users.setRoleFor(s, added, r.id);
      if (member) await this.users.setRoleFor(s, removed, member.id);
      await this.logs.write(s, req.actor, `Updated role ${r.name}`);
      return (await this.present(s, [r], req.actor))[0];
    }).catch(conflict(ROLE_CONSTRAINTS));
  }

  async delete(orgId: string, actor: Actor, roleId: number): Promise<void> {
    requirePermission(actor, 'roles_manage');
    await this.db.command(orgId, async (s) => {
      const r = await this.roles.get(s, roleId);
      if (!r) throw AppError.notFound('role');
      if (r.builtin) throw AppError.validation({ role: OrgMessages.builtinRole });
      const member = (await this.roles.builtin(s, 'member'))!;
      await this.users.setRoleFor(s, await this.users.idsWithRole(s, r.id, { withDeleted: true }), member.id);
      await this.roles.delete(s, r.id);
      await this.logs.write(s, actor, `Deleted role ${r.name}`);
    }).catch(conflict(DELETE_CONSTRAINTS));
  }
}
