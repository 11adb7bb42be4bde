import { Inject, Injectable } from '@nestjs/common';
import { AppError, GetMeeting, LibraryErrors, type Actor } from '@app/contracts';
import { Bus, CONFIG, Storage } from '@app/platform';
import type { LibraryConfig } from '../config';
import { LibraryRepository, type ItemRow } from '../repositories/library.repository';
import { accessOf, best, type Access } from '../rules/access';
import type { Scope } from './library-db';

export type Need = 'view' | 'edit';

/**
 * An item for one caller, decided by rules/access with the shares of every folder above it: the library's use
 * cases and the viewers alike. Also the presigned URL every answer with a `file_url` issues after its check.
 */
@Injectable()
export class ItemAccess {
  constructor(
    private readonly repo: LibraryRepository,
    private readonly bus: Bus,
    private readonly storage: Storage,
    @Inject(CONFIG) private readonly config: LibraryConfig,
  ) {}

  /** the caller's access to an item: its own shares and those of every folder above it */
  async accessTo(s: Scope, item: ItemRow, actor: Actor): Promise<Access> {
    if (actor.kind !== 'user' && actor.kind !== 'system') return null;
    const chain = item.parentId ? await this.repo.ancestors(s, item.id) : [];
    const sh = await this.repo.sharesOf(s, [item.id, ...chain.map((c) => c.id)]);
    // a folder above decides too: its owner edits what is in it
    let a = accessOf({ ownerId: item.ownerId, scope: item.scope, shares: sh }, actor);
    for (const c of chain) a = best(a, accessOf({ ownerId: c.ownerId, scope: c.scope, shares: [] }, actor));
    return a;
  }

  /**
   * The item, when the caller may see it (404 otherwise: another organization's id, a private item of someone
   * else, a folder id where a file is expected). `edit` needed but only `view` held: 409 no permission.
   * With a meeting id, a file attached in that meeting is seen by whoever may see the meeting (guests too).
   */
  async need(s: Scope, c: { orgId: string; actor: Actor }, id: number, need: Need, opts: { folder?: boolean; meetingId?: number } = {}): Promise<{ item: ItemRow; access: Access; reader: string | null }> {
    const item = await this.repo.get(s, id);
    if (!item || (opts.folder !== undefined && item.isFolder !== opts.folder)) throw AppError.notFound('library item');
    let access = await this.accessTo(s, item, c.actor);
    // who reads, as the meeting knows them (a guest's name or e-mail: the activity log's username)
    let reader: string | null = c.actor.name || c.actor.email || null;
    if (!access && need === 'view' && opts.meetingId && !item.isFolder && (await this.repo.usedInMeeting(s, item.id, opts.meetingId))) {
      // the meeting service says whether the caller may see that meeting (404 when not)
      const m = await this.bus.request(GetMeeting, { orgId: c.orgId, actor: c.actor, meetingId: opts.meetingId }).catch((e: unknown) => {
        if (e instanceof AppError && (e.status === 404 || e.status === 403 || e.status === 401)) throw AppError.notFound('library item');
        throw e;
      });
      reader ??= m.current_member?.guest_name || m.current_member?.user_email || null;
      access = 'view';
    }
    if (!access) throw AppError.notFound('library item');
    if (need === 'edit' && access !== 'edit') throw new AppError(LibraryErrors.LIBRARY_NO_PERMISSION);
    return { item, access, reader };
  }

  /** a fresh presigned URL of a stored object, living LIBRARY_URL_TTL_SECONDS */
  url(key: string | null): Promise<string | null> {
    return key ? this.storage.presignedGet(key, this.config.LIBRARY_URL_TTL_SECONDS) : Promise.resolve(null);
  }
}
