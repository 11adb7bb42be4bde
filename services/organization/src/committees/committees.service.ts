import { Injectable } from '@nestjs/common';
import {
  AppError, DEFAULT_WEIGHT, OrgMessages, pageMeta, serverDate,
  type Actor, type Board, type Committee, type PermissionSlug, type RequestOf,
  type CreateBoard, type CreateCommittee, type ListCommittees, type UpdateBoard, type UpdateCommittee,
} from '@app/contracts';
import { OrgDb, type Scope } from '../common/org-db';
import { requirePermission, requireUser } from '../common/access';
import { toUserBrief } from '../common/mappers';
import { OrganizationsRepository } from '../repositories/organizations.repository';
import { CommitteesRepository, type CommitteeKind, type CommitteeRow } from '../repositories/committees.repository';
import { UsersRepository } from '../repositories/users.repository';
import { LogsRepository } from '../repositories/logs.repository';
import { boardExpired, canEditCommittee, weightMap, weightsError } from '../rules/committees';

type CommitteeInput = Omit<RequestOf<typeof CreateCommittee>, 'orgId' | 'actor'>;
type BoardInput = Omit<RequestOf<typeof CreateBoard>, 'orgId' | 'actor'>;

const SLUG: Record<CommitteeKind, PermissionSlug> = { committee: 'committees_manage', board: 'boards_manage' };
const LABEL: Record<CommitteeKind, string> = { committee: 'committee', board: 'board' };

/**
 * Committees and boards share one table (kind) and one set of rules: name, description, admins and
 * users required, quorum 5–100 %. Organization managers (committees_manage / boards_manage) create and
 * delete; a committee's own admins may also edit it and switch its status.
 */
@Injectable()
export class CommitteesService {
  constructor(private readonly db: OrgDb, private readonly organizations: OrganizationsRepository, private readonly committees: CommitteesRepository, private readonly users: UsersRepository, private readonly logs: LogsRepository) {}

  private async present(s: Scope, kind: CommitteeKind, rows: CommitteeRow[], actor: Actor): Promise<Board[]> {
    const members = await this.committees.members(s, rows.map((r) => r.id));
    const boards = kind === 'board' ? await this.committees.boardCommittees(s, rows.map((r) => r.id)) : new Map<number, { id: number; name: string }[]>();
    const now = new Date();
    const zone = await this.organizations.timeZone(s);
    return rows.map((c) => {
      const m = members.get(c.id)!;
      return {
        id: c.id,
        name: c.name,
        description: c.description,
        quorum: c.quorum,
        status: c.status === 'inactive' ? 'inactive' : 'active',
        admins: m.admins.map(toUserBrief),
        users: m.users.map(toUserBrief),
        admins_count: m.admins.length,
        users_count: m.users.length,
        weights: m.users.map((u) => ({ user_id: u.id, weight: m.weights.get(u.id) ?? DEFAULT_WEIGHT })),
        can_edit: canEditCommittee(actor, SLUG[kind], m.admins.map((u) => u.id)),
        created_at: serverDate(c.createdAt, zone)!,
        expiration_date: c.expirationDate,
        expired: boardExpired(c.expirationDate, now, zone),
        committees: boards.get(c.id) ?? [],
      };
    });
  }

  private strip(kind: CommitteeKind, b: Board): Committee | Board {
    if (kind === 'board') return b;
    const { expiration_date: _e, expired: _x, committees: _c, ...c } = b;
    return c;
  }

  /** Every signed-in user may list committees (pickers, news, meetings); ordered by name descending. */
  async list(kind: CommitteeKind, req: RequestOf<typeof ListCommittees>) {
    requireUser(req.actor);
    return this.db.tenant(req.orgId, async (s) => {
      const { rows, total } = await this.committees.page(s, kind, { page: req.page, perPage: req.per_page, search: req.search, status: req.status });
      const items = (await this.present(s, kind, rows, req.actor)).map((b) => this.strip(kind, b));
      return { items, meta: pageMeta(req.page, req.per_page, total) };
    });
  }

  async get(kind: CommitteeKind, orgId: string, actor: Actor, id: number) {
    requireUser(actor);
    return this.db.tenant(orgId, async (s) => {
      const c = await this.committees.get(s, kind, id);
      if (!c) throw AppError.notFound(kind);
      return this.strip(kind, (await this.present(s, kind, [c], actor))[0]);
    });
  }

  private async checkInput(s: Scope, input: CommitteeInput & Partial<Pick<BoardInput, 'committees'>>): Promise<void> {
    const errors: Record<string, string> = {};
    const found = await this.users.existingIds(s, [...input.admins, ...input.users]);
    if (input.admins.some((id) => !found.has(id))) errors.admins = OrgMessages.unknownUser;
    if (input.users.some((id) => !found.has(id))) errors.users = OrgMessages.unknownUser;
    const weightError = weightsError(input);
    if (weightError) errors.weights = weightError;
    if (input.committees?.length) {
      const cs = await this.committees.existingIds(s, 'committee', input.committees);
      if (input.committees.some((id) => !cs.has(id))) errors.committees = OrgMessages.unknownCommittee;
    }
    if (Object.keys(errors).length) throw AppError.validation(errors);
  }

  async create(kind: CommitteeKind, req: RequestOf<typeof CreateCommittee> | RequestOf<typeof CreateBoard>) {
    requirePermission(req.actor, SLUG[kind]);
    return this.db.command(req.orgId, async (s) => {
      const b = req as RequestOf<typeof CreateBoard>;
      await this.checkInput(s, b);
      const c = await this.committees.insert(s, {
        kind, name: req.name, description: req.description, quorum: Math.round(req.quorum), status: req.status,
        expirationDate: kind === 'board' ? b.expiration_date ?? null : null,
      });
      await this.committees.setMembers(s, c.id, req.admins, req.users, weightMap(req.weights ?? []));
      if (kind === 'board') await this.committees.setBoardCommittees(s, c.id, b.committees ?? []);
      await this.logs.write(s, req.actor, `Added ${LABEL[kind]} ${c.name}`);
      return this.strip(kind, (await this.present(s, kind, [c], req.actor))[0]);
    });
  }

  private async editable(s: Scope, kind: CommitteeKind, actor: Actor, id: number): Promise<CommitteeRow> {
    requireUser(actor);
    const c = await this.committees.get(s, kind, id);
    if (!c) throw AppError.notFound(kind);
    const m = (await this.committees.members(s, [c.id])).get(c.id)!;
    if (!canEditCommittee(actor, SLUG[kind], m.admins.map((u) => u.id))) throw AppError.forbidden(SLUG[kind]);
    return c;
  }

  async update(kind: CommitteeKind, req: (RequestOf<typeof UpdateCommittee> & { committeeId: number }) | (RequestOf<typeof UpdateBoard> & { boardId: number })) {
    const id = 'committeeId' in req ? req.committeeId : req.boardId;
    return this.db.command(req.orgId, async (s) => {
      await this.editable(s, kind, req.actor, id);
      const b = req as RequestOf<typeof UpdateBoard>;
      await this.checkInput(s, b);
      const c = await this.committees.update(s, id, {
        name: req.name, description: req.description, quorum: Math.round(req.quorum), status: req.status,
        ...(kind === 'board' ? { expirationDate: b.expiration_date ?? null } : {}),
      });
      await this.committees.setMembers(s, c.id, req.admins, req.users, req.weights ? weightMap(req.weights) : undefined);
      if (kind === 'board') await this.committees.setBoardCommittees(s, c.id, b.committees ?? []);
      await this.logs.write(s, req.actor, `Updated ${LABEL[kind]} ${c.name}`);
      return this.strip(kind, (await this.present(s, kind, [c], req.actor))[0]);
    });
  }

  /** Set the status, or toggle it when none is given. */
  async setStatus(kind: CommitteeKind, orgId: string, actor: Actor, id: number, status?: 'active' | 'inactive') {
    return this.db.command(orgId, async (s) => {
      const before = await this.editable(s, kind, actor, id);
      const next = status ?? (before.status === 'active' ? 'inactive' : 'active');
      const c = await this.committees.update(s, id, { status: next });
      await this.logs.write(s, actor, `${next === 'active' ? 'Activated' : 'Deactivated'} ${LABEL[kind]} ${c.name}`);
      return this.strip(kind, (await this.present(s, kind, [c], actor))[0]);
    });
  }

  async delete(kind: CommitteeKind, orgId: string, actor: Actor, id: number): Promise<void> {
    requirePermission(actor, SLUG[kind]);
    await this.db.command(orgId, async (s) => {
      const c = await this.committees.get(s, kind, id);
      if (!c) throw AppError.notFound(kind);
      await this.committees.delete(s, id);
      await this.logs.write(s, actor, `Deleted ${LABEL[kind]} ${c.name}`);
    });
  }

  async statistics(orgId: string, actor: Actor) {
    requireUser(actor);
    return this.db.tenant(orgId, async (s) => {
      const rows = await this.committees.counts(s, 'committee');
      return {
        total: rows.length,
        active: rows.filter((r) => r.status === 'active').length,
        inactive: rows.filter((r) => r.status !== 'active').length,
        members: await this.committees.distinctMembers(s, 'committee'),
        committees: rows.map((r) => ({ ...r, status: (r.status === 'inactive' ? 'inactive' : 'active') as 'active' | 'inactive' })),
      };
    });
  }
}
