import { Injectable } from '@nestjs/common';
import { AppError, GetInformation, GetMeeting, type Actor, type DownloadPolicy, type PolicyLevel, type Watermark } from '@app/contracts';
import { Bus } from '@app/platform';
import { LibraryRepository, type ItemRow } from '../repositories/library.repository';
import { effectivePolicy, type EffectivePolicy, type PolicyStep } from '../rules/download-policy';
import type { Scope } from './library-db';

/** the organization's row in library.download_policies */
export const ORG_TARGET = 0;

/** `2026-11-27 22:31 UTC`: the time a watermark carries */
export const watermarkTime = (d: Date): string => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The download policy of an item for one reader (docs/library.md#download-policy): the chain organization →
 * committee (of the meeting the file is opened in, or the meeting a board book belongs to) → every folder above
 * → the item, decided by rules/download-policy; and the watermark text of a reader.
 */
@Injectable()
export class DownloadPolicies {
  constructor(private readonly repo: LibraryRepository, private readonly bus: Bus) {}

  /** the committee of the meeting the item is opened in or belongs to; null when none, or the reader may not see it */
  private async committeeOf(s: Scope, c: { orgId: string; actor: Actor }, item: ItemRow, meetingId?: number): Promise<number | null> {
    let meeting: number | null = null;
    if (meetingId && (await this.repo.usedInMeeting(s, item.id, meetingId))) meeting = meetingId;
    else meeting = (await this.repo.usagesOf(s, item.id)).find((u) => u.meetingId !== null)?.meetingId ?? null;
    if (!meeting) return null;
    try {
      return (await this.bus.request(GetMeeting, { orgId: c.orgId, actor: c.actor, meetingId: meeting })).committee_id ?? null;
    } catch (e) {
      if (e instanceof AppError && [401, 403, 404].includes(e.status)) return null;
      throw e;
    }
  }

  /** the chain of levels above and at an item, from the organization down, with each level's own setting */
  async chainOf(s: Scope, c: { orgId: string; actor: Actor }, item: ItemRow | null, opts: { meetingId?: number; committeeId?: number | null; noCommittee?: boolean } = {}): Promise<{ steps: PolicyStep[]; targets: { level: PolicyLevel; id: number }[] }> {
    const targets: { level: PolicyLevel; id: number }[] = [{ level: 'organization', id: ORG_TARGET }];
    let committee = opts.committeeId ?? null;
    if (item && committee === null && !opts.noCommittee && (await this.repo.hasCommitteePolicies(s))) committee = await this.committeeOf(s, c, item, opts.meetingId);
    if (committee !== null) targets.push({ level: 'committee', id: committee });
    if (item) {
      const above = item.parentId ? await this.repo.ancestors(s, item.id) : [];
      for (const f of [...above].reverse()) targets.push({ level: 'folder', id: f.id });
      targets.push({ level: item.isFolder ? 'folder' : 'file', id: item.id });
    }
    const rows = await this.repo.policies(s, targets);
    const steps = targets.map((t) => ({ level: t.level, policy: (rows.find((r) => r.level === t.level && r.targetId === t.id)?.policy ?? null) as DownloadPolicy | null }));
    return { steps, targets };
  }

  /** what applies to this reader for this file (a guest: view only) */
  async of(s: Scope, c: { orgId: string; actor: Actor }, item: ItemRow, meetingId?: number): Promise<EffectivePolicy> {
    const { steps } = await this.chainOf(s, c, item, { meetingId });
    return effectivePolicy(steps, c.actor.kind === 'user' ? 'member' : 'guest');
  }

  /**
   * What applies to this reader for many files at once (listings, details, attachments): whether the answer may carry
   * the stored file's URL. The system actor (another service resolving files for its own readers) reads as a
   * member; a guest reads view only. One query when the organization sets no policy anywhere.
   * The meeting service is never asked here (it asks the library for its attachments while it builds a meeting, so
   * asking it back would go round): when the organization sets committee policies, a file used in a meeting counts
   * as not downloadable in these answers (its viewer, opened in the meeting, applies the committee's policy).
   */
  async ofMany(s: Scope, c: { orgId: string; actor: Actor }, items: readonly ItemRow[]): Promise<Map<number, DownloadPolicy>> {
    const out = new Map<number, DownloadPolicy>();
    const reader = c.actor.kind === 'user' || c.actor.kind === 'system' ? 'member' : 'guest';
    if (!items.length) return out;
    if (reader === 'member' && !(await this.repo.hasPolicies(s))) {
      for (const i of items) out.set(i.id, effectivePolicy([], reader).policy);
      return out;
    }
    const committees = await this.repo.hasCommitteePolicies(s);
    for (const i of items) {
      if (reader === 'member' && committees && (await this.repo.usagesOf(s, i.id)).some((u) => u.meetingId !== null)) {
        out.set(i.id, 'view_only');
        continue;
      }
      out.set(i.id, effectivePolicy((await this.chainOf(s, c, i, { noCommittee: true })).steps, reader).policy);
    }
    return out;
  }

  /** the reader's name, e-mail and organization, and the time now */
  async watermark(c: { orgId: string; actor: Actor }, now = new Date()): Promise<Watermark> {
    const org = await this.bus.request(GetInformation, { orgId: c.orgId, actor: c.actor });
    return { name: c.actor.name ?? '', email: c.actor.email ?? '', organization: org.name || org.company_name, time: watermarkTime(now) };
  }
}
