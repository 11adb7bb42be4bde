import { Injectable } from '@nestjs/common';
import { ReleaseFiles, UseFiles, type Actor, type UsageType } from '@app/contracts';
import { Bus } from '@app/platform';
import type { Scope } from '../db/db';
import { AgendaRepository, type AttachmentOwner } from '../repositories/agenda.repository';

/** where an item's files are used, as the library's "used in" shows it */
export interface AttachmentUsage {
  title: string;
  meeting: { id: number; title: string } | null;
}

export function usageOf(owner: AttachmentOwner): { type: UsageType; id: number } {
  if ('talkingPointId' in owner) return { type: 'talking_point', id: owner.talkingPointId };
  if ('subpointId' in owner) return { type: 'subpoint', id: owner.subpointId };
  if ('decisionId' in owner) return { type: 'decision', id: owner.decisionId };
  return { type: 'action', id: owner.actionId };
}

/** decisions and actions take PDF files only (meetings.md, decisions and actions); agenda items any library file */
export const pdfOnly = (owner: AttachmentOwner): boolean => 'decisionId' in owner || 'actionId' in owner;

/**
 * An item's attachments are library files the library has checked (docs/library.md#attachments-of-the-meeting-service):
 * each new id exists in the organization, is a file the actor may use, and is a PDF where the item takes PDFs only —
 * otherwise 409 'Error in validation' on `attachments` and nothing is written (the library answers before the
 * meeting writes). The library then records the item in the files' "used in"; deleting the item releases them.
 * Called inside the meeting's transaction: if that transaction fails after the library answered, the usage is
 * corrected by the item's next save (usages are replaced per item, never added to).
 */
@Injectable()
export class Attachments {
  constructor(private readonly agenda: AgendaRepository, private readonly bus: Bus) {}

  /**
   * Make the item's attachments exactly these library ids. `trusted`: the ids come from another item of the
   * organization (a copied meeting), checked when they were first attached.
   */
  async set(s: Scope, actor: Actor, owner: AttachmentOwner, ids: number[], usage: AttachmentUsage, opts: { trusted?: boolean } = {}): Promise<void> {
    const existing = await this.agenda.attachmentsOfOwner(s, owner);
    const want = [...new Set(ids)];
    if (want.length || existing.length) {
      const keep = opts.trusted ? want : existing.map((a) => a.libraryId);
      await this.bus.request(UseFiles, {
        orgId: s.orgId, actor, ids: want, pdfOnly: pdfOnly(owner), keep,
        usage: { ...usageOf(owner), title: usage.title, meeting_id: usage.meeting?.id ?? null, meeting_title: usage.meeting?.title ?? null },
      });
    }
    await this.agenda.setAttachments(s, owner, want, actor.userId);
  }

  /** one more file on the item */
  async add(s: Scope, actor: Actor, owner: AttachmentOwner, libraryId: number, usage: AttachmentUsage): Promise<void> {
    const existing = (await this.agenda.attachmentsOfOwner(s, owner)).map((a) => a.libraryId);
    await this.set(s, actor, owner, [...existing, libraryId], usage);
  }

  /** the items are gone (deleted, or their files detached another way): their files no longer list them */
  async released(s: Scope, actor: Actor, owners: AttachmentOwner[]): Promise<void> {
    for (const owner of owners) await this.bus.request(ReleaseFiles, { orgId: s.orgId, actor, ...usageOf(owner) });
  }
}
