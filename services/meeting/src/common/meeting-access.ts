import { Inject, Injectable } from '@nestjs/common';
import { AppError, type Actor, type DirectoryCommittee, type MeetingPermissions, type Variant, instantToLocal } from '@app/contracts';
import { CONFIG, guestLinkState } from '@app/platform';
import type { MeetingConfig } from '../config';
import type { MeetingRow, MemberRow } from '../db/schema';
import type { Scope } from '../db/db';
import { Directory, type OrgSettings } from './directory';
import type { People } from './publisher';
import { actorKey, actorName, sha256 } from './actor';
import { joinCutoffPassed } from '../rules/item-dates';
import { normalizeEmail } from '../rules/person';
import { MeetingsRepository } from '../repositories/meetings.repository';
import { MembersRepository } from '../repositories/members.repository';
import { ProxiesRepository, type ProxyEntry } from '../repositories/proxies.repository';
import { AccessRepository, type AccessRows } from '../repositories/access.repository';
import { meetingPermissions, type MeetingFacts } from '../rules/permissions';
import { canView } from '../rules/visibility';
import { isOpenStatus } from '../rules/status-machine';
import { guestLinkOf } from '../rules/guest-link';

/** A meeting as one actor sees it: the rows, the committee, the facts and the permission flags. */
export interface MeetingCtx {
  org: OrgSettings;
  tz: string;
  variant: Variant;
  now: Date;
  actor: Actor;
  meeting: MeetingRow;
  members: MemberRow[];
  /** the actor's own member row (a guest's is found by the token) */
  me: MemberRow | null;
  committee: DirectoryCommittee | null;
  facts: MeetingFacts;
  perms: MeetingPermissions;
  actorKey: string | null;
  actorName: string | null;
  /** directory users of the members, the owner and what the caller asked for, looked up before any row lock */
  people: People;
  /** loaded for a command: the meeting's row is locked, so no NATS request may run until the transaction ends */
  locked: boolean;
  /** the meeting's proxies (`load`); `loadAmong` (a vote): only those the actor holds; lists: none */
  proxies: ProxyEntry[];
  /** GUEST_LINK_DAYS: how long a guest's link works without an expiry of its own */
  guestLinkDays: number;
}

export interface LoadOpts {
  variant?: Variant;
  /** take the meeting's row lock (commands) once the directory has been asked */
  lock?: boolean;
  /**
   * the caller may be someone who has not accepted the meeting's NDA yet: the details' preview (title and date) and
   * accepting it. Every other use of a meeting refuses them with NDA_NOT_ACCEPTED (docs/meeting.md#the-nda-gate).
   */
  ndaPreview?: boolean;
  /** more users the command will need for its events (looked up with the members) */
  alsoUsers?: (pre: { meeting: MeetingRow; committee: DirectoryCommittee | null }) => Array<number | null | undefined>;
}

/**
 * Loads a meeting for an actor inside the caller's transaction and decides what they may do. Another
 * organization's id, a meeting the actor may not see: 404. A guest token that does not belong to this
 * meeting: 401.
 */
@Injectable()
export class MeetingAccess {
  constructor(private readonly meetings: MeetingsRepository,
    private readonly memberRows: MembersRepository, private readonly directory: Directory, private readonly proxyRows: ProxiesRepository,
    @Inject(CONFIG) private readonly config: Pick<MeetingConfig, 'GUEST_LINK_DAYS'>, private readonly accessRows: AccessRepository) {}

  /**
   * Reads first, asks the directory (NATS) next, and only then, for a command (`lock`), takes the meeting's
   * row lock and reads the rows again: no NATS request runs while this transaction holds row locks. The
   * users of the members, the owner and `alsoUsers` are looked up here (`ctx.people`), so the command can
   * build its events without asking the directory again.
   */
  async load(s: Scope, actor: Actor, meetingId: number, opts: LoadOpts = {}, read?: AccessRows): Promise<MeetingCtx> {
    // without the row lock, the meeting, its members, its agenda count and its proxies in one statement (`read`: that
    // statement's rows, read already with another in the same round trip: MeetingView.details)
    const pre = opts.lock ? undefined : (read ?? (await this.accessRows.rows(s, meetingId)));
    return this.loadWith(s, actor, meetingId, opts, () => this.memberRows.members(s, meetingId), undefined, 'all', pre);
  }

  /**
   * `load` for a command that needs only some people of the meeting (a vote: the voter, the actor, the creator),
   * not its whole board: `members` holds the actor's row and those people's rows only, and the participant
   * count comes from the database. Its permissions are the same as `load`'s. Not for anything that lists members.
   */
  async loadAmong(s: Scope, actor: Actor, meetingId: number, people: Array<{ userId: number | null; userEmail: string | null }>, opts: Omit<LoadOpts, 'lock'> = {}): Promise<MeetingCtx> {
    const userIds = people.map((p) => p.userId).filter((x): x is number => typeof x === 'number');
    if (actor.kind === 'user' && actor.userId) userIds.push(actor.userId);
    const emails = people.filter((p) => !p.userId && p.userEmail).map((p) => normalizeEmail(p.userEmail!));
    const tokenHash = actor.kind === 'guest' && actor.guestToken ? sha256(actor.guestToken) : null;
    const [rows, participants] = await Promise.all([
      this.memberRows.membersAmong(s, meetingId, { userIds, emails, tokenHash }),
      this.memberRows.participantCount(s, meetingId),
    ]);
    return this.loadWith(s, actor, meetingId, opts, async () => rows, participants, 'held');
  }

  private async loadWith(
    s: Scope, actor: Actor, meetingId: number, opts: LoadOpts,
    membersOf: () => Promise<MemberRow[]>, participantCount: number | undefined, proxyScope: 'all' | 'held', pre?: AccessRows,
  ): Promise<MeetingCtx> {
    const { orgId } = s;
    const org = await this.directory.organization(orgId);
    let meeting = pre ? pre.meeting : await this.meetings.get(s, meetingId);
    if (!meeting) throw actor.kind === 'guest' ? new AppError('UNAUTHENTICATED') : AppError.notFound('meeting');
    let members = pre ? pre.members : await membersOf();
    const committee = await this.directory.committee(orgId, meeting.committeeId);
    const extra = opts.alsoUsers?.({ meeting, committee }) ?? [];
    const people = await this.directory.usersById(orgId, [meeting.ownerId, ...members.map((m) => m.userId), ...extra]);
    if (opts.lock) {
      meeting = await this.meetings.get(s, meetingId, { lock: true });
      if (!meeting) throw actor.kind === 'guest' ? new AppError('UNAUTHENTICATED') : AppError.notFound('meeting');
      members = await this.memberRows.members(s, meetingId);
    }
    let me: MemberRow | null = null;
    if (actor.kind === 'guest') {
      const hash = actor.guestToken ? sha256(actor.guestToken) : '';
      me = members.find((m) => m.tokenHash !== null && m.tokenHash === hash) ?? null;
      if (!me) throw new AppError('UNAUTHENTICATED');
    } else if (actor.kind === 'user' && actor.userId) {
      me = members.find((m) => m.userId === actor.userId) ?? null;
    }
    const agendaCount = pre ? pre.agendaCount : await this.meetings.agendaCount(s, meetingId);
    const proxies = pre && proxyScope === 'all' ? pre.proxies : proxyScope === 'all' ? await this.proxyRows.proxiesOf(s, meetingId) : me ? await this.proxyRows.proxiesOf(s, meetingId, { toMemberId: me.id }) : [];
    const ctx = this.build({ org, actor, meeting, members, me, committee, agendaCount, variant: opts.variant, people, locked: opts.lock, participantCount, proxies });
    if (!canView(ctx.facts)) throw AppError.notFound('meeting');
    if (ndaPending(ctx) && !opts.ndaPreview) throw new AppError('NDA_NOT_ACCEPTED');
    return ctx;
  }

  /** the context from rows already loaded (lists load them in bulk) */
  build(f: { org: OrgSettings; actor: Actor; meeting: MeetingRow; members: MemberRow[]; me: MemberRow | null; committee: DirectoryCommittee | null; agendaCount: number; variant?: Variant; people?: People; locked?: boolean; participantCount?: number; proxies?: ProxyEntry[] }): MeetingCtx {
    const { org, actor, meeting, members, me, committee } = f;
    const variant = f.variant ?? org.variant;
    const now = new Date();
    // a guest's link ends GUEST_LINK_DAYS after it was issued (or at the expiry set for the guest), with its meeting
    // (cancelled or archived), or when the owner or an administrator revoked it: 410
    if (actor.kind === 'guest' && me) {
      const state = guestLinkState(guestLinkOf(me, meeting.statusId), now, this.config.GUEST_LINK_DAYS);
      if (state === 'revoked') throw new AppError('GUEST_LINK_REVOKED');
      if (state !== 'live') throw new AppError('GUEST_LINK_EXPIRED');
    }
    const facts: MeetingFacts = {
      actor: { kind: actor.kind, userId: actor.userId, isAdmin: actor.isAdmin },
      ownerId: meeting.ownerId,
      committeeAdminIds: committee?.admin_ids ?? [],
      member: me ? { role: me.role === 'Editor' ? 'Editor' : 'Viewer', isOwner: me.isOwner } : null,
      statusId: meeting.statusId,
      variant,
      committeeActive: committee?.status !== 'inactive',
      participantCount: f.participantCount ?? members.filter((m) => !m.isOwner).length,
      agendaCount: f.agendaCount,
      startAt: meeting.startAt,
      now,
      ndaRequired: org.modules.nda === 1,
      ndaAccepted: !!me?.ndaAcceptedAt,
      virtual: meeting.virtual,
      virtualJoinable: !joinCutoffPassed(instantToLocal(meeting.startAt, org.time_zone)),
    };
    return {
      org, tz: org.time_zone, variant, now, actor, meeting, members, me, committee, facts, people: f.people ?? new Map(), locked: !!f.locked, proxies: f.proxies ?? [],
      guestLinkDays: this.config.GUEST_LINK_DAYS,
      perms: meetingPermissions(facts),
      actorKey: actorKey(actor, me),
      actorName: actorName(actor, me),
    };
  }

  /** a guest's meeting id from the token (GET /meeting/guest/{token}) */
  async guestMeetingId(s: Scope, actor: Actor): Promise<number> {
    if (actor.kind !== 'guest' || !actor.guestToken) throw new AppError('UNAUTHENTICATED');
    const m = await this.memberRows.memberByTokenHash(s, sha256(actor.guestToken));
    if (!m) throw new AppError('UNAUTHENTICATED');
    return m.meetingId;
  }
}

/** the NDA gate: the organization requires an NDA and this member or guest has not accepted it (the modal's flag) */
export function ndaPending(ctx: Pick<MeetingCtx, 'perms'>): boolean {
  return ctx.perms.acceptNda;
}

/** 4 and 5 lock all editing for everyone */
export function assertOpen(ctx: MeetingCtx): void {
  if (!isOpenStatus(ctx.meeting.statusId)) throw new AppError('MEETING_LOCKED');
}

export function assertCan(ok: boolean): void {
  if (!ok) throw new AppError('MEETING_FORBIDDEN');
}
