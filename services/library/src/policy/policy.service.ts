import { Injectable } from '@nestjs/common';
import { AppError, DownloadPolicyMessages, type Actor, type DownloadPolicy, type DownloadPolicyView, type PolicyLevel } from '@app/contracts';
import { DownloadPolicies, ORG_TARGET } from '../common/download-policies';
import { ItemAccess } from '../common/item-access';
import { LibraryDb, type Scope } from '../common/library-db';
import { LibraryRepository, type ItemRow } from '../repositories/library.repository';
import { effectivePolicy } from '../rules/download-policy';

interface Target {
  orgId: string;
  actor: Actor;
  level: PolicyLevel;
  targetId: number | null;
}

/**
 * The download policy settings (docs/library.md#download-policy): read and set per organization, committee,
 * folder or file. The organization's and a committee's are set by the organization's administrators; a folder's
 * or a file's by whoever may edit it (its owner, administrators, a share with can_edit).
 */
@Injectable()
export class PolicyService {
  constructor(
    private readonly db: LibraryDb,
    private readonly repo: LibraryRepository,
    private readonly items: ItemAccess,
    private readonly policies: DownloadPolicies,
  ) {}

  /** the item of a folder or file level (404 when the caller may not see it, 409 when editing without the right) */
  private async target(s: Scope, t: Target, need: 'view' | 'edit'): Promise<{ item: ItemRow | null; canEdit: boolean }> {
    if (t.level === 'organization' && t.targetId !== null) throw AppError.validation({ id: DownloadPolicyMessages.idProhibited });
    if (t.level !== 'organization' && t.targetId === null) throw AppError.validation({ id: DownloadPolicyMessages.idRequired });
    if (t.actor.kind !== 'user') throw AppError.forbidden('not a member');
    if (t.level === 'organization' || t.level === 'committee') {
      if (need === 'edit' && !t.actor.isAdmin) throw AppError.forbidden('administrators set the organization and committee policies');
      return { item: null, canEdit: t.actor.isAdmin };
    }
    const { item, access } = await this.items.need(s, t, t.targetId!, need, { folder: t.level === 'folder' });
    return { item, canEdit: access === 'edit' };
  }

  private async view(s: Scope, t: Target, item: ItemRow | null, canEdit: boolean): Promise<DownloadPolicyView> {
    const { steps } = await this.policies.chainOf(s, t, item, { committeeId: t.level === 'committee' ? t.targetId : undefined });
    const eff = effectivePolicy(steps, 'member');
    return { level: t.level, id: t.targetId, policy: steps[steps.length - 1].policy, effective: eff.policy, inherited_from: eff.from, can_edit: canEdit };
  }

  get(t: Target): Promise<DownloadPolicyView> {
    return this.db.tenant(t.orgId, async (s) => {
      const { item, canEdit } = await this.target(s, t, 'view');
      return this.view(s, t, item, canEdit);
    });
  }

  set(t: Target & { policy: DownloadPolicy | null }): Promise<DownloadPolicyView> {
    return this.db.command(t.orgId, async (s) => {
      const { item, canEdit } = await this.target(s, t, 'edit');
      await this.repo.setPolicy(s, t.level, t.targetId ?? ORG_TARGET, t.policy, t.actor.userId);
      return this.view(s, t, item, canEdit);
    });
  }
}
