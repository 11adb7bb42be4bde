import { Injectable } from '@nestjs/common';
import { AppError, OrgMessages, UserUpdated, parseLang, type Actor, type Profile, type RequestOf, type UpdateProfile } from '@app/contracts';
import { Outbox } from '@app/platform';
import { OrgDb, type Scope } from '../common/org-db';
import { requireUser } from '../common/access';
import { toProfile } from '../common/mappers';
import { UsersRepository, type UserRow } from '../repositories/users.repository';
import { RolesRepository } from '../repositories/roles.repository';
import { OrganizationsRepository } from '../repositories/organizations.repository';
import { LogsRepository } from '../repositories/logs.repository';
import { ownKey } from '../rules/users';

/** The signed-in user's own profile (GET/PUT /api/profile). */
@Injectable()
export class ProfileService {
  constructor(
    private readonly db: OrgDb,
    private readonly users: UsersRepository,
    private readonly roles: RolesRepository,
    private readonly orgs: OrganizationsRepository,
    private readonly logs: LogsRepository,
    private readonly outbox: Outbox,
  ) {}

  async present(s: Scope, u: UserRow): Promise<Profile> {
    const role = u.roleId ? await this.roles.get(s, u.roleId) : null;
    const committees = (await this.users.committeesOf(s, [u.id])).get(u.id);
    return toProfile(u, role, committees, (await this.orgs.get(s))!);
  }

  private async me(s: Scope, actor: Actor): Promise<UserRow> {
    const u = await this.users.get(s, requireUser(actor));
    if (!u) throw new AppError('UNAUTHENTICATED');
    return u;
  }

  get(orgId: string, actor: Actor): Promise<Profile> {
    return this.db.tenant(orgId, async (s) => this.present(s, await this.me(s, actor)));
  }

  /** A changed e-mail must be verified again at the next sign-in (login status 2). */
  update(req: RequestOf<typeof UpdateProfile>): Promise<Profile> {
    return this.db.command(req.orgId, async (s) => {
      const me = await this.me(s, req.actor);
      const errors: Record<string, string> = {};
      if (await this.users.emailTaken(s, req.email, me.id)) errors.email = OrgMessages.emailTaken;
      if (!ownKey(req.orgId, 'images', req.image)) errors.image = OrgMessages.imageType;
      if (Object.keys(errors).length) throw AppError.validation(errors);
      const emailChanged = me.email.toLowerCase() !== req.email.toLowerCase();
      const u = await this.users.update(s, me.id, {
        name: req.name, email: req.email, phone: req.phone, position: req.position ?? null, designation: req.designation ?? null,
        dateOfBirth: req.date_of_birth ?? null,
        ...(req.lang ? { lang: req.lang } : {}),
        ...(req.image !== undefined ? { image: req.image } : {}),
        ...(emailChanged ? { emailVerifiedAt: null } : {}),
      });
      await this.logs.write(s, req.actor, 'Updated their profile');
      await this.outbox.add(s.tx, UserUpdated, { orgId: req.orgId, userId: u.id, name: u.name, email: u.email, lang: parseLang(u.lang), status: u.status as 'Active' });
      return this.present(s, u);
    });
  }

  deletePhoto(orgId: string, actor: Actor): Promise<Profile> {
    return this.db.command(orgId, async (s) => {
      const me = await this.me(s, actor);
      return this.present(s, await this.users.update(s, me.id, { image: null }));
    });
  }
}
