import { Inject, Injectable } from '@nestjs/common';
import { AppError, type Actor } from '@app/contracts';
import { CONFIG, guestLinkState } from '@app/platform';
import type { ApprovalConfig } from '../config';
import { ApprovalRepository, type ApprovalRow, type AssigneeRow, type DocumentRow } from '../repositories/approvals.repository';
import { approvalRights, type ApprovalRights } from '../rules/access';
import type { Scope } from './approval-db';
import { sha256 } from './document-store';

/** an approval as one caller sees it: the rows, their own assignee row, and what rules/access lets them do */
export interface Seen {
  approval: ApprovalRow;
  docs: DocumentRow[];
  assignees: AssigneeRow[];
  me: AssigneeRow | null;
  sender: boolean;
  rights: ApprovalRights;
}

/**
 * `link`: how a guest's link is checked (410 GUEST_LINK_EXPIRED). 'running': it works GUEST_LINK_DAYS from when it
 * was sent, and only while the approval runs (fully signed or rejected ends it). 'download': the signed document of
 * a fully signed approval stays downloadable until the link's expiry (the spec's guest download); a rejected one
 * ends it. 'none': the answer to the guest's own sign or reject, checked before it.
 */
export type LinkCheck = 'running' | 'download' | 'none';

/** Loads an approval for one caller and decides with rules/access: the approval use cases and the signing page alike. */
@Injectable()
export class ApprovalAccess {
  constructor(
    private readonly repo: ApprovalRepository,
    @Inject(CONFIG) private readonly config: ApprovalConfig,
  ) {}

  /** 404 for another organization's id, someone who takes no part, a wrong guest token; 410 for a guest link that ended */
  async see(s: Scope, c: { actor: Actor }, approvalId: number, guestId?: number, lock = false, link: LinkCheck = 'running'): Promise<Seen> {
    const approval = await this.repo.get(s, approvalId, { lock });
    if (!approval) throw AppError.notFound('approval');
    const [docs, assignees] = await Promise.all([this.repo.documentsOf(s, [approval.id]), this.repo.assigneesOf(s, [approval.id])]);
    const a = c.actor;
    const caller = a.kind === 'guest' ? 'guest' : a.kind === 'user' && a.userId ? 'user' : 'other';
    let me: AssigneeRow | null = null;
    if (caller === 'guest') {
      const hash = a.guestToken ? sha256(a.guestToken) : '';
      me = assignees.find((x) => x.tokenHash === hash && (guestId === undefined || x.id === guestId)) ?? null;
    } else if (caller === 'user') me = assignees.find((x) => x.userId === a.userId) ?? null;
    const sender = caller === 'user' && approval.senderId === a.userId;
    const rights = approvalRights({ caller, isAdmin: a.isAdmin, status: approval.status, assignees, me, sender });
    if (!rights.see) throw AppError.notFound('approval');
    if (caller === 'guest' && link !== 'none') {
      // the link's issue time is the row's last change (its token is set, or replaced, with it)
      const ended = approval.status === 'rejected' || (approval.status === 'fully signed' && link === 'running');
      if (guestLinkState({ issuedAt: null, fallbackIssuedAt: me!.updatedAt, ended }, new Date(), this.config.GUEST_LINK_DAYS) !== 'live') throw new AppError('GUEST_LINK_EXPIRED');
    }
    return { approval, docs, assignees, me, sender, rights };
  }
}
