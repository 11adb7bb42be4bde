import { Injectable } from '@nestjs/common';
import {
  AppError, M, type Actor, type DirectoryUser, type Lang, type RequestOf, type ListMembers, type AddMembers, type SetGuestName, type RemoveMember, type AddCommitteeMembers,
  type ChangeMemberType, type ChangeAttendance, type SetGuestLink, MM, localToInstant,
} from '@app/contracts';
import { MeetingDb, type Scope } from '../db/db';
import { addedParticipants, participantName } from '../rules/activity-names';
import type { MemberRow } from '../db/schema';
import { Directory } from '../common/directory';
import { MeetingPublisher, type PendingEvent, type People } from '../common/publisher';
import { actorInfo } from '../common/actor';
import { GuestTokens } from '../common/guest-tokens';
import { checkAttendance } from '../rules/attendance';
import { memberRights } from '../rules/member-rights';
import { guestLinkEnded, guestLinkOf, managesGuestLinks } from '../rules/guest-link';
import { normalizeEmail, sameEmail } from '../rules/person';
import { isAnnounced } from '../rules/status-machine';
import { CommentsRepository } from '../repositories/comments.repository';
import { MeetingAccess, assertCan, assertOpen, type LoadOpts, type MeetingCtx } from '../common/meeting-access';
import { MeetingsRepository } from '../repositories/meetings.repository';
import { MembersRepository, type NewMember } from '../repositories/members.repository';
import { MeetingView } from '../view/meeting-view';
import { MeetingEvents } from '../events/meeting-events';

/** Participants: users and guests, their role (Viewer/Editor) and type (1-4), attendance, guest details. */
@Injectable()
export class MembersService {
  constructor(
    private readonly db: MeetingDb,
    private readonly access: MeetingAccess,
    private readonly view: MeetingView,
    private readonly meetings: MeetingsRepository,
    private readonly memberRows: MembersRepository,
    private readonly comments: CommentsRepository,
    private readonly directory: Directory,
    private readonly publisher: MeetingPublisher,
    private readonly events: MeetingEvents,
    private readonly guestTokens: GuestTokens,
  ) {}

  private log(s: Scope, ctx: MeetingCtx, activity: string) {
    return this.comments.log(s, { meetingId: ctx.meeting.id, userId: ctx.actor.userId, userName: ctx.actorName, activity: `${ctx.actorName ?? 'Someone'} ${activity}` });
  }

  /** run a members change in one transaction, publish after commit, answer the fresh list */
  private async change(
    req: { orgId: string; actor: Actor; meetingId: number; variant?: RequestOf<typeof ListMembers>['variant'] },
    fn: (s: Scope, ctx: MeetingCtx, pending: PendingEvent[]) => Promise<void>,
    alsoUsers?: LoadOpts['alsoUsers'],
  ) {
    const out = await this.publisher.inTx(this.db, req.orgId, async (s, pending) => {
      const ctx = await this.access.load(s, req.actor, req.meetingId, { variant: req.variant, lock: true, alsoUsers });
      assertOpen(ctx);
      await fn(s, ctx, pending);
      pending.push(this.events.meetingChanged(req.orgId, ctx.meeting.id, 'members', { byUserId: req.actor.userId }));
      return this.view.membersIn(s, ctx);
    });
    return out;
  }

  list(req: RequestOf<typeof ListMembers>) {
    return this.db.tenant(req.orgId, async (s) => {
      const ctx = await this.access.load(s, req.actor, req.meetingId, { variant: req.variant });
      return this.view.membersIn(s, ctx);
    });
  }

  /** invite new rows: in statuses 2 and 3 at once (guests with a fresh token); drafts invite when scheduled */
  private async invite(s: Scope, ctx: MeetingCtx, rows: MemberRow[], people: People, pending: PendingEvent[], lang?: Lang) {
    if (!isAnnounced(ctx.meeting.statusId)) return;
    const by = actorInfo(ctx.actor, ctx.me);
    for (const r of rows) {
      let token: string | null = null;
      if (!r.userId) {
        const issued = this.guestTokens.issue(r);
        token = issued.token;
        await this.memberRows.updateMember(s, r.id, { tokenHash: issued.tokenHash, tokenIssuedAt: issued.tokenIssuedAt });
      }
      pending.push(this.events.memberInvited(ctx.org, ctx.meeting, r, token, by, people, lang));
    }
  }

  async add(req: RequestOf<typeof AddMembers>) {
    const { orgId, body } = req;
    // the directory is asked before the transaction takes the meeting's row lock
    const byEmail = body.user_email ? await this.directory.usersByEmail(orgId, [body.user_email]) : new Map<string, DirectoryUser>();
    return this.change(req, async (s, ctx, pending) => {
      assertCan(ctx.perms.manageParticipants);
      const rows: Omit<NewMember, 'orgId'>[] = [];
      const exists = (userId: number | null, email: string | null) =>
        ctx.members.some((m) => (userId && m.userId === userId) || sameEmail(m.userEmail, email)) || rows.some((r) => (userId && r.userId === userId) || sameEmail(r.userEmail, email));
      const base = { meetingId: ctx.meeting.id, role: body.type, memberType: body.member_type ?? null };
      if (body.user_id?.length) {
        for (const id of body.user_id) {
          const u = ctx.people.get(id);
          if (!u || u.status === 'Deleted' || u.status === 'Inactive') throw AppError.validation({ user_id: 'The user is not a member of this organization.' });
          if (!exists(id, null)) rows.push({ ...base, userId: id, organizationGuest: body.organization_guest === true });
        }
      }
      if (body.user_email) {
        const u = byEmail.get(normalizeEmail(body.user_email));
        if (u && u.status !== 'Deleted') {
          if (!exists(u.id, null)) rows.push({ ...base, userId: u.id, organizationGuest: body.organization_guest === true });
        } else {
          // a guest whose link was revoked or ran out is invited again: a new link (the old one stays dead, its hash
          // is replaced), the usual lifetime, the role and details of this request
          const old = ctx.members.find((m) => !m.userId && sameEmail(m.userEmail, body.user_email));
          if (old && guestLinkEnded(guestLinkOf(old, ctx.meeting.statusId), ctx.now, ctx.guestLinkDays)) {
            const again = { guestRevokedAt: null, guestExpiresAt: null, guestLang: req.lang ?? 'en', role: body.type, ...(body.guest_name !== undefined ? { guestName: body.guest_name } : {}), ...(body.guest_title !== undefined ? { guestTitle: body.guest_title } : {}) };
            const renewed = { ...old, ...again };
            await this.memberRows.updateMember(s, old.id, again);
            await this.log(s, ctx, `sent a new link to ${participantName(renewed, (id) => ctx.people.get(id)?.name)}`);
            await this.invite(s, ctx, [renewed], ctx.people, pending, req.lang);
            return;
          }
          if (!exists(null, body.user_email)) {
            rows.push({ ...base, userEmail: body.user_email, guestLang: req.lang ?? 'en', guestName: body.guest_name ?? null, guestTitle: body.guest_title ?? null, organizationGuest: body.organization_guest === true });
          }
        }
      }
      if (!rows.length) throw AppError.validation({ [body.user_email ? 'user_email' : 'user_id']: 'The participant is already a member of this meeting.' });
      const inserted = await this.memberRows.insertMembers(s, rows);
      await this.log(s, ctx, addedParticipants(inserted.map((r) => participantName(r, (id) => ctx.people.get(id)?.name))));
      await this.invite(s, ctx, inserted, ctx.people, pending, req.lang);
    }, () => [...(body.user_id ?? []), ...[...byEmail.values()].map((u) => u.id)]);
  }

  addCommittee(req: RequestOf<typeof AddCommitteeMembers>) {
    return this.change(req, async (s, ctx, pending) => {
      assertCan(ctx.perms.manageParticipants);
      const c = ctx.committee;
      if (!c) throw AppError.validation({ committee_id: 'The committee does not exist.' });
      const ids = [...new Set([...c.admin_ids, ...c.member_ids])].filter((id) => !ctx.members.some((m) => m.userId === id));
      const users = ctx.people;
      const rows = ids
        .filter((id) => users.get(id) && users.get(id)!.status !== 'Deleted' && users.get(id)!.status !== 'Inactive')
        .map((id) => ({ meetingId: ctx.meeting.id, userId: id, role: c.admin_ids.includes(id) ? 'Editor' : 'Viewer' }));
      const inserted = await this.memberRows.insertMembers(s, rows);
      if (inserted.length) await this.log(s, ctx, `added the committee's members (${inserted.length})`);
      await this.invite(s, ctx, inserted, ctx.people, pending, req.lang);
    }, ({ committee }) => (committee ? [...committee.admin_ids, ...committee.member_ids] : []));
  }

  setGuestName(req: RequestOf<typeof SetGuestName>) {
    const { body } = req;
    return this.change(req, async (s, ctx) => {
      const row = ctx.members.find((m) => !m.userId && sameEmail(m.userEmail, body.user_email));
      if (!row) throw AppError.validation({ user_email: 'Choose a person who is a participant of this meeting.' });
      const self = ctx.actor.kind === 'guest' && ctx.me?.id === row.id;
      assertCan(ctx.perms.manageParticipants || self);
      await this.memberRows.updateMember(s, row.id, { guestName: body.guest_name, guestTitle: body.guest_title ?? null });
      await this.log(s, ctx, `updated the guest ${body.user_email}`);
    });
  }

  /**
   * A guest's link (issue 27; docs/security.md#guest-links-and-calendar-feeds): revoke it (410 'This link has been
   * revoked.' from then on) or set until when it works (null: GUEST_LINK_DAYS from when it was sent). The meeting's
   * owner and its committee's admins (organization administrators included); everything checked before anything is written.
   */
  setGuestLink(req: RequestOf<typeof SetGuestLink>) {
    const { body } = req;
    return this.change(req, async (s, ctx) => {
      assertCan(managesGuestLinks(ctx.perms.level));
      const row = ctx.members.find((m) => m.id === body.member_id && m.userId === null);
      if (!row) throw AppError.validation({ member_id: MM.guestLinkGuest });
      const expiresAt = body.expires_at ? localToInstant(body.expires_at, ctx.tz) : null;
      if (expiresAt && expiresAt.getTime() <= ctx.now.getTime()) throw AppError.validation({ expires_at: MM.guestLinkFuture });
      const who = participantName(row, (id) => ctx.people.get(id)?.name);
      if (body.expires_at !== undefined) {
        await this.memberRows.updateMember(s, row.id, { guestExpiresAt: expiresAt });
        await this.log(s, ctx, expiresAt ? `set the link of ${who} to expire at ${body.expires_at}` : `gave the link of ${who} the usual lifetime`);
      }
      if (body.revoke && !row.guestRevokedAt) {
        await this.memberRows.updateMember(s, row.id, { guestRevokedAt: ctx.now });
        await this.log(s, ctx, `revoked the link of ${who}`);
      }
    });
  }

  private find(ctx: MeetingCtx, f: { userId?: number; memberId?: number; userEmail?: string }): MemberRow {
    const row = f.memberId
      ? ctx.members.find((m) => m.id === f.memberId)
      : f.userId
        ? ctx.members.find((m) => m.userId === f.userId)
        : f.userEmail
          ? ctx.members.find((m) => sameEmail(m.userEmail, f.userEmail))
          : undefined;
    if (!row) throw AppError.validation({ user_id: 'Choose a person who is a participant of this meeting.' });
    return row;
  }

  /** what the actor may do to this row (rules/member-rights.ts: the same rule as the payload's flags) */
  private rights(ctx: MeetingCtx, row: MemberRow) {
    return memberRights({
      level: ctx.perms.level, isGuest: ctx.perms.isGuest, open: ctx.perms.open, statusId: ctx.meeting.statusId,
      respondForOthers: ctx.perms.respondForOthers, mine: ctx.me?.id === row.id, rowIsOwner: row.isOwner,
    });
  }

  remove(req: RequestOf<typeof RemoveMember>) {
    return this.change(req, async (s, ctx) => {
      const row = this.find(ctx, { userId: req.userId, memberId: req.memberId, userEmail: req.userEmail });
      assertCan(this.rights(ctx, row).remove);
      await this.memberRows.deleteMember(s, row.id);
      await this.log(s, ctx, `removed ${participantName(row, (id) => ctx.people.get(id)?.name)}`);
    });
  }

  changeType(req: RequestOf<typeof ChangeMemberType>) {
    const { body } = req;
    return this.change(req, async (s, ctx) => {
      const row = this.find(ctx, { userId: body.user_id, memberId: body.member_id, userEmail: body.user_email });
      assertCan(this.rights(ctx, row).changeType);
      if (typeof body.type === 'number') await this.memberRows.updateMember(s, row.id, { memberType: body.type });
      else await this.memberRows.updateMember(s, row.id, { role: body.type });
      await this.log(s, ctx, `changed the type of ${participantName(row, (id) => ctx.people.get(id)?.name)} to ${body.type}`);
    });
  }

  attendance(req: RequestOf<typeof ChangeAttendance>) {
    const { body } = req;
    return this.change(req, async (s, ctx) => {
      let row: MemberRow;
      if (req.asAdmin) {
        row = this.find(ctx, { userId: body.user_id, memberId: body.member_id, userEmail: body.user_email });
        if (ctx.me?.id !== row.id) assertCan(ctx.perms.respondForOthers);
      } else {
        if (!ctx.me) throw new AppError('MEETING_FORBIDDEN');
        row = ctx.me;
        if (body.user_email && ctx.actor.kind === 'guest' && !sameEmail(body.user_email, row.userEmail)) throw new AppError('MEETING_FORBIDDEN');
      }
      const v = checkAttendance({ statusId: ctx.meeting.statusId, variant: ctx.variant, value: body.status, reason: body.reason });
      if (!v.ok) {
        if (v.error === 'status') throw AppError.validation({ status: 'Attendance can be changed only while the meeting is scheduled or live.' });
        throw AppError.validation({ status: M.oneOf });
      }
      await this.memberRows.updateMember(s, row.id, { attendance: body.status, attendanceReason: v.reason });
      const who = row.id === ctx.me?.id ? 'answered' : `answered for ${row.userEmail ?? 'a participant'}`;
      await this.log(s, ctx, `${who}: ${body.status}`);
    });
  }
}
