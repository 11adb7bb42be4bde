import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  AppError, AppPaths, ConvertToPdf, LIBRARY_MAX_BYTES, FileAccessed, GetOrganization, localToInstant, type FileAction, RemoveWatermarkedCopy, type DownloadPolicy, type Watermark, CONVERTIBLE_KINDS, ExtractFileText, FileDeleted, FileUploaded, GetUsers, ItemShared, LibraryErrors, LibraryMessages, serverDate,
  type Actor, type FileKind, type ItemKind, type LibraryDetails, type LibraryFetch, type LibraryFileRef, type LibraryItem, type LibraryListing,
  type LibraryScope, type LibraryTab, type SharedWith, type UsageType, type OutlineEntry, ExportAnnotatedJob, zAnnotatedExportProgress, type AnnotatedExportState,
} from '@app/contracts';
import { Bus, CONFIG, Jobs, logger, OrgZones, Outbox, Storage } from '@app/platform';
import type { LibraryConfig } from '../config';
import { DownloadPolicies } from '../common/download-policies';
import { mayDownload } from '../rules/download-policy';
import { burnWatermark, NotWatermarkable } from './watermark';
import { emailAttachment } from '../common/email';
import { ItemAccess } from '../common/item-access';
import { LibraryDb, type Scope } from '../common/library-db';
import { FileTextRepository } from '../repositories/file-text.repository';
import { LibraryRepository, type ItemRow, type ShareRow } from '../repositories/library.repository';
import { AnnotationsRepository } from '../repositories/annotations.repository';
import { maySeeAnnotation } from '../rules/annotations';
import { annotatePdf, type ExportMark } from '../common/annotated-pdf';
import { accessOf, best, mayUploadInto, type Access } from '../rules/access';
import { textJobId, textSourceOf } from '../rules/text';

interface Call {
  orgId: string;
  actor: Actor;
}
interface ReaderPolicy {
  policy: DownloadPolicy;
  watermark: Watermark | null;
}
type Usage = { type: UsageType; id: number; title: string; meeting_id: number | null; meeting_title: string | null };

export interface Stored {
  key: string;
  size: number;
  mime: string;
  kind: FileKind;
  extension: string;
}

/** Use cases of the library: one transaction per request, access checked on every call (docs/library.md). */
@Injectable()
export class LibraryService {
  constructor(
    private readonly db: LibraryDb,
    private readonly repo: LibraryRepository,
    private readonly storage: Storage,
    private readonly bus: Bus,
    private readonly jobs: Jobs,
    private readonly outbox: Outbox,
    private readonly items: ItemAccess,
    private readonly zones: OrgZones,
    private readonly policies: DownloadPolicies,
    private readonly text: FileTextRepository,
    private readonly annotations: AnnotationsRepository,
    @Inject(CONFIG) private readonly config: LibraryConfig,
  ) {}

  // ---------- answers (access: common/item-access, with rules/access) ----------

  private url(key: string | null): Promise<string | null> {
    return this.items.url(key);
  }

  private sharedWith(rows: ShareRow[], zone: string): SharedWith[] {
    return rows.map((r) => ({ user_id: r.userId, name: r.userName, email: r.userEmail, image: r.userImage, can_edit: r.canEdit, expires_at: r.expiresAt ? serverDate(r.expiresAt, zone) : null }));
  }

  async toItems(s: Scope, actor: Actor, rows: { item: ItemRow; access: Access }[]): Promise<LibraryItem[]> {
    const ids = rows.map((r) => r.item.id);
    const sh = await this.repo.sharesOf(s, ids);
    const favs = actor.userId ? await this.repo.favoriteIds(s, actor.userId, ids) : new Set<number>();
    const zone = await this.zones.of(s.orgId);
    const policy = await this.policies.ofMany(s, { orgId: s.orgId, actor }, rows.map((r) => r.item).filter((i) => !i.isFolder));
    return Promise.all(
      rows.map(async ({ item, access }) => ({
        id: item.id,
        name: item.name,
        type: item.isFolder ? 'folder' : (item.mime ?? 'application/octet-stream'),
        kind: (item.isFolder ? 'folder' : item.kind) as ItemKind,
        extension: item.extension,
        // the stored file's URL only for a reader who may download it (docs/library.md#what-the-viewer-opens)
        file_url: item.isFolder || policy.get(item.id) !== 'download' ? null : await this.url(item.s3Key),
        size: item.size,
        owner: { id: item.ownerId, name: item.ownerName },
        scope: item.scope as LibraryScope,
        dir: item.parentId,
        can_edit: access === 'edit',
        favorite: favs.has(item.id),
        hidden: item.hidden,
        restricted: item.restricted,
        version: item.version,
        conversion: { status: item.conversionStatus as LibraryItem['conversion']['status'], progress: item.conversionProgress },
        shared_with: this.sharedWith(sh.filter((x) => x.itemId === item.id), zone),
        created_at: serverDate(item.createdAt, zone)!,
        updated_at: serverDate(item.updatedAt, zone)!,
      })),
    );
  }

  private async one(s: Scope, actor: Actor, item: ItemRow, access: Access): Promise<LibraryItem> {
    return (await this.toItems(s, actor, [{ item, access }]))[0];
  }

  /** keep the rows the caller may see, with their access */
  private async visible(s: Scope, actor: Actor, rows: ItemRow[]): Promise<{ item: ItemRow; access: Access }[]> {
    const out: { item: ItemRow; access: Access }[] = [];
    for (const item of rows) {
      const access = await this.items.accessTo(s, item, actor);
      if (access) out.push({ item, access });
    }
    return out;
  }

  // ---------- listings ----------

  list(c: Call & { tab: LibraryTab; type?: FileKind; dir?: number }): Promise<LibraryListing> {
    return this.db.tenant(c.orgId, async (s) => {
      const me = c.actor.userId;
      if (c.actor.kind !== 'user' || !me) throw AppError.notFound('library');
      if (c.dir) {
        const { item: dir, access } = await this.items.need(s, c, c.dir, 'view', { folder: true });
        const chain = await this.repo.ancestors(s, dir.id);
        const kids = await this.repo.children(s, dir.id, c.type);
        const own = await this.repo.sharesOf(s, kids.map((k) => k.id));
        const rows = kids.map((k) => ({ item: k, access: best(access, accessOf({ ownerId: k.ownerId, scope: k.scope, shares: own.filter((x) => x.itemId === k.id) }, c.actor)) }));
        const all = await this.toItems(s, c.actor, [{ item: dir, access }, ...rows]);
        return {
          tab: c.tab,
          dir: all[0],
          breadcrumbs: [...chain].reverse().concat(dir).map((x) => ({ id: x.id, name: x.name })),
          dirs: all.slice(1).filter((x) => x.kind === 'folder'),
          files: all.slice(1).filter((x) => x.kind !== 'folder'),
        };
      }
      let rows: ItemRow[];
      if (c.tab === 'my') rows = await this.repo.top(s, { scope: 'private', ownerId: me }, c.type);
      else if (c.tab === 'organization') rows = await this.repo.top(s, { scope: 'organization' }, c.type);
      else if (c.tab === 'shared') rows = (await this.repo.sharedWith(s, me)).filter((r) => r.ownerId !== me);
      else rows = await this.repo.favoriteItems(s, me);
      if (c.type && c.tab !== 'my' && c.tab !== 'organization') rows = rows.filter((r) => r.isFolder || r.kind === c.type);
      const all = await this.toItems(s, c.actor, await this.visible(s, c.actor, rows));
      return { tab: c.tab, dir: null, breadcrumbs: [], dirs: all.filter((x) => x.kind === 'folder'), files: all.filter((x) => x.kind !== 'folder') };
    });
  }

  search(c: Call & { search: string; type?: FileKind; tab?: LibraryTab }): Promise<LibraryListing> {
    return this.db.tenant(c.orgId, async (s) => {
      if (c.actor.kind !== 'user' || !c.actor.userId) throw AppError.notFound('library');
      let rows = await this.repo.search(s, c.search, c.type);
      if (c.tab === 'my') rows = rows.filter((r) => r.ownerId === c.actor.userId && r.scope === 'private');
      if (c.tab === 'organization') rows = rows.filter((r) => r.scope === 'organization');
      let vis = await this.visible(s, c.actor, rows);
      if (c.tab === 'shared') vis = vis.filter((v) => v.item.ownerId !== c.actor.userId && v.item.scope === 'private');
      if (c.tab === 'favorite') {
        const favs = await this.repo.favoriteIds(s, c.actor.userId, vis.map((v) => v.item.id));
        vis = vis.filter((v) => favs.has(v.item.id));
      }
      const all = await this.toItems(s, c.actor, vis);
      return { tab: c.tab ?? 'my', dir: null, breadcrumbs: [], dirs: all.filter((x) => x.kind === 'folder'), files: all.filter((x) => x.kind !== 'folder') };
    });
  }

  details(c: Call & { itemId: number }): Promise<LibraryDetails> {
    return this.db.tenant(c.orgId, async (s) => {
      const { item, access } = await this.items.need(s, c, c.itemId, 'view');
      const base = await this.one(s, c.actor, item, access);
      const used = await this.repo.usagesOf(s, item.id);
      const vs = item.isFolder ? [] : await this.repo.versionsOf(s, item.id);
      const zone = await this.zones.of(c.orgId);
      const downloads = !item.isFolder && (await this.policies.ofMany(s, c, [item])).get(item.id) === 'download';
      return {
        ...base,
        text_index: item.isFolder ? null : { status: item.textStatus as LibraryFetch['text_index']['status'], pages: item.textPages, truncated: item.textTruncated },
        used_in: used.map((u) => ({ type: u.usageType as UsageType, id: u.usageId, title: u.title, meeting_id: u.meetingId, meeting_title: u.meetingTitle })),
        versions: await Promise.all(
          vs.map(async (v) => ({ version: v.version, size: v.size, created_at: serverDate(v.createdAt, zone)!, created_by: { id: v.createdBy, name: v.createdByName }, file_url: downloads ? await this.url(v.s3Key) : null, meeting_id: v.meetingId })),
        ),
      };
    });
  }

  // ---------- folders and files ----------

  /** where a new item goes: the folder (checked) or the top of the tab; answers its scope */
  private async target(s: Scope, c: Call, dir: number | undefined, scope: LibraryScope | undefined): Promise<{ parentId: number | null; scope: LibraryScope }> {
    if (c.actor.kind !== 'user' || !c.actor.userId) throw AppError.notFound('library');
    if (!dir) return { parentId: null, scope: scope ?? 'private' };
    const folder = await this.repo.get(s, dir);
    if (!folder || !folder.isFolder) throw AppError.validation({ dir: LibraryMessages.unknownFolder });
    const access = await this.items.accessTo(s, folder, c.actor);
    const may = mayUploadInto(folder, access, c.actor);
    if (may === 'no-access') throw AppError.validation({ dir: LibraryMessages.unknownFolder });
    if (may === 'restricted') throw new AppError(LibraryErrors.LIBRARY_FOLDER_RESTRICTED, { fields: { file: [LibraryMessages.restricted] } });
    return { parentId: folder.id, scope: folder.scope as LibraryScope };
  }

  checkUploadTarget(c: Call & { dir?: number; scope?: LibraryScope }): Promise<{ ok: true }> {
    return this.db.tenant(c.orgId, async (s) => {
      await this.target(s, c, c.dir, c.scope);
      return { ok: true as const };
    });
  }

  createDirectory(c: Call & { name: string; dir?: number; scope?: LibraryScope; restricted?: boolean }): Promise<LibraryItem> {
    return this.db.command(c.orgId, async (s) => {
      const t = await this.target(s, c, c.dir, c.scope);
      const row = await this.repo.insert(s, {
        parentId: t.parentId, isFolder: true, name: c.name, scope: t.scope, ownerId: c.actor.userId, ownerName: c.actor.name ?? '', restricted: !!c.restricted, version: 0,
      });
      return this.one(s, c.actor, row, 'edit');
    });
  }

  registerFile(c: Call & Stored & { name: string; dir?: number; scope?: LibraryScope; outlines?: OutlineEntry[]; usage?: Usage }): Promise<LibraryItem> {
    return this.db.command(c.orgId, async (s, after) => {
      const t = await this.target(s, c, c.dir, c.scope);
      const convertible = CONVERTIBLE_KINDS.includes(c.kind);
      const row = await this.repo.insert(s, {
        parentId: t.parentId, isFolder: false, name: c.name, scope: t.scope, ownerId: c.actor.userId, ownerName: c.actor.name ?? '',
        kind: c.kind, mime: c.mime, extension: c.extension, size: c.size, s3Key: c.key, version: 1, conversionStatus: convertible ? 'pending' : 'none',
        outlines: c.outlines ?? null, textStatus: textSourceOf(c.kind, c.extension) ? 'pending' : 'none',
      });
      if (c.usage) await this.repo.addUsage(s, { type: c.usage.type, id: c.usage.id, title: c.usage.title, meetingId: c.usage.meeting_id, meetingTitle: c.usage.meeting_title }, row.id);
      await this.repo.addVersion(s, { itemId: row.id, version: 1, s3Key: c.key, size: c.size, createdBy: c.actor.userId, createdByName: c.actor.name ?? '' });
      await this.outbox.add(s.tx, FileUploaded, { orgId: c.orgId, itemId: row.id, name: row.name, kind: c.kind, ownerId: row.ownerId, size: c.size, version: 1 });
      if (convertible) after(() => this.enqueueConversion(c.orgId, row.id, 1));
      after(() => this.enqueueText(c.orgId, c.kind, c.extension, row.id, 1));
      return this.one(s, c.actor, row, 'edit');
    });
  }

  checkEditable(c: Call & { itemId: number }): Promise<LibraryItem> {
    return this.db.tenant(c.orgId, async (s) => {
      const { item, access } = await this.items.need(s, c, c.itemId, 'edit', { folder: false });
      return this.one(s, c.actor, item, access);
    });
  }

  addVersion(c: Call & Stored & { itemId: number; meetingId?: number }): Promise<LibraryItem> {
    return this.db.command(c.orgId, async (s, after) => {
      const { item: found, access } = await this.items.need(s, c, c.itemId, 'edit', { folder: false });
      const item = (await this.repo.get(s, found.id, { lock: true }))!;
      // the same stored object again (a job retried after a crash): nothing new, the version it already is
      const again = await this.repo.versionByKey(s, item.id, c.key);
      if (again) return { ...(await this.one(s, c.actor, item, access)), version: again.version };
      if (item.kind !== c.kind) throw new AppError(LibraryErrors.LIBRARY_FILE_TYPE, { fields: { file: [item.kind === 'pdf' ? LibraryMessages.pdfOnly : LibraryMessages.fileType] } });
      const version = item.version + 1;
      await this.repo.addVersion(s, { itemId: item.id, version, s3Key: c.key, size: c.size, createdBy: c.actor.userId, createdByName: c.actor.name ?? '', meetingId: c.meetingId ?? null });
      const convertible = CONVERTIBLE_KINDS.includes(c.kind);
      const row = await this.repo.update(s, item.id, {
        s3Key: c.key, size: c.size, mime: c.mime, extension: c.extension, version, conversionStatus: convertible ? 'pending' : 'none', conversionProgress: 0, pdfKey: null,
        textStatus: textSourceOf(c.kind, c.extension) ? 'pending' : 'none', textPages: 0, textTruncated: false,
      });
      await this.outbox.add(s.tx, FileUploaded, { orgId: c.orgId, itemId: row.id, name: row.name, kind: c.kind, ownerId: row.ownerId, size: c.size, version });
      if (convertible) after(() => this.enqueueConversion(c.orgId, row.id, version));
      after(() => this.enqueueText(c.orgId, c.kind, c.extension, row.id, version));
      return this.one(s, c.actor, row, access);
    });
  }

  rename(c: Call & { itemId: number; folder: boolean; name: string }): Promise<LibraryItem> {
    return this.db.command(c.orgId, async (s) => {
      const { item, access } = await this.items.need(s, c, c.itemId, 'edit', { folder: c.folder });
      return this.one(s, c.actor, await this.repo.update(s, item.id, { name: c.name }), access);
    });
  }

  move(c: Call & { itemId: number; folder: boolean; dir: number | null }): Promise<LibraryItem> {
    return this.db.command(c.orgId, async (s) => {
      const { item, access } = await this.items.need(s, c, c.itemId, 'edit', { folder: c.folder });
      const t = await this.target(s, c, c.dir ?? undefined, item.scope as LibraryScope);
      const tree = await this.repo.subtree(s, item.id);
      if (t.parentId !== null && tree.some((x) => x.id === t.parentId)) throw new AppError(LibraryErrors.LIBRARY_MOVE_INTO_ITSELF, { fields: { dir: ['A folder cannot be moved into itself.'] } });
      for (const x of tree) if (x.scope !== t.scope) await this.repo.update(s, x.id, { scope: t.scope });
      return this.one(s, c.actor, await this.repo.update(s, item.id, { parentId: t.parentId, scope: t.scope }), access);
    });
  }

  delete(c: Call & { itemId: number; folder: boolean }): Promise<{ ok: true }> {
    return this.db
      .command(c.orgId, async (s, after) => {
        const { item } = await this.items.need(s, c, c.itemId, 'edit', { folder: c.folder });
        const tree = await this.repo.subtree(s, item.id);
        const keys = await this.repo.deleteItems(s, tree.map((x) => x.id));
        await this.repo.dropPolicies(s, tree.map((x) => x.id));
        for (const x of tree.filter((t) => !t.isFolder)) await this.outbox.add(s.tx, FileDeleted, { orgId: c.orgId, itemId: x.id, name: x.name, kind: x.kind as FileKind, ownerId: x.ownerId });
        after(() => Promise.all(keys.map((k) => this.storage.remove(k).catch((err: unknown) => logger().warn({ err, key: k }, 'deleted library object left in S3')))));
        return { ok: true as const };
      });
  }

  // ---------- sharing, favorites ----------

  async share(c: Call & { itemId: number; users: { user_id: number; can_edit: boolean; expires_at?: string }[] }): Promise<{ shared_with: SharedWith[] }> {
    const ids = [...new Set(c.users.map((u) => u.user_id))];
    const found = ids.length ? (await this.bus.request(GetUsers, { orgId: c.orgId, ids })).users.filter((u) => u.status !== 'Deleted') : [];
    const bad = ids.filter((i) => !found.some((u) => u.id === i));
    if (bad.length) throw AppError.validation({ users: LibraryMessages.unknownUser });
    // an expiry is the organization's local time, and must be ahead (409 on users, nothing written)
    const zone = await this.zones.of(c.orgId);
    const now = new Date();
    const expiry = new Map(c.users.filter((u) => u.expires_at).map((u) => [u.user_id, localToInstant(u.expires_at!, zone)]));
    if ([...expiry.values()].some((d) => d.getTime() <= now.getTime())) throw AppError.validation({ users: LibraryMessages.shareExpiryPast });
    const org = ids.length ? (await this.bus.request(GetOrganization, { orgId: c.orgId })).organization : null;
    return this.db.command(c.orgId, async (s) => {
      const { item } = await this.items.need(s, c, c.itemId, 'edit');
      const before = new Set((await this.repo.sharesOf(s, [item.id])).map((x) => x.userId));
      const list = c.users
        .filter((u, i, a) => a.findIndex((x) => x.user_id === u.user_id) === i && u.user_id !== item.ownerId)
        .map((u) => {
          const d = found.find((f) => f.id === u.user_id)!;
          return { userId: d.id, userName: d.name, userEmail: d.email, userImage: d.image, canEdit: u.can_edit, expiresAt: expiry.get(u.user_id) ?? null };
        });
      await this.repo.replaceShares(s, item.id, list);
      const added = list.filter((x) => !before.has(x.userId)).map((x) => x.userId);
      if (added.length) {
        const recipients = list
          .filter((x) => added.includes(x.userId) && x.userEmail)
          .map((x) => ({ email: x.userEmail!, name: x.userName, lang: found.find((f) => f.id === x.userId)?.lang ?? 'en', canEdit: x.canEdit, expiresAt: x.expiresAt?.toISOString() ?? null }));
        await this.outbox.add(s.tx, ItemShared, {
          orgId: c.orgId, itemId: item.id, name: item.name, folder: item.isFolder, userIds: added, by: c.actor.userId, byName: c.actor.name ?? null,
          orgSlug: org?.slug ?? '', orgName: org?.name ?? '', timeZone: zone, link: AppPaths.library(), recipients,
        });
        await this.outbox.add(s.tx, FileAccessed, {
          orgId: c.orgId, itemId: item.id, name: item.name, folder: item.isFolder, action: 'share', userId: c.actor.userId,
          username: c.actor.name || c.actor.email || 'unknown', guest: false, with: list.filter((x) => added.includes(x.userId)).map((x) => x.userName),
        });
      }
      return { shared_with: this.sharedWith(await this.repo.sharesOf(s, [item.id]), zone) };
    });
  }

  sharedWithList(c: Call & { itemId: number }): Promise<{ shared_with: SharedWith[] }> {
    return this.db.tenant(c.orgId, async (s) => {
      const { item } = await this.items.need(s, c, c.itemId, 'view');
      return { shared_with: this.sharedWith(await this.repo.sharesOf(s, [item.id]), await this.zones.of(c.orgId)) };
    });
  }

  unshare(c: Call & { itemId: number; userId: number }): Promise<{ shared_with: SharedWith[] }> {
    return this.db.command(c.orgId, async (s) => {
      const { item } = await this.items.need(s, c, c.itemId, 'edit');
      await this.repo.removeShare(s, item.id, c.userId);
      return { shared_with: this.sharedWith(await this.repo.sharesOf(s, [item.id]), await this.zones.of(c.orgId)) };
    });
  }

  setFavorite(c: Call & { itemId: number; favorite?: boolean }): Promise<LibraryItem> {
    return this.db.command(c.orgId, async (s) => {
      const { item, access } = await this.items.need(s, c, c.itemId, 'view');
      const me = c.actor.userId!;
      const on = c.favorite ?? !(await this.repo.favoriteIds(s, me, [item.id])).has(item.id);
      await this.repo.setFavorite(s, me, item.id, on);
      return this.one(s, c.actor, item, access);
    });
  }

  // ---------- viewers ----------

  /** the search box's text of a new version (docs/search.md#text-inside-files); an office file's waits for its PDF (the conversion job adds it) */
  private async enqueueText(orgId: string, kind: FileKind, extension: string, itemId: number, version: number): Promise<void> {
    const source = textSourceOf(kind, extension);
    if (source && source !== 'converted-pdf') await this.jobs.add(ExtractFileText, { orgId, itemId, version }, { jobId: textJobId(orgId, itemId, version) });
  }

  async enqueueConversion(orgId: string, itemId: number, version: number): Promise<void> {
    await this.jobs.add(ConvertToPdf, { orgId, itemId, version }, { jobId: `convert-${orgId}-${itemId}-${version}` });
  }

  /** the reader's download policy of a file, and the overlay's text when it is watermarked */
  private async readerPolicy(s: Scope, c: Call, item: ItemRow, meetingId?: number): Promise<ReaderPolicy> {
    const { policy } = await this.policies.of(s, c, item, meetingId);
    return { policy, watermark: policy === 'watermarked' ? await this.policies.watermark(c) : null };
  }

  /**
   * What the viewer opens (docs/library.md#what-the-viewer-opens): the stored file (an office file's PDF rendering)
   * for a reader who may download it; otherwise a copy made for this reader on the call, never the stored object:
   * watermarked, the PDF with the reader's watermark burned in; view only (and a watermarked file that cannot carry
   * one), a plain copy. A copy's URL lives LIBRARY_VIEW_URL_TTL_SECONDS and the copy is removed a minute after.
   */
  private async viewUrl(c: Call, item: ItemRow, reader: ReaderPolicy, source: string): Promise<string> {
    // the system actor (another service's job, the board book) reads the stored file; its readers' policy applies on their own calls
    if (reader.policy === 'download' || c.actor.kind === 'system') return (await this.url(source))!;
    const ttl = this.config.LIBRARY_VIEW_URL_TTL_SECONDS;
    const pdf = item.kind === 'pdf' || source === item.pdfKey;
    if (reader.policy === 'watermarked' && pdf && reader.watermark) {
      const burnt = await this.burn(source, reader.watermark).catch((e: unknown) => {
        if (e instanceof AppError && e.code === LibraryErrors.LIBRARY_NOT_WATERMARKABLE) return null;
        throw e;
      });
      if (burnt) return (await this.readerCopy(c, item, 'watermarked', 'pdf', ttl, (key) => this.storage.put(key, Buffer.from(burnt), burnt.length, 'application/pdf'))).url;
    }
    const ext = pdf ? 'pdf' : (item.extension || 'bin');
    return (await this.readerCopy(c, item, 'view', ext, ttl, (key) => this.storage.copy(source, key))).url;
  }

  /** a copy for one reader under `<orgId>/<prefix>/`, its URL living `ttl` seconds; a delayed job removes it a minute after */
  private async readerCopy(c: Call, item: ItemRow, prefix: 'watermarked' | 'view' | 'annotated', ext: string, ttl: number, write: (key: string) => Promise<void>): Promise<{ url: string; key: string }> {
    const key = Storage.key(c.orgId, prefix, `${item.id}-${item.version}-${c.actor.userId ?? 0}-${randomUUID()}.${ext}`);
    await write(key);
    await this.jobs.add(RemoveWatermarkedCopy, { orgId: c.orgId, key }, { jobId: `wm-${key.replace(/[^\w-]/g, '_')}`, delayMs: (ttl + 60) * 1000 });
    return { url: await this.storage.presignedGet(key, ttl), key };
  }

  /** the PDF at `source` (an S3 key, or bytes already read) with the reader's watermark on every page; 409 when pdf-lib cannot rewrite it */
  private async burn(source: string | Buffer, mark: Watermark): Promise<Uint8Array> {
    const max = this.config.WATERMARK_MAX_MB * 1024 * 1024;
    if (typeof source !== 'string' && source.length > max) throw new AppError('PAYLOAD_TOO_LARGE', { details: { maxBytes: max } });
    const bytes = typeof source === 'string' ? await this.storage.getBuffer(source, max) : source;
    try {
      return await burnWatermark(bytes, mark);
    } catch (e) {
      if (e instanceof NotWatermarkable) throw new AppError(LibraryErrors.LIBRARY_NOT_WATERMARKABLE);
      throw e;
    }
  }

  private async fetchOf(c: Call, item: ItemRow, access: Access, reader: ReaderPolicy, message?: string | null): Promise<LibraryFetch> {
    const convertible = !!item.kind && CONVERTIBLE_KINDS.includes(item.kind as FileKind);
    let fileUrl: string | null;
    let msg: string | null = message ?? null;
    const source = !convertible ? item.s3Key : item.conversionStatus === 'done' ? item.pdfKey : null;
    if (source) fileUrl = await this.viewUrl(c, item, reader, source);
    else {
      fileUrl = null;
      if (convertible) msg ??= item.conversionStatus === 'failed' ? LibraryMessages.conversionFailed : LibraryMessages.converting;
    }
    return {
      id: item.id, name: item.name, size: item.size, kind: item.kind as ItemKind, type: item.mime ?? 'application/octet-stream', can_edit: access === 'edit',
      file_url: fileUrl, outlines_data: { libraryName: item.name, entries: item.outlines ?? [] }, message: fileUrl ? null : (msg ?? LibraryMessages.noFileUrl),
      conversion: { status: item.conversionStatus as LibraryFetch['conversion']['status'], progress: item.conversionProgress },
      text_index: { status: item.textStatus as LibraryFetch['text_index']['status'], pages: item.textPages, truncated: item.textTruncated },
      download_policy: reader.policy, can_download: mayDownload(reader.policy), watermark: reader.watermark,
    };
  }

  /**
   * The organization's activity log (docs/library.md#activity-log): a reader's view, download or print of a file,
   * published through the outbox once the reader has it; another service reading a file as the system is no reader.
   */
  private async record(c: Call, item: ItemRow, action: FileAction, reader: string | null = null): Promise<void> {
    if (c.actor.kind === 'system') return;
    await this.db.command(c.orgId, (s) =>
      this.outbox.add(s.tx, FileAccessed, {
        orgId: c.orgId, itemId: item.id, name: item.name, folder: item.isFolder, action, userId: c.actor.userId,
        username: reader || c.actor.name || c.actor.email || 'guest', guest: c.actor.kind === 'guest', with: [],
      }),
    );
  }

  /** the viewer printed the file: view only has no print (403); otherwise it goes into the activity log */
  async recordPrint(c: Call & { itemId: number; meetingId?: number }): Promise<{ ok: true }> {
    const { item, policy } = await this.db.tenant(c.orgId, async (s) => {
      const { item } = await this.items.need(s, c, c.itemId, 'view', { folder: false, meetingId: c.meetingId });
      return { item, policy: (await this.policies.of(s, c, item, c.meetingId)).policy };
    });
    if (!mayDownload(policy)) throw AppError.forbidden('view_only');
    await this.record(c, item, 'print');
    return { ok: true };
  }

  async fetch(c: Call & { itemId: number; meetingId?: number }): Promise<LibraryFetch> {
    const { item, access, reader, who } = await this.db.tenant(c.orgId, async (s) => {
      const { item, access, reader: who } = await this.items.need(s, c, c.itemId, 'view', { folder: false, meetingId: c.meetingId });
      return { item, access, who, reader: await this.readerPolicy(s, c, item, c.meetingId) };
    });
    // the reader's copy is made outside the transaction
    const answer = await this.fetchOf(c, item, access, reader);
    if (answer.file_url) {
      await this.record(c, item, 'view', who);
      // the version this user opened: what changed is shown against it when the next version comes (docs/library.md#what-changed)
      const userId = c.actor.kind === 'user' ? c.actor.userId : null;
      if (userId) await this.db.tenant(c.orgId, (s) => this.text.markOpened(s, item.id, userId, item.version));
    }
    return answer;
  }

  /**
   * The download (docs/library.md#download-policy): view only is 403; download hands out the stored file;
   * watermarked burns the reader's name, e-mail, organization and the time into every page of the PDF (an office
   * file's PDF rendering) and hands out that copy, removed again by a delayed job once its URL has lapsed.
   */
  async downloadUrl(c: Call & { itemId: number; meetingId?: number }): Promise<{ url: string; name: string; key: string }> {
    const { item, policy } = await this.db.tenant(c.orgId, async (s) => {
      const { item } = await this.items.need(s, c, c.itemId, 'view', { folder: false, meetingId: c.meetingId });
      return { item, policy: (await this.policies.of(s, c, item, c.meetingId)).policy };
    });
    if (!mayDownload(policy)) throw AppError.forbidden('view_only');
    if (policy === 'download') {
      await this.record(c, item, 'download');
      return { url: (await this.url(item.s3Key))!, name: item.name, key: item.s3Key! };
    }
    const source = item.kind === 'pdf' ? item.s3Key : item.conversionStatus === 'done' ? item.pdfKey : null;
    if (!source) throw new AppError(LibraryErrors.LIBRARY_NOT_WATERMARKABLE);
    const copy = await this.burn(source, await this.policies.watermark(c));
    const made = await this.readerCopy(c, item, 'watermarked', 'pdf', this.config.LIBRARY_URL_TTL_SECONDS, (key) => this.storage.put(key, Buffer.from(copy), copy.length, 'application/pdf'));
    const name = item.kind === 'pdf' ? item.name : `${item.name.replace(/\.[^.]+$/, '')}.pdf`;
    await this.record(c, item, 'download');
    return { ...made, name };
  }

  /**
   * The file's PDF with the shared annotations the caller may see written in as PDF annotations
   * (docs/annotations.md#export): a download, so the download policy applies (403 view only; watermarked: the
   * reader's watermark first). The PDF is read whole under ANNOTATION_EXPORT_MAX_MB (413 past it), and at most
   * ANNOTATION_LIMITS.perFile marks exist on a file, so the work is bounded and done on the call, as a watermarked
   * download is; the copy is this caller's only and leaves S3 with the reader copies.
   */
  async exportAnnotated(c: Call & { itemId: number; meetingId?: number }, onStage: (stage: 'reading' | 'writing' | 'storing', progress: number) => Promise<void> = async () => undefined): Promise<{ key: string; name: string; annotations: number; skipped: number }> {
    const userId = c.actor.kind === 'user' ? c.actor.userId : null;
    if (!userId) throw AppError.notFound('library item');
    const reader = { userId, isAdmin: c.actor.isAdmin };
    const { item, policy, rows } = await this.db.tenant(c.orgId, async (s) => {
      const { item } = await this.items.need(s, c, c.itemId, 'view', { folder: false, meetingId: c.meetingId });
      const policy = (await this.policies.of(s, c, item, c.meetingId)).policy;
      return { item, policy, rows: await this.annotations.list(s, item.id) };
    });
    if (!mayDownload(policy)) throw AppError.forbidden('view_only');
    const source = item.kind === 'pdf' ? item.s3Key : item.conversionStatus === 'done' ? item.pdfKey : null;
    if (!source) throw new AppError(LibraryErrors.LIBRARY_NOT_EXPORTABLE);
    await onStage('reading', 10);
    let bytes: Uint8Array = await this.storage.getBuffer(source, this.config.ANNOTATION_EXPORT_MAX_MB * 1024 * 1024);
    if (policy === 'watermarked') bytes = await this.burn(Buffer.from(bytes), await this.policies.watermark(c));
    const tops = rows.filter((r) => r.parentId === null && maySeeAnnotation(r, reader, true));
    const marks: ExportMark[] = tops.map((t) => ({
      page: t.page, kind: t.kind, geometry: t.geometry, quote: t.quote, text: t.text, color: t.color, author: t.authorName, at: t.createdAt, orphaned: t.orphaned,
      replies: rows.filter((r) => r.parentId === t.id).map((r) => ({ text: r.text, author: r.authorName, at: r.createdAt })),
    }));
    await onStage('writing', 40);
    const made = await annotatePdf(bytes, marks).catch((e: unknown) => {
      // pdf-lib could not read or rewrite it (an encrypted or broken PDF)
      logger().warn({ err: e, itemId: item.id }, 'annotated export refused');
      throw new AppError(LibraryErrors.LIBRARY_NOT_EXPORTABLE);
    });
    await onStage('storing', 80);
    const copy = await this.readerCopy(c, item, 'annotated', 'pdf', this.config.LIBRARY_URL_TTL_SECONDS, (key) => this.storage.put(key, Buffer.from(made.bytes), made.bytes.length, 'application/pdf'));
    await this.record(c, item, 'download');
    return { key: copy.key, name: `${item.name.replace(/\.[^.]+$/, '')} (annotated).pdf`, annotations: made.written, skipped: made.skipped };
  }

  /**
   * The annotated export as a job (docs/annotations.md#export): what the export would refuse at once is refused here
   * (404, 403 view only, 409 no PDF: nothing queued); else `ExportAnnotatedJob` is queued for the caller under an
   * unguessable id that names the caller (`annexp-<user>-<uuid>`), and its first state answered.
   */
  async startAnnotatedExport(c: Call & { itemId: number; meetingId?: number }): Promise<AnnotatedExportState> {
    const userId = c.actor.kind === 'user' ? c.actor.userId : null;
    if (!userId) throw AppError.notFound('library item');
    const { item, policy } = await this.db.tenant(c.orgId, async (s) => {
      const { item } = await this.items.need(s, c, c.itemId, 'view', { folder: false, meetingId: c.meetingId });
      return { item, policy: (await this.policies.of(s, c, item, c.meetingId)).policy };
    });
    if (!mayDownload(policy)) throw AppError.forbidden('view_only');
    if (!(item.kind === 'pdf' ? item.s3Key : item.conversionStatus === 'done' ? item.pdfKey : null)) throw new AppError(LibraryErrors.LIBRARY_NOT_EXPORTABLE);
    const id = await this.jobs.add(ExportAnnotatedJob, { orgId: c.orgId, actor: c.actor, itemId: c.itemId, meetingId: c.meetingId }, { jobId: `annexp-${userId}-${randomUUID()}` });
    return { id, status: 'queued', stage: 'queued', progress: 0, name: null, url: null, annotations: null, skipped: null, error: null };
  }

  /** the state of one of the caller's annotated exports (404 for another user's, another organization's, or one gone) */
  async annotatedExport(c: Call & { exportId: string }): Promise<AnnotatedExportState> {
    const userId = c.actor.kind === 'user' ? c.actor.userId : null;
    if (!userId || !c.exportId.startsWith(`annexp-${userId}-`)) throw AppError.notFound('export');
    const job = await this.jobs.queue(ExportAnnotatedJob.queue).getJob(c.exportId);
    if (!job || (job.data as { orgId?: string }).orgId !== c.orgId) throw AppError.notFound('export');
    const state = await job.getState();
    const p = zAnnotatedExportProgress.safeParse(job.progress);
    const base = { id: c.exportId, name: null, url: null, annotations: null, skipped: null, error: null };
    if (state === 'completed') {
      const r = job.returnvalue as { key: string; name: string; annotations: number; skipped: number };
      return { ...base, status: 'done', stage: 'done', progress: 100, name: r.name, annotations: r.annotations, skipped: r.skipped, url: await this.storage.presignedGet(r.key, this.config.LIBRARY_URL_TTL_SECONDS) };
    }
    if (state === 'failed') return { ...base, status: 'failed', stage: p.success ? p.data.stage : 'queued', progress: p.success ? p.data.progress : 0, error: job.failedReason || 'failed' };
    if (state === 'active' && p.success) return { ...base, status: 'running', stage: p.data.stage, progress: p.data.progress };
    return { ...base, status: state === 'active' ? 'running' : 'queued', stage: 'queued', progress: 0 };
  }

  /**
   * One attachment of a stored e-mail as a download (docs/library.md#e-mail-attachments): the message's download
   * policy applies as to the message itself (view only: 403, before the message is read; watermarked: a PDF
   * attachment gets the reader's watermark, any other kind 409); the attachment is put in S3 for this reader only
   * (removed with the reader copies) and the download goes into the activity log.
   */
  async emailAttachment(c: Call & { itemId: number; index: number; meetingId?: number }): Promise<{ key: string; name: string; content_type: string; size: number }> {
    const { item, policy } = await this.db.tenant(c.orgId, async (s) => {
      const { item } = await this.items.need(s, c, c.itemId, 'view', { folder: false, meetingId: c.meetingId });
      return { item, policy: (await this.policies.of(s, c, item, c.meetingId)).policy };
    });
    if (item.kind !== 'email' || !item.s3Key) throw new AppError(LibraryErrors.LIBRARY_NOT_AN_EMAIL);
    if (!mayDownload(policy)) throw AppError.forbidden('view_only');
    const message = await this.storage.getBuffer(item.s3Key, LIBRARY_MAX_BYTES);
    const found = await emailAttachment(message, item.extension, c.index).catch(() => {
      // the parser refused it: not a message whose attachments can be read
      throw new AppError(LibraryErrors.LIBRARY_NOT_AN_EMAIL);
    });
    if (!found) throw AppError.notFound('attachment');
    let bytes: Buffer = found.content;
    // a declared type of one token/token, else bytes; the gateway serves it as a download either way
    let type = /^[\w.+-]{1,100}\/[\w.+-]{1,100}$/.test(found.content_type) ? found.content_type.toLowerCase() : 'application/octet-stream';
    const ext = /\.([a-z0-9]{1,10})$/i.exec(found.name)?.[1]?.toLowerCase() ?? 'bin';
    if (policy === 'watermarked') {
      if (type !== 'application/pdf' && bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new AppError(LibraryErrors.LIBRARY_NOT_WATERMARKABLE);
      bytes = Buffer.from(await this.burn(bytes, await this.policies.watermark(c)));
      type = 'application/pdf';
    }
    const made = await this.readerCopy(c, item, policy === 'watermarked' ? 'watermarked' : 'view', ext, this.config.LIBRARY_URL_TTL_SECONDS, (key) => this.storage.put(key, bytes, bytes.length, type));
    await this.record(c, item, 'download');
    return { key: made.key, name: found.name, content_type: type, size: bytes.length };
  }

  async startConversion(c: Call & { itemId: number }): Promise<LibraryFetch> {
    const { row, access, reader } = await this.db.command(c.orgId, async (s, after) => {
      const { item, access } = await this.items.need(s, c, c.itemId, 'view', { folder: false });
      const reader = await this.readerPolicy(s, c, item);
      if (!item.kind || !CONVERTIBLE_KINDS.includes(item.kind as FileKind) || item.conversionStatus === 'done') return { row: item, access, reader };
      const row = await this.repo.update(s, item.id, { conversionStatus: 'pending', conversionProgress: 0 });
      // a new job id per request, so a failed conversion can be tried again
      after(() => this.jobs.add(ConvertToPdf, { orgId: c.orgId, itemId: item.id, version: item.version }, { jobId: `convert-${c.orgId}-${item.id}-${item.version}-${Date.now()}` }));
      return { row, access, reader };
    });
    return this.fetchOf(c, row, access, reader);
  }

  // ---------- annotations ----------

  annotation(c: Call & { itemId: number }, op: 'get' | 'save' | 'delete', text?: string) {
    return this.db.command(c.orgId, async (s) => {
      const { item } = await this.items.need(s, c, c.itemId, 'view', { folder: false });
      const me = c.actor.userId!;
      if (op === 'save') await this.repo.saveAnnotation(s, item.id, me, text!);
      if (op === 'delete') await this.repo.deleteAnnotation(s, item.id, me);
      const row = await this.repo.annotation(s, item.id, me);
      return { library_id: item.id, annotation: row?.annotation ?? null, updated_at: row ? serverDate(row.updatedAt, await this.zones.of(c.orgId)) : null };
    });
  }

  // ---------- attachments (meeting service) ----------

  /** attachments: the stored file's URL only where the reader (the system actor: a member) may download it */
  private async refs(s: Scope, c: Call, rows: ItemRow[]): Promise<LibraryFileRef[]> {
    const policy = await this.policies.ofMany(s, c, rows);
    return Promise.all(rows.map(async (r) => ({ id: r.id, name: r.name, size: r.size, type: r.mime ?? 'application/octet-stream', kind: r.kind as ItemKind, file_url: policy.get(r.id) === 'download' ? await this.url(r.s3Key) : null })));
  }

  resolve(c: Call & { ids: number[] }): Promise<{ files: LibraryFileRef[] }> {
    return this.db.tenant(c.orgId, async (s) => {
      const rows = (await this.repo.getMany(s, c.ids)).filter((r) => !r.isFolder);
      const vis = c.actor.kind === 'system' ? rows : (await this.visible(s, c.actor, rows)).map((v) => v.item);
      const order = new Map(c.ids.map((id, i) => [id, i]));
      return { files: await this.refs(s, c, vis.sort((a, b) => order.get(a.id)! - order.get(b.id)!)) };
    });
  }

  /** the files' current versions; only the system asks (the board book records them per publication) */
  versions(c: Call & { ids: number[] }): Promise<{ files: { id: number; version: number }[] }> {
    if (c.actor.kind !== 'system') throw AppError.forbidden();
    return this.db.tenant(c.orgId, async (s) => ({ files: (await this.repo.getMany(s, [...new Set(c.ids)])).filter((r) => !r.isFolder).map((r) => ({ id: r.id, version: r.version })) }));
  }

  useFiles(c: Call & { ids: number[]; pdfOnly: boolean; keep: number[]; usage: { type: UsageType; id: number; title: string; meeting_id: number | null; meeting_title: string | null } }): Promise<{ files: LibraryFileRef[] }> {
    return this.db.command(c.orgId, async (s) => {
      const ids = [...new Set(c.ids)];
      const rows = await this.repo.getMany(s, ids);
      for (const id of ids) {
        const row = rows.find((r) => r.id === id);
        const checked = c.keep.includes(id) || (row && !row.isFolder && (await this.items.accessTo(s, row, c.actor)));
        if (!row || row.isFolder || !checked) throw AppError.validation({ attachments: LibraryMessages.attachmentInvalid });
        if (c.pdfOnly && row.kind !== 'pdf') throw AppError.validation({ attachments: LibraryMessages.attachmentPdfOnly });
      }
      await this.repo.replaceUsages(s, { type: c.usage.type, id: c.usage.id, title: c.usage.title, meetingId: c.usage.meeting_id, meetingTitle: c.usage.meeting_title }, ids);
      const order = new Map(ids.map((id, i) => [id, i]));
      return { files: await this.refs(s, c, rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!)) };
    });
  }

  releaseFiles(c: Call & { type: UsageType; id: number; ids?: number[] }): Promise<{ ok: true }> {
    return this.db.command(c.orgId, async (s) => {
      await this.repo.releaseUsages(s, c.type, c.id, c.ids);
      return { ok: true as const };
    });
  }
}
