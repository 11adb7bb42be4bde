import { chairControls } from '../rules/chair';
import { Injectable } from '@nestjs/common';
import { DEFAULT_QUORUM, VOTE_VALUES, attendanceQuorum, quorumInfo, rollCallSummary, type MeetingRole, type RollCall, type RollCallMark, type Attendance, type Actor, type DirectoryUser, type MeetingDetails, type MeetingSummary, type Variant } from '@app/contracts';
import { attendanceValues } from '../rules/attendance';
import { attendanceWithProxies } from '../rules/proxy';
import { voteLabel } from '../rules/vote-gate';
import type { ActivityRow, MeetingRow, MemberRow } from '../db/schema';
import { RecordsRepository, type RecordSummaryRow, type VirtualSessionRow } from '../repositories/records.repository';
import { MeetingDb, type Scope } from '../db/db';
import { Directory } from '../common/directory';
import { LibraryFiles } from '../common/library-files';
import type { People } from '../common/publisher';
import { personKey } from '../rules/person';
import { AgendaRepository } from '../repositories/agenda.repository';
import { DecisionsRepository } from '../repositories/decisions.repository';
import { SecretBallotsRepository } from '../repositories/secret-ballots.repository';
import { ActionsRepository } from '../repositories/actions.repository';
import { CommentsRepository } from '../repositories/comments.repository';
import { totalDuration } from '../rules/durations';
import { statusInfo } from '../rules/status-machine';
import { MeetingAccess, ndaPending, type MeetingCtx } from '../common/meeting-access';
import { ndaPreview } from './nda-preview';
import { proxyList } from './proxy-list';
import { MeetingsRepository } from '../repositories/meetings.repository';
import { MembersRepository } from '../repositories/members.repository';
import { BundleRepository, type MeetingRows, type ReaderRows, type ReaderWants } from '../repositories/bundle.repository';
import { AccessRepository } from '../repositories/access.repository';
import { Prepared } from '@app/platform';
import { ConflictsRepository } from '../repositories/conflicts.repository';
import {
  actionPayload, agendaGroups, candidateCountsOf, decisionPayload, emptyBundle, local, memberPayload, agendaShowsDecision, talkingPointPayload, type ItemsBundle, type ViewCommittee, type ViewCtx,
} from './payloads';

/**
 * The fields a meeting's summary and details share, built field by field: the details are built to their contract
 * (`@Rpc(GetMeeting, { builtToContract: true })`, docs/decisions.md), so no payload here spreads a row or an object
 * that may carry more keys, and each literal is typed by the contract so that an extra key does not compile.
 */
type MeetingCore = Omit<MeetingSummary, 'members_count' | 'role' | 'permissions'>;

type PageRows = MeetingRows & { reader: ReaderRows };

/**
 * The page's rows read for every part of the reader's own, narrowed to what `want` reads: the same rows as
 * `BundleRepository.forReader(want)` for a `want` of the same reader (the note and the rating are theirs; a part they
 * may not see is empty as that read leaves it)
 */
function onlyWanted(read: PageRows, want: ReaderWants): PageRows {
  const r = read.reader;
  return {
    ...read,
    reader: {
      activities: want.activities ? r.activities : [], note: want.noteUserId !== null ? r.note : null, myRating: want.ratingUserId !== null ? r.myRating : null,
      session: r.session, summaries: want.summaries ? r.summaries : [],
    },
  };
}

/** What a meeting's details are made of besides its context. */
export interface DetailsParts {
  bundle: ItemsBundle;
  activities: ActivityRow[];
  note: string | null;
  myRating: { rating: number; comment: string } | null;
  session: VirtualSessionRow | null;
  summaries: RecordSummaryRow[];
}

/** Builds the payloads of docs/product/meetings.md#what-a-meeting-holds for an actor (details, items), from fresh reads or from what a command wrote. */
@Injectable()
export class MeetingView {
  constructor(
    private readonly db: MeetingDb,
    private readonly access: MeetingAccess,
    private readonly directory: Directory,
    private readonly agenda: AgendaRepository,
    private readonly decisions: DecisionsRepository,
    private readonly secretBallots: SecretBallotsRepository,
    private readonly actions: ActionsRepository,
    private readonly comments: CommentsRepository,
    private readonly records: RecordsRepository,
    private readonly meetings: MeetingsRepository,
    private readonly memberRows: MembersRepository,
    private readonly libraryFiles: LibraryFiles,
    private readonly bundles: BundleRepository,
    private readonly conflicts: ConflictsRepository,
    private readonly accessRows: AccessRepository,
  ) {}

  /** the meeting's items and what hangs off them: one statement (BundleRepository), then what it does not read */
  async loadBundle(s: Scope, meetingId: number): Promise<ItemsBundle> {
    return this.bundleOf(s, await this.bundles.ofMeeting(s, meetingId));
  }

  private bundleOf(s: Scope, rows: MeetingRows): Promise<ItemsBundle> {
    const b = emptyBundle();
    b.talkingPoints = rows.talkingPoints;
    b.subpoints = rows.subpoints;
    b.decisions = rows.decisions;
    b.actions = rows.actions;
    return this.fill(s, b, rows);
  }

  /**
   * load what hangs off the items already in the bundle; `read` holds the parts one statement read already
   * (loadBundle), the others are read here one query each
   */
  async fill(s: Scope, b: ItemsBundle, read?: Partial<MeetingRows>): Promise<ItemsBundle> {
    const tpIds = b.talkingPoints.map((t) => t.id);
    const spIds = b.subpoints.map((s) => s.id);
    const dIds = b.decisions.map((d) => d.id);
    const aIds = b.actions.map((a) => a.id);
    b.people = read?.people ?? (await this.agenda.peopleOf(s, tpIds, spIds));
    b.voters = read?.voters ?? (await this.decisions.votersOf(s, dIds));
    b.secretCounts = await this.secretBallots.counts(s, b.decisions.filter((d) => d.ballot === 'secret').map((d) => d.id));
    b.candidateCounts = await candidateCountsOf(s, b.decisions, this.decisions, this.secretBallots);
    b.participants = read?.participants ?? (await this.actions.participantsOf(s, aIds));
    b.attachments = read?.attachments ?? (await this.agenda.attachmentsOf(s, { talkingPointIds: tpIds, subpointIds: spIds, decisionIds: dIds, actionIds: aIds }));
    b.comments = read?.comments ?? (await this.comments.commentsOf(s, { talkingPointIds: tpIds, subpointIds: spIds, decisionIds: dIds, actionIds: aIds }));
    b.conflicts = read?.conflicts ?? await this.conflicts.ofItems(s, [...tpIds, ...b.decisions.flatMap((d) => (d.talkingPointId === null ? [] : [d.talkingPointId]))]);
    b.files = await this.libraryFiles.resolve(s.orgId, b.attachments.map((a) => a.libraryId));
    return b;
  }

  /**
   * The directory users a payload shows: those the context already holds, and the others from the directory
   * unless `lookup` is false (a command under row locks asks no NATS question: a user it does not hold shows
   * with the name stored on the row).
   */
  async users(orgId: string, ids: Iterable<number | null | undefined>, known: People, lookup: boolean): Promise<Map<number, DirectoryUser>> {
    const out = new Map<number, DirectoryUser>();
    const missing: number[] = [];
    for (const id of new Set(ids)) {
      if (typeof id !== 'number') continue;
      const u = known.get(id);
      if (u) out.set(id, u);
      else missing.push(id);
    }
    if (lookup && missing.length) for (const [id, u] of await this.directory.usersById(orgId, missing)) out.set(id, u);
    return out;
  }

  /** every user id a payload may show */
  userIds(b: ItemsBundle, members: MemberRow[], extra: Array<number | null> = []): number[] {
    return [
      ...members.map((m) => m.userId), ...b.people.map((p) => p.userId), ...b.voters.map((v) => v.userId), ...b.participants.map((p) => p.userId),
      ...b.comments.map((c) => c.userId), ...extra,
    ].filter((x): x is number => typeof x === 'number');
  }

  async viewCtx(orgId: string, ctx: MeetingCtx, b: ItemsBundle, extraUserIds: Array<number | null> = []): Promise<ViewCtx> {
    const users = await this.users(orgId, this.userIds(b, ctx.members, [ctx.meeting.ownerId, ...extraUserIds]), ctx.people, !ctx.locked);
    const committees = new Map<number, ViewCommittee>();
    if (ctx.committee) committees.set(ctx.committee.id, ctx.committee);
    return {
      tz: ctx.tz, now: ctx.now, variant: ctx.variant, actor: ctx.actor, actorKey: ctx.actorKey, users,
      membersByKey: new Map(ctx.members.map((m) => [personKey(m), m])), committees,
      meeting: ctx.meeting, perms: ctx.perms, isMember: !!ctx.me || ctx.perms.level === 'owner' || ctx.actor.kind === 'system',
      represented: new Set(ctx.proxies.filter((p) => p.toMemberId === ctx.me?.id).map((p) => personKey({ userId: p.fromUserId, userEmail: null }))),
      guestLinkDays: ctx.guestLinkDays, conflicts: b.conflicts,
    };
  }

  /** decisions shown on the agenda: visible ones, or all of them once the meeting is archived */
  visible(ctx: MeetingCtx) {
    return agendaShowsDecision(ctx.meeting.statusId);
  }

  async details(orgId: string, actor: Actor, meetingId: number, variant?: Variant, opts: { ndaPreview?: boolean } = {}): Promise<MeetingDetails> {
    // every statement of this read is prepared (the access check's, the page's): each runs alone with the
    // organization set, without BEGIN and COMMIT (Db.tenantReads; docs/performance.md, P1)
    return this.db.reads(orgId, async (s) => {
      // the access check's statement and the page's in one round trip (Prepared.together): the page is read as for a
      // reader who may see every part of their own, and `detailsIn` leaves out, after the check, what this one may not
      const userId = actor.userId ?? null;
      const want: ReaderWants = { activities: true, noteUserId: userId, ratingUserId: userId, summaries: true };
      const [access, page] = await Prepared.together(s.tx, [this.accessRows.part(s, meetingId), this.bundles.part(s, meetingId, want)]);
      const ctx = await this.access.load(s, actor, meetingId, { variant, ndaPreview: opts.ndaPreview }, this.accessRows.fromRow(access[0]));
      return this.detailsIn(s, ctx, this.bundles.pageOf(page[0], want));
    });
  }

  /** `read`: the page's statement read already for every part of the reader's own (`details`), else read here */
  async detailsIn(s: Scope, ctx: MeetingCtx, read?: PageRows): Promise<MeetingDetails> {
    const m = ctx.meeting;
    // before the NDA is accepted: the title and date only, read from nothing but the meeting's row and the caller's own
    if (ndaPending(ctx)) {
      const own = { ...ctx, members: ctx.me ? [ctx.me] : [] };
      return ndaPreview(await this.compose(s.orgId, own, { bundle: emptyBundle(), activities: [], note: null, myRating: null, session: null, summaries: [] }));
    }
    const guest = ctx.actor.kind === 'guest';
    // the agenda and the reader's own parts in one statement (BundleRepository.forReader)
    const userId = ctx.actor.userId ?? null;
    const want: ReaderWants = { activities: ctx.perms.seeActivity, noteUserId: ctx.perms.seeNotes ? userId : null, ratingUserId: userId, summaries: !guest };
    const rows = read ? onlyWanted(read, want) : await this.bundles.forReader(s, m.id, want);
    const parts: DetailsParts = { bundle: await this.bundleOf(s, rows), ...rows.reader };
    return this.compose(s.orgId, ctx, parts);
  }

  /**
   * The meeting's details from parts already in hand: read by `detailsIn`, or known by a command that has
   * just written them (creating a meeting answers without reading it back).
   */
  async compose(orgId: string, ctx: MeetingCtx, parts: DetailsParts): Promise<MeetingDetails> {
    const { bundle: b, activities, note, myRating, session, summaries } = parts;
    const v = await this.viewCtx(orgId, ctx, b);
    const m = ctx.meeting;
    const guest = ctx.actor.kind === 'guest';
    const visible = this.visible(ctx);
    const memberPayloads = ctx.members.map((row) => memberPayload(row, v, ctx.me));
    const online: MeetingDetails['zoom'] = session
      ? [{ online_data: { meeting_id: session.externalId, start_url: ctx.perms.level === 'owner' ? session.startUrl : null, join_url: null } }]
      : [];
    return {
      ...this.core(m, ctx, v),
      admins: (ctx.committee?.admin_ids ?? []).map((id): MeetingDetails['admins'][number] => ({ id, pivot: { user_id: id } })),
      members: memberPayloads.filter((p) => p.user_id !== null),
      guest_member: memberPayloads.filter((p) => p.user_id === null),
      agendas: agendaGroups(b, v, visible),
      archived_decisions: b.decisions.filter((d) => !d.isVisible).map((d) => decisionPayload(d, b, v)),
      activities: activities.map((a): MeetingDetails['activities'][number] => ({ id: a.id, activity: a.activity, created_at: local(a.createdAt, ctx.tz), user: { id: a.userId, name: v.users.get(a.userId ?? 0)?.name ?? a.userName, image: v.users.get(a.userId ?? 0)?.image ?? null } })),
      note: guest ? null : note,
      total_duration: totalDuration(b.talkingPoints.map((tp) => ({ duration: tp.duration, subpoints: b.subpoints.filter((s) => s.talkingPointId === tp.id) }))),
      zoom: m.virtualType === 'zoom' ? online : [],
      ijmeet: m.virtualType === 'ijmeet' ? online : [],
      nda: ctx.perms.acceptNda ? 1 : 0,
      nda_required: ctx.org.modules.nda === 1,
      nda_accepted: !!ctx.me?.ndaAcceptedAt,
      mom: m.mom ? 1 : 0,
      mom_settings: m.momSettings ? 1 : 0,
      mom_conclusion: null,
      mom_versions: [],
      can_commit: false,
      summary: summaries.length ? summaries[summaries.length - 1].summary : null,
      comments: [],
      agenda_merged_file: null,
      number_of_files_merged: 0,
      recordsummarize: summaries.map((r): MeetingDetails['recordsummarize'][number] => ({ id: r.id, summary: r.summary, created_at: local(r.createdAt, ctx.tz) })),
      current_member: ctx.me ? memberPayload(ctx.me, v, ctx.me) : null,
      attendance_options: attendanceValues(ctx.variant),
      vote_options: VOTE_VALUES.map((value): MeetingDetails['vote_options'][number] => ({ value, label: voteLabel(value, ctx.variant) })),
      variant: ctx.variant,
      time_zone: ctx.tz,
      my_rating: myRating ? { rating: myRating.rating, comment: myRating.comment } : null,
      permissions: ctx.perms,
      attendance_quorum: this.attendanceQuorum(ctx),
      proxies: proxyList(ctx),
      started_at: m.startedAt ? local(m.startedAt, ctx.tz) : null,
      ended_at: m.endedAt ? local(m.endedAt, ctx.tz) : null,
      agenda_published_at: m.agendaPublishedAt ? local(m.agendaPublishedAt, ctx.tz) : null,
      agenda_edition: m.agendaEdition,
      roll_call: this.rollCall(ctx),
      chair_controls: chairControls({
        level: ctx.perms.level, isGuest: ctx.perms.isGuest, role: (ctx.me?.meetingRole as MeetingRole | null) ?? null, statusId: m.statusId, committeeActive: ctx.facts.committeeActive,
      }),
    };
  }

  /**
   * The attendance quorum: once the roll call is taken, members marked present or remote (or represented by one);
   * before, members marked Going (or represented by a member marked Going); against the committee's quorum
   */
  attendanceQuorum(ctx: Pick<MeetingCtx, 'members' | 'committee' | 'proxies' | 'meeting' | 'tz'>) {
    const roll = this.rollCall(ctx);
    if (roll.taken) return roll.quorum;
    const pct = ctx.committee?.quorum ?? DEFAULT_QUORUM;
    const users = ctx.members.filter((r) => r.userId !== null).map((r) => ({ id: r.id, attendance: r.attendance as Attendance }));
    return quorumInfo(attendanceQuorum(attendanceWithProxies(users, ctx.proxies), pct), pct);
  }

  /** the roll call of the members (not guests) and its quorum (issue 27) */
  rollCall(ctx: Pick<MeetingCtx, 'members' | 'committee' | 'proxies' | 'meeting' | 'tz'>): RollCall {
    const pct = ctx.committee?.quorum ?? DEFAULT_QUORUM;
    const users = ctx.members.filter((r) => r.userId !== null).map((r) => ({ id: r.id, mark: (r.rollCall as RollCallMark | null) ?? null }));
    const reached = ctx.meeting.quorumReachedAt ? local(ctx.meeting.quorumReachedAt, ctx.tz) : null;
    return rollCallSummary(users, ctx.proxies, pct, reached);
  }

  core(m: MeetingRow, ctx: { tz: string; me: MemberRow | null; committee: MeetingCtx['committee'] }, v: Pick<ViewCtx, 'users'>): MeetingCore {
    const owner = v.users.get(m.ownerId);
    return {
      id: m.id, title: m.title, description: m.description, committee_id: m.committeeId,
      committee: ctx.committee ? { id: ctx.committee.id, name: ctx.committee.name, status: ctx.committee.status } : null,
      owner_id: m.ownerId, owner: { id: m.ownerId, name: owner?.name ?? null, image: owner?.image ?? null },
      status: statusInfo(m.statusId), meeting_status_id: m.statusId, status_reason: m.statusReason,
      start_date: local(m.startAt, ctx.tz),
      end_date: m.duration ? local(new Date(m.startAt.getTime() + m.duration * 60_000), ctx.tz) : null,
      duration: m.duration, location: m.location, virtual: (m.virtual ? 1 : 0) as 0 | 1, virtual_type: (m.virtualType as 'zoom' | 'ijmeet' | null) ?? null,
      attendance_status: (ctx.me?.attendance as MeetingSummary['attendance_status']) ?? null,
      created_at: local(m.createdAt, ctx.tz), updated_at: local(m.updatedAt, ctx.tz),
    };
  }

  /** one decision as the actor sees it (meeting-bound) */
  async decisionIn(s: Scope, ctx: MeetingCtx, decisionId: number) {
    const { orgId } = s;
    const b = emptyBundle();
    const d = await this.decisions.get(s, decisionId);
    if (!d) throw new Error('decision vanished');
    b.decisions = [d];
    await this.fill(s, b);
    const v = await this.viewCtx(orgId, ctx, b);
    return decisionPayload(d, b, v);
  }

  async actionIn(s: Scope, ctx: MeetingCtx, actionId: number) {
    const { orgId } = s;
    const b = emptyBundle();
    const a = await this.actions.get(s, actionId);
    if (!a) throw new Error('action vanished');
    b.actions = [a];
    await this.fill(s, b);
    const v = await this.viewCtx(orgId, ctx, b);
    return actionPayload(a, b, v);
  }

  async talkingPointIn(s: Scope, ctx: MeetingCtx, talkingPointId: number) {
    const { orgId } = s;
    const b = await this.loadBundle(s, ctx.meeting.id);
    const tp = b.talkingPoints.find((t) => t.id === talkingPointId);
    if (!tp) throw new Error('talking point vanished');
    const v = await this.viewCtx(orgId, ctx, b);
    return talkingPointPayload(tp, b, v, this.visible(ctx));
  }

  async membersIn(s: Scope, ctx: MeetingCtx) {
    const { orgId } = s;
    const members = await this.memberRows.members(s, ctx.meeting.id);
    const fresh = { ...ctx, members, me: ctx.me ? (members.find((m) => m.id === ctx.me!.id) ?? null) : null };
    const v = await this.viewCtx(orgId, fresh, emptyBundle());
    return { items: members.map((m) => memberPayload(m, v, fresh.me)) };
  }

  summary(m: MeetingRow, ctx: MeetingCtx, v: Pick<ViewCtx, 'users'>, membersCount: number): MeetingSummary {
    const role: MeetingSummary['role'] = ctx.perms.level === 'owner' ? 'Organizer' : ctx.me?.role === 'Editor' ? 'Editor' : ctx.me ? 'Participate' : 'Admin';
    const row = { ...this.core(m, ctx, v), members_count: membersCount, role, permissions: ctx.perms };
    // the NDA gate: a list shows such a meeting by its title and date only (docs/meeting.md#the-nda-gate)
    return ndaPending(ctx) ? { ...row, description: null, location: null, committee: null, owner: { id: m.ownerId, name: null, image: null }, status_reason: null, members_count: 0 } : row;
  }
}
