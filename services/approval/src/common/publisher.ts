import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { AppError, ApprovalRequested, AppPaths, ASSIGNEE_STATUS, currentSigners, GetOrganization, GetUsers, type DirectoryUser, type Recipient } from '@app/contracts';
import { Bus, Outbox } from '@app/platform';
import { ApprovalRepository, type ApprovalRow, type AssigneeRow } from '../repositories/approvals.repository';
import { ordered } from '../rules/access';
import type { Scope } from './approval-db';
import { sha256 } from './document-store';

export type Org = { id: string; slug: string; name: string; time_zone: string };

/** The organization and people an approval's events go to (directory RPCs), guests' link tokens, and ApprovalRequested. */
@Injectable()
export class ApprovalPublisher {
  constructor(
    private readonly repo: ApprovalRepository,
    private readonly bus: Bus,
    private readonly outbox: Outbox,
  ) {}

  async org(orgId: string): Promise<Org> {
    const { organization } = await this.bus.request(GetOrganization, { orgId });
    if (!organization) throw AppError.notFound('organization');
    return organization;
  }

  /**
   * A guest's link token: `<assignee id>.<32 random bytes>` (the guest page reads its assignee id from it); only
   * its SHA-256 is stored. A new one replaces the old.
   */
  async newToken(s: Scope, assigneeId: number): Promise<string> {
    const token = `${assigneeId}.${randomBytes(32).toString('base64url')}`;
    await this.repo.setTokenHash(s, assigneeId, sha256(token));
    return token;
  }

  /** ApprovalRequested for every signer of the current step (guests with their token link) */
  async requestCurrent(s: Scope, org: Org, a: ApprovalRow, assignees: AssigneeRow[], tokens: Map<number, string>, users: DirectoryUser[], onlyNew?: Set<number>) {
    const current = currentSigners(ordered(assignees)).map((x) => assignees.find((r) => String(r.id) === x.id)!);
    for (const r of current) {
      if (onlyNew && !onlyNew.has(r.id)) continue;
      const u = r.userId ? users.find((x) => x.id === r.userId) : null;
      if (r.userId && (!u || u.status === 'Inactive' || u.status === 'Deleted')) continue;
      const token = tokens.get(r.id);
      if (!r.userId && !token) continue;
      const recipient: Recipient = u ? { email: u.email, name: u.name, lang: u.lang } : { email: r.userEmail!, name: r.guestName, lang: r.guestLang };
      await this.outbox.add(s.tx, ApprovalRequested, {
        orgId: org.id, orgSlug: org.slug, orgName: org.name, timeZone: org.time_zone, approvalId: a.id, title: a.title, senderName: a.senderName,
        link: u ? AppPaths.approval(a.id) : AppPaths.guestApproval(a.id, token!), assigneeId: r.id, guest: !u, step: r.step, recipient,
      });
    }
  }

  async senderRecipients(orgId: string, a: ApprovalRow): Promise<Recipient[]> {
    if (!a.senderId) return [];
    const { users } = await this.bus.request(GetUsers, { orgId, ids: [a.senderId] });
    return users.filter((u) => u.status !== 'Deleted').map((u) => ({ email: u.email, name: u.name, lang: u.lang }));
  }

  /** every member assignee who is still a user of the organization, as e-mail recipients */
  async memberRecipients(orgId: string, assignees: AssigneeRow[]): Promise<Recipient[]> {
    const ids = [...new Set(assignees.filter((a) => a.userId).map((a) => a.userId!))];
    if (!ids.length) return [];
    const { users } = await this.bus.request(GetUsers, { orgId, ids });
    return users.filter((u) => u.status !== 'Deleted' && u.status !== 'Inactive').map((u) => ({ email: u.email, name: u.name, lang: u.lang }));
  }

  /** the members still to sign, other than `exceptId`: who the next step's requests may go to */
  async nextUsers(orgId: string, assignees: AssigneeRow[], exceptId: number): Promise<DirectoryUser[]> {
    const ids = [...new Set(assignees.filter((a) => a.userId && a.id !== exceptId && a.status === ASSIGNEE_STATUS.needsToSign).map((a) => a.userId!))];
    return ids.length ? (await this.bus.request(GetUsers, { orgId, ids })).users : [];
  }
}
