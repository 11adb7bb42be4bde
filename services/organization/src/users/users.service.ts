import { Inject, Injectable } from '@nestjs/common';
import {
  AppError, OrgMessages, UserInvited, UserUpdated, pageMeta, parseLang,
  type Actor, type RequestOf, type User,
  type CreateUser, type ListAllUsers, type ListUsers, type UpdateUser,
} from '@app/contracts';
import { CONFIG, Outbox, SessionStore } from '@app/platform';
import type { OrganizationConfig } from '../config';
import { OrgDb, type Scope } from '../common/org-db';
import { actorName, requirePermission, requireUser } from '../common/access';
import { adminTouchAllowed } from '../rules/admin-rights';
import { toUser, toUserBrief } from '../common/mappers';
import { OrganizationsRepository } from '../repositories/organizations.repository';
import { UsersRepository, type UserRow } from '../repositories/users.repository';
import { RolesRepository } from '../repositories/roles.repository';
import { CommitteesRepository } from '../repositories/committees.repository';
import { LogsRepository } from '../repositories/logs.repository';
import { TokensRepository } from '../repositories/tokens.repository';
import { tokenLifetimeMs } from '../rules/tokens';
import { ownKey, removalErrors, teamOrCommitteeErrors, toggledStatus } from '../rules/users';

type UserInput = Omit<RequestOf<typeof CreateUser>, 'orgId' | 'actor'>;

@Injectable()
export class UsersService {
  constructor(
    private readonly db: OrgDb,
    private readonly organizations: OrganizationsRepository,
    private readonly users: UsersRepository,
    private readonly roles: RolesRepository,
    private readonly committees: CommitteesRepository,
    private readonly logs: LogsRepository,
    private readonly tokens: TokensRepository,
    private readonly sessions: SessionStore,
    private readonly outbox: Outbox,
    @Inject(CONFIG) private readonly config: OrganizationConfig,
  ) {}

  /** Users with their role and committees, as the API shows them. */
  async present(s: Scope, rows: UserRow[]): Promise<User[]> {
    const roles = await this.roles.byIds(s, [...new Set(rows.map((r) => r.roleId).filter((x): x is number => !!x))]);
    const committees = await this.users.committeesOf(s, rows.map((r) => r.id));
    const zone = await this.organizations.timeZone(s);
    return rows.map((u) => toUser(u, roles.find((r) => r.id === u.roleId), committees.get(u.id), zone));
  }

  async list(req: RequestOf<typeof ListUsers>) {
    requirePermission(req.actor, 'users_manage');
    return this.db.tenant(req.orgId, async (s) => {
      const { rows, total } = await this.users.page(s, {
        page: req.page, perPage: req.per_page, search: req.search, status: req.status, roleId: req.role_id, committeeId: req.committee_id, deleted: req.deleted,
      });
      return { items: await this.present(s, rows), meta: pageMeta(req.page, req.per_page, total) };
    });
  }

  /** Pickers: every signed-in user may list the active users (optionally of one committee). */
  async listAll(req: RequestOf<typeof ListAllUsers>) {
    requireUser(req.actor);
    return this.db.tenant(req.orgId, async (s) => ({ users: (await this.users.listActive(s, { committeeId: req.committee_id, search: req.search })).map(toUserBrief) }));
  }

  async get(orgId: string, actor: Actor, userId: number): Promise<User> {
    if (actor.userId !== userId) requirePermission(actor, 'users_manage');
    return this.db.tenant(orgId, async (s) => {
      const u = await this.users.get(s, userId, { withDeleted: true });
      if (!u) throw AppError.notFound('user');
      return (await this.present(s, [u]))[0];
    });
  }

  /** Field rules that need the database: e-mail unique, role, committees and image of this organization. */
  private async checkInput(s: Scope, input: UserInput, exceptId?: number): Promise<void> {
    const errors: Record<string, string> = { ...teamOrCommitteeErrors(input) };
    if (await this.users.emailTaken(s, input.email, exceptId)) errors.email = OrgMessages.emailTaken;
    if (!(await this.roles.get(s, input.role_id))) errors.role_id = OrgMessages.roleRequired;
    const wanted = [...new Set([...input.admin_committees, ...input.member_committees])];
    const found = await this.committees.existingIds(s, 'committee', wanted);
    const bad = (ids: number[]) => ids.some((id) => !found.has(id));
    if (bad(input.admin_committees)) errors.admin_committees = OrgMessages.unknownCommittee;
    if (bad(input.member_committees)) errors.member_committees = OrgMessages.unknownCommittee;
    if (!ownKey(s.orgId, 'images', input.image)) errors.image = OrgMessages.imageType;
    if (Object.keys(errors).length) throw AppError.validation(errors);
  }

  /** Is the user an administrator (the built-in Admin role)? */
  private async isAdminUser(s: Scope, u: Pick<UserRow, 'roleId'>): Promise<boolean> {
    return !!u.roleId && (await this.roles.get(s, u.roleId))?.builtin === 'admin';
  }

  /** Only an administrator grants the Admin role or edits an administrator's account (rules/admin-rights.ts): else 403. */
  private async guardAdminTouch(s: Scope, actor: Actor, target: Pick<UserRow, 'roleId'> | null, newRoleId?: number): Promise<void> {
    if (actor.kind === 'system' || actor.isAdmin) return;
    const targetIsAdmin = target ? await this.isAdminUser(s, target) : false;
    const grantsAdmin = newRoleId !== undefined && (await this.roles.get(s, newRoleId))?.builtin === 'admin';
    if (!adminTouchAllowed(actor, { targetIsAdmin, grantsAdmin })) throw AppError.forbidden('administrators are managed by administrators');
  }

  private async updated(s: Scope, u: UserRow): Promise<void> {
    await this.outbox.add(s.tx, UserUpdated, {
      orgId: s.orgId, userId: u.id, name: u.name, email: u.email, lang: parseLang(u.lang), status: u.deletedAt ? 'Deleted' : (u.status as 'Active' | 'Inactive' | 'Pending'),
    });
  }

  async create(req: RequestOf<typeof CreateUser>): Promise<User> {
    requirePermission(req.actor, 'users_manage');
    return this.db.command(req.orgId, async (s) => {
      await this.checkInput(s, req);
      await this.guardAdminTouch(s, req.actor, null, req.role_id);
      const u = await this.users.insert(s, {
        name: req.name, email: req.email, phone: req.phone, position: req.position ?? null, designation: req.designation ?? null,
        dateOfBirth: req.date_of_birth ?? null, roleId: req.role_id, team: req.team ?? null, lang: req.lang, image: req.image ?? null, status: 'Pending',
      });
      await this.users.setCommittees(s, u.id, req.admin_committees, req.member_committees);
      await this.invite(s, u, req.actor);
      await this.logs.write(s, req.actor, `Added user ${u.name} (${u.email})`);
      await this.updated(s, u);
      return (await this.present(s, [u]))[0];
    });
  }

  /** A new single-use invitation token, e-mailed through UserInvited (link to /auth/complete-profile). */
  async invite(s: Scope, u: UserRow, actor: Actor): Promise<void> {
    const t = await this.tokens.issue(s, u.id, 'invite', tokenLifetimeMs('invite', this.config), { revokeOthers: true });
    await this.outbox.add(s.tx, UserInvited, {
        orgId: s.orgId, userId: u.id, recipient: { email: u.email, name: u.name, lang: parseLang(u.lang) }, invitedBy: actorName(actor), token: t.token, expiresAt: t.expiresAt.toISOString(),
    });
  }

  async update(req: RequestOf<typeof UpdateUser>): Promise<User> {
    requirePermission(req.actor, 'users_manage');
    return this.db.command(req.orgId, async (s) => {
      const before = await this.users.get(s, req.userId);
      if (!before) throw AppError.notFound('user');
      await this.guardAdminTouch(s, req.actor, before, req.role_id);
      await this.checkInput(s, req, before.id);
      const role = await this.roles.get(s, req.role_id);
      const wasAdmin = (before.roleId ? await this.roles.get(s, before.roleId) : null)?.builtin === 'admin';
      if (wasAdmin && role?.builtin !== 'admin' && before.status === 'Active' && (await this.users.countActiveAdmins(s, before.id)) === 0) {
        throw AppError.validation({ role_id: OrgMessages.lastAdmin });
      }
      const emailChanged = before.email.toLowerCase() !== req.email.toLowerCase();
      const u = await this.users.update(s, before.id, {
        name: req.name, email: req.email, phone: req.phone, position: req.position ?? null, designation: req.designation ?? null,
        dateOfBirth: req.date_of_birth ?? null, roleId: req.role_id, team: req.team ?? null, lang: req.lang,
        ...(req.image !== undefined ? { image: req.image } : {}),
        ...(emailChanged ? { emailVerifiedAt: null } : {}),
      });
      await this.users.setCommittees(s, u.id, req.admin_committees, req.member_committees);
      await this.logs.write(s, req.actor, `Updated user ${u.name} (${u.email})`);
      await this.updated(s, u);
      return (await this.present(s, [u]))[0];
    });
  }

  private async guardRemoval(s: Scope, actor: Actor, u: UserRow): Promise<void> {
    const role = u.roleId ? await this.roles.get(s, u.roleId) : null;
    const errors = removalErrors({
      actorUserId: actor.userId,
      targetUserId: u.id,
      targetIsActiveAdmin: role?.builtin === 'admin' && u.status === 'Active',
      otherActiveAdmins: await this.users.countActiveAdmins(s, u.id),
    });
    if (Object.keys(errors).length) throw AppError.validation(errors);
  }

  async toggleStatus(orgId: string, actor: Actor, userId: number): Promise<User> {
    requirePermission(actor, 'users_manage');
    return this.db.command(orgId, async (s, after) => {
      const before = await this.users.get(s, userId);
      if (!before) throw AppError.notFound('user');
      await this.guardAdminTouch(s, actor, before);
      const next = toggledStatus(before.status, !!before.passwordHash);
      if (next === 'Inactive') await this.guardRemoval(s, actor, before);
      const u = await this.users.update(s, before.id, { status: next });
      await this.logs.write(s, actor, `${next === 'Inactive' ? 'Deactivated' : 'Activated'} user ${u.name} (${u.email})`);
      if (next === 'Inactive') after(() => this.sessions.destroyAllForUser(orgId, u.id));
      await this.updated(s, u);
      return (await this.present(s, [u]))[0];
    });
  }

  /** Soft delete: the user disappears from lists and pickers, their sessions end; restore brings them back. */
  async delete(orgId: string, actor: Actor, userId: number): Promise<void> {
    requirePermission(actor, 'users_manage');
    await this.db.command(orgId, async (s, after) => {
      const before = await this.users.get(s, userId);
      if (!before) throw AppError.notFound('user');
      await this.guardAdminTouch(s, actor, before);
      await this.guardRemoval(s, actor, before);
      const u = await this.users.update(s, before.id, { deletedAt: new Date() });
      await this.tokens.deleteAll(s, u.id, 'pin');
      await this.logs.write(s, actor, `Deleted user ${u.name} (${u.email})`);
      after(() => this.sessions.destroyAllForUser(orgId, u.id));
      await this.updated(s, u);
    });
  }

  async restore(orgId: string, actor: Actor, userId: number): Promise<User> {
    requirePermission(actor, 'users_manage');
    return this.db.command(orgId, async (s) => {
      const before = await this.users.get(s, userId, { withDeleted: true });
      if (!before || !before.deletedAt) throw AppError.notFound('user');
      await this.guardAdminTouch(s, actor, before);
      const u = await this.users.update(s, before.id, { deletedAt: null });
      await this.logs.write(s, actor, `Restored user ${u.name} (${u.email})`);
      await this.updated(s, u);
      return (await this.present(s, [u]))[0];
    });
  }

  async deletePhoto(orgId: string, actor: Actor, userId: number): Promise<User> {
    if (actor.userId !== userId) requirePermission(actor, 'users_manage');
    return this.db.command(orgId, async (s) => {
      const before = await this.users.get(s, userId);
      if (!before) throw AppError.notFound('user');
      if (actor.userId !== userId) await this.guardAdminTouch(s, actor, before);
      const u = await this.users.update(s, before.id, { image: null });
      await this.logs.write(s, actor, `Deleted the photo of ${u.name} (${u.email})`);
      return (await this.present(s, [u]))[0];
    });
  }
}
