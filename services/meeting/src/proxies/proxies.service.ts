import { Injectable } from '@nestjs/common';
import { AppError, type GiveProxy, type ListProxies, type ProxyList, type RequestOf, type RevokeProxy } from '@app/contracts';
import { MeetingDb, type Scope } from '../db/db';
import { MeetingAccess, assertOpen, type MeetingCtx } from '../common/meeting-access';
import { MeetingPublisher } from '../common/publisher';
import { MeetingEvents } from '../events/meeting-events';
import { CommentsRepository } from '../repositories/comments.repository';
import { ProxiesRepository } from '../repositories/proxies.repository';
import { PROXIES_PER_HOLDER, giveRefusal, revokeRefusal, type ProxyRefusal } from '../rules/proxy';
import { proxyActor, proxyList } from '../view/proxy-list';

/** Proxies of a meeting (docs/meeting.md#proxies): list, give (or record for a member), revoke. */
@Injectable()
export class ProxiesService {
  constructor(
    private readonly db: MeetingDb,
    private readonly access: MeetingAccess,
    private readonly proxyRows: ProxiesRepository,
    private readonly comments: CommentsRepository,
    private readonly publisher: MeetingPublisher,
    private readonly events: MeetingEvents,
  ) {}

  list(req: RequestOf<typeof ListProxies>): Promise<ProxyList> {
    return this.db.tenant(req.orgId, async (s) => proxyList(await this.access.load(s, req.actor, req.meetingId, { variant: req.variant })));
  }

  give(req: RequestOf<typeof GiveProxy>): Promise<ProxyList> {
    const { body } = req;
    return this.change(req, async (s, ctx) => {
      const memberOf = (userId: number) => ctx.members.find((m) => m.userId === userId) ?? null;
      const from = memberOf(body.from_user_id);
      const to = memberOf(body.to_user_id);
      refuse(giveRefusal({
        statusId: ctx.meeting.statusId, actor: proxyActor(ctx),
        fromMemberId: from?.id ?? null, toMemberId: to?.id ?? null, existing: ctx.proxies, perHolder: PROXIES_PER_HOLDER,
      }));
      await this.proxyRows.insert(s, { meetingId: ctx.meeting.id, fromMemberId: from!.id, toMemberId: to!.id, createdBy: ctx.actor.userId });
      const name = (id: number) => ctx.people.get(id)?.name ?? 'a member';
      const who = from!.id === ctx.me?.id ? 'gave their proxy' : `recorded the proxy of ${name(body.from_user_id)}`;
      await this.log(s, ctx, `${who} to ${name(body.to_user_id)}`);
    });
  }

  revoke(req: RequestOf<typeof RevokeProxy>): Promise<ProxyList> {
    return this.change(req, async (s, ctx) => {
      const p = ctx.proxies.find((x) => x.id === req.proxyId);
      if (!p) throw AppError.notFound('proxy');
      refuse(revokeRefusal({ statusId: ctx.meeting.statusId, actor: proxyActor(ctx), proxy: p }));
      await this.proxyRows.delete(s, ctx.meeting.id, p.id);
      await this.log(s, ctx, `revoked the proxy of ${ctx.people.get(p.fromUserId)?.name ?? 'a member'}`);
    });
  }

  /** one transaction under the meeting's row lock (two proxies given at once take turns), then the fresh list */
  private async change(req: { orgId: string; actor: RequestOf<typeof ListProxies>['actor']; meetingId: number; variant?: RequestOf<typeof ListProxies>['variant'] }, fn: (s: Scope, ctx: MeetingCtx) => Promise<void>) {
    return this.publisher.inTx(this.db, req.orgId, async (s, pending) => {
      const ctx = await this.access.load(s, req.actor, req.meetingId, { variant: req.variant, lock: true });
      assertOpen(ctx);
      await fn(s, ctx);
      pending.push(this.events.meetingChanged(req.orgId, ctx.meeting.id, 'members', { byUserId: req.actor.userId }));
      return proxyList({ ...ctx, proxies: await this.proxyRows.proxiesOf(s, ctx.meeting.id) });
    });
  }

  private log(s: Scope, ctx: MeetingCtx, activity: string) {
    return this.comments.log(s, { meetingId: ctx.meeting.id, userId: ctx.actor.userId, userName: ctx.actorName, activity: `${ctx.actorName ?? 'Someone'} ${activity}` });
  }
}

/** a refusal as the catalogue says it: 403 for someone else's proxy, 409 with the field's message otherwise */
function refuse(r: ProxyRefusal | null): void {
  if (!r) return;
  if ('forbidden' in r) throw new AppError('MEETING_FORBIDDEN');
  throw AppError.validation({ [r.field]: r.message });
}
