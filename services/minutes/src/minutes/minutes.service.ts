import { minutesFileName } from '../rules/file-name';
import { Inject, Injectable } from '@nestjs/common';
import {
  AppError, FetchFile, GetOrganization, type MeetingMinutesFields, minutesKey, MinutesErrors, MinutesMessages, normalizeConclusion, RenderMinutes, ResolveFiles, serverDate, SYSTEM_ACTOR,
  type Actor, type GetMinutes, type MeetingDetails, type MinutesFile, type MinutesItem, type MinutesState, type RequestOf, type ResponseOf, type SaveConclusions,
  type SetMinutesSetting, type UploadMinutes,
} from '@app/contracts';
import { Bus, CONFIG, Jobs, Storage } from '@app/platform';
import { BookRebuilds } from '../common/book-rebuilds';
import { Meetings } from '../common/meetings';
import { MinutesDb, type Scope } from '../common/minutes-db';
import { MinutesFieldsGeneration } from '../common/fields-generation';
import type { MinutesConfig } from '../config';
import { minutesItems } from '../rules/items';
import { minutesPermissions, minutesRightsOf } from '../rules/minutes-rights';
import { MinutesRepository, type RenderRow } from './minutes.repository';
import { isLocked } from '../rules/workflow';
import { WorkflowView } from './workflow.view';

type Call = RequestOf<typeof GetMinutes>;
type Rights = ReturnType<typeof minutesPermissions>;

/**
 * Use cases of the minutes (docs/minutes.md): the meeting comes from the meeting service as the actor sees it,
 * the rights from the minutes rule, the rows from this service's schema, the files from the library.
 */
@Injectable()
export class MinutesService {
  constructor(
    private readonly db: MinutesDb,
    private readonly repo: MinutesRepository,
    private readonly meetings: Meetings,
    private readonly bus: Bus,
    private readonly jobs: Jobs,
    private readonly storage: Storage,
    private readonly workflow: WorkflowView,
    @Inject(CONFIG) private readonly config: MinutesConfig,
    private readonly fieldsGeneration: MinutesFieldsGeneration,
    private readonly books: BookRebuilds,
  ) {}

  /** the minutes' fields of the meeting details (the gateway composes them into GET /api/meetings/{id}) */
  async meetingFields(c: RequestOf<typeof MeetingMinutesFields>): Promise<ResponseOf<typeof MeetingMinutesFields>> {
    const m = c.meeting;
    const { momSettings, versions, meetingRow, book } = await this.db.tenant(c.orgId, (s) => this.repo.detailsFacts(s, m.id));
    const rights = minutesPermissions({
      actor: { kind: c.actor.kind, userId: c.actor.userId, isAdmin: c.actor.isAdmin },
      ownerId: m.owner_id, committeeAdminIds: m.admin_ids, member: m.member ? { canEdit: m.member.can_edit } : null,
      statusId: m.meeting_status_id, momModule: m.mom === 1, momSettings,
    });
    const shown = rights.history ? versions : [];
    const uploaded = shown.filter((v) => !v.s3Key).map((v) => v.libraryId);
    const files = uploaded.length ? (await this.bus.request(ResolveFiles, { orgId: c.orgId, actor: SYSTEM_ACTOR, ids: [...new Set(uploaded)].slice(0, 100) })).files : [];
    return {
      mom_settings: momSettings ? 1 : 0,
      mom_versions: await Promise.all(
        shown.map(async (v) => ({
          file_url: v.s3Key ? await this.storage.presignedGet(v.s3Key, this.config.MINUTES_URL_TTL_SECONDS) : (files.find((f) => f.id === v.libraryId)?.file_url ?? ''),
          updated_at: serverDate(v.createdAt, m.time_zone)!,
        })),
      ),
      can_commit: rights.canCommit,
      mom_conclusion: meetingRow && meetingRow.active ? meetingRow.conclusion || null : null,
      agenda_merged_file: book?.s3Key ? await this.storage.presignedGet(book.s3Key, this.config.MINUTES_URL_TTL_SECONDS) : null,
      number_of_files_merged: book?.filesMerged ?? 0,
    };
  }

  rightsOf(actor: Actor, m: MeetingDetails, momSettings: boolean): Rights {
    return minutesRightsOf(actor, m, momSettings);
  }

  async context(c: Call) {
    const meeting = await this.meetings.load(c.orgId, c.actor, c.meetingId, { variant: c.variant, lang: c.lang });
    const momSettings = await this.db.tenant(c.orgId, (s) => this.repo.momSettings(s, c.meetingId));
    return { meeting, momSettings, rights: this.rightsOf(c.actor, meeting, momSettings) };
  }

  private static checkId(bodyId: number | undefined, meetingId: number): void {
    if (bodyId !== undefined && bodyId !== meetingId) throw AppError.validation({ id: MinutesMessages.idMismatch });
  }

  /** the items of the minutes with their conclusions and comments */
  async items(s: Scope, meeting: MeetingDetails): Promise<MinutesItem[]> {
    const [rows, notes] = await Promise.all([this.repo.conclusionsOf(s, meeting.id), this.repo.commentsOf(s, meeting.id)]);
    const byKey = new Map(rows.map((r) => [`${r.itemType}:${r.itemId}`, r]));
    return minutesItems(meeting).map((i) => {
      const row = byKey.get(minutesKey(i.type, i.id));
      return {
        ...i,
        conclusion: row?.conclusion ?? '',
        active: row?.active ?? true,
        comments: notes
          .filter((n) => n.itemType === i.type && n.itemId === i.id)
          .map((n) => ({ id: n.id, comment: n.comment, user_id: n.userId, user_name: n.userName, created_at: serverDate(n.createdAt, meeting.time_zone)! })),
      };
    });
  }

  private renderOf(r: RenderRow | null, versionNumber: number | null): MinutesState['render'] {
    if (!r) return null;
    return { id: r.id, status: r.status as NonNullable<MinutesState['render']>['status'], progress: r.progress, version: versionNumber, error: r.error };
  }

  /** the organization's `mom_secretary_signs` (docs/minutes.md#who-signs): the secretary signs after the chair */
  async secretarySigns(orgId: string): Promise<boolean> {
    const { organization } = await this.bus.request(GetOrganization, { orgId });
    if (!organization) throw AppError.notFound('organization');
    return organization.modules.mom_secretary_signs === 1;
  }

  async state(orgId: string, meeting: MeetingDetails, momSettings: boolean, rights: Rights, actor: Actor): Promise<MinutesState> {
    // who signs is shown to the owner only, who sends for approval: the organization is read for them alone
    const secretarySigns = rights.available && rights.done ? await this.secretarySigns(orgId) : null;
    // the render is read before the versions: each statement sees what had committed when it began (READ
    // COMMITTED), and a render is marked done in the transaction that writes its version, so a done render read
    // first always finds its version in the list read after it (read the other way round, a render finishing in
    // between showed as done with no version)
    const { items, versions, render, workflow } = await this.db.tenant(orgId, async (s) => {
      const render = rights.available && rights.manage ? await this.repo.lastRender(s, meeting.id) : null;
      return {
        render,
        items: await this.items(s, meeting),
        versions: rights.history ? await this.repo.versionsOf(s, meeting.id) : [],
        workflow: rights.available ? await this.workflow.of(s, meeting, actor, rights, secretarySigns) : null,
      };
    });
    const uploaded = versions.filter((v) => !v.s3Key).map((v) => v.libraryId);
    const files = uploaded.length ? (await this.bus.request(ResolveFiles, { orgId, actor: SYSTEM_ACTOR, ids: [...new Set(uploaded)].slice(0, 100) })).files : [];
    const mom_versions = await Promise.all(
      versions.map(async (v) => ({
        id: v.id,
        version: v.version,
        library_id: v.libraryId,
        file_url: v.s3Key ? await this.storage.presignedGet(v.s3Key, this.config.MINUTES_URL_TTL_SECONDS) : (files.find((f) => f.id === v.libraryId)?.file_url ?? ''),
        updated_at: serverDate(v.createdAt, meeting.time_zone)!,
        source: v.source as 'rendered' | 'uploaded' | 'signed',
        lang: v.lang,
      })),
    );
    const made = render?.versionId ? versions.find((v) => v.id === render.versionId)?.version ?? null : null;
    const { canCommit, ...permissions } = rights;
    return {
      meeting_id: meeting.id,
      title: meeting.title,
      meeting_status_id: meeting.meeting_status_id,
      mom: meeting.mom,
      mom_settings: momSettings ? 1 : 0,
      can_commit: canCommit,
      permissions,
      items: rights.available ? items : [],
      mom_versions,
      render: this.renderOf(render, made),
      workflow,
    };
  }

  async get(c: Call): Promise<MinutesState> {
    const { meeting, momSettings, rights } = await this.context(c);
    return this.state(c.orgId, meeting, momSettings, rights, c.actor);
  }

  async setSetting(c: RequestOf<typeof SetMinutesSetting>): Promise<MinutesState> {
    MinutesService.checkId(c.body.id, c.meetingId);
    const { meeting, momSettings, rights } = await this.context(c);
    if (!rights.available) throw new AppError(MinutesErrors.MINUTES_NOT_AVAILABLE);
    if (!rights.toggleSetting) throw new AppError('MEETING_FORBIDDEN');
    const on = c.body.mom_settings ?? !momSettings;
    await this.db.tenant(c.orgId, (s) => this.repo.setMomSettings(s, c.meetingId, on));
    await this.fieldsGeneration.changed(c.orgId, c.meetingId);
    return this.state(c.orgId, meeting, on, this.rightsOf(c.actor, meeting, on), c.actor);
  }

  async saveConclusions(c: RequestOf<typeof SaveConclusions>): Promise<MinutesState> {
    MinutesService.checkId(c.body.id, c.meetingId);
    const { meeting, momSettings, rights } = await this.context(c);
    if (!rights.available) throw new AppError(MinutesErrors.MINUTES_NOT_AVAILABLE);
    if (!rights.edit && !rights.comment) throw new AppError('MEETING_FORBIDDEN');
    if (c.body.done && !rights.done) throw new AppError('MEETING_FORBIDDEN', { message: MinutesMessages.doneOwnerOnly });
    const known = new Set(minutesItems(meeting).map((i) => minutesKey(i.type, i.id)));
    const fields: Record<string, string> = {};
    const seen = new Set<string>();
    c.body.conclusions.forEach((e, n) => {
      const k = minutesKey(e.type, e.id);
      if (!known.has(k)) fields[`conclusions.${n}.id`] = MinutesMessages.unknownItem;
      else if (seen.has(k)) fields[`conclusions.${n}.id`] = MinutesMessages.duplicateItem;
      seen.add(k);
    });
    if (Object.keys(fields).length) throw AppError.validation(fields);
    await this.db.command(c.orgId, async (s, after) => {
      await this.repo.lockMeeting(s, c.meetingId);
      // under signature or published: nothing changes until a correction starts (docs/minutes.md#the-workflow)
      if (isLocked((await this.workflow.edition(s, c.meetingId)).state as Parameters<typeof isLocked>[0])) throw new AppError(MinutesErrors.MINUTES_LOCKED);
      const stored = new Map((await this.repo.conclusionsOf(s, c.meetingId)).map((r) => [`${r.itemType}:${r.itemId}`, r]));
      const newComments: Parameters<MinutesRepository['addComments']>[2] = [];
      for (const e of c.body.conclusions) {
        const before = stored.get(minutesKey(e.type, e.id));
        // without the edit right the stored conclusion stands (what was sent for it is not taken)
        const entry = rights.edit ? e : { ...e, conclusion: before?.conclusion ?? '', active: before?.active ?? true };
        const n = normalizeConclusion(entry);
        if (rights.edit && (!before || before.conclusion !== n.conclusion || before.active !== n.active)) {
          await this.repo.upsertConclusion(s, c.meetingId, { itemType: n.type, itemId: n.id, conclusion: n.conclusion, active: n.active, updatedBy: c.actor.userId });
        }
        if (rights.comment) for (const text of n.comment) newComments.push({ itemType: n.type, itemId: n.id, userId: c.actor.userId, userName: c.actor.name ?? c.actor.email ?? '', comment: text });
      }
      await this.repo.addComments(s, c.meetingId, newComments);
      if (c.body.done) {
        // the owner's choice of language for this PDF, else the interface language of the request
        const row = await this.repo.addRender(s, c.meetingId, { lang: c.body.mom_lang ?? c.lang ?? 'en', variant: c.variant ?? 'default', userId: c.actor.userId!, userName: c.actor.name ?? '' });
        after(() => this.jobs.add(RenderMinutes, { orgId: c.orgId, meetingId: c.meetingId, renderId: row.id }, { jobId: `minutes-${c.orgId}-${row.id}` }));
      }
    });
    await this.fieldsGeneration.changed(c.orgId, c.meetingId);
    return this.state(c.orgId, meeting, momSettings, rights, c.actor);
  }

  async upload(c: RequestOf<typeof UploadMinutes>): Promise<MinutesState> {
    MinutesService.checkId(c.body.id, c.meetingId);
    const { meeting, momSettings, rights } = await this.context(c);
    if (!rights.available) throw new AppError(MinutesErrors.MINUTES_NOT_AVAILABLE);
    if (!rights.upload) throw new AppError('MEETING_FORBIDDEN');
    // the caller must be able to open the file (their own, shared with them, or the organization's)
    const file = await this.bus.request(FetchFile, { orgId: c.orgId, actor: c.actor, itemId: c.body.library_id }).catch((e: unknown) => {
      if (e instanceof AppError && e.status === 404) throw AppError.validation({ library_id: 'The selected file is invalid.' });
      throw e;
    });
    if (file.kind !== 'pdf') throw new AppError(MinutesErrors.MINUTES_NOT_A_PDF, { fields: { library_id: ['Choose only pdf'] } });
    await this.db.command(c.orgId, async (s) => {
      await this.repo.lockMeeting(s, c.meetingId);
      if (isLocked((await this.workflow.edition(s, c.meetingId)).state as Parameters<typeof isLocked>[0])) throw new AppError(MinutesErrors.MINUTES_LOCKED);
      await this.repo.addVersion(s, c.meetingId, { libraryId: file.id, s3Key: null, source: 'uploaded', lang: c.lang ?? 'en', renderId: null, createdBy: c.actor.userId });
    });
    await this.fieldsGeneration.changed(c.orgId, c.meetingId);
    // a board book already asked for follows the minutes' language (docs/minutes.md#the-board-book)
    await this.books.soon(c.orgId, c.meetingId);
    return this.state(c.orgId, meeting, momSettings, rights, c.actor);
  }

  async file(c: RequestOf<typeof MinutesFile>): Promise<ResponseOf<typeof MinutesFile>> {
    const { meeting, momSettings, rights } = await this.context(c);
    if (!rights.available) throw new AppError(MinutesErrors.MINUTES_NOT_AVAILABLE);
    if (!rights.download) {
      if (rights.manage && !momSettings) throw new AppError(MinutesErrors.MINUTES_DOWNLOAD_OFF);
      throw new AppError('MEETING_FORBIDDEN');
    }
    const v = await this.db.tenant(c.orgId, (s) => this.repo.version(s, c.meetingId, c.version));
    if (!v) throw new AppError(MinutesErrors.MINUTES_NO_VERSION);
    const name = minutesFileName(meeting.title);
    if (v.s3Key) return { key: v.s3Key, url: await this.storage.presignedGet(v.s3Key, 60), name };
    const f = await this.bus.request(FetchFile, { orgId: c.orgId, actor: SYSTEM_ACTOR, itemId: v.libraryId });
    if (!f.file_url) throw new AppError(MinutesErrors.MINUTES_NO_VERSION);
    return { key: null, url: f.file_url, name };
  }
}
