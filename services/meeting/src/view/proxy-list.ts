import { instantToLocal, type ProxyList } from '@app/contracts';
import type { MeetingCtx } from '../common/meeting-access';
import { PROXIES_PER_HOLDER, canRevoke, managesProxies, proxiesOpen } from '../rules/proxy';

/** the actor as the proxy rules see them: their user member row (guests give and hold none), and whether they manage */
export function proxyActor(ctx: Pick<MeetingCtx, 'me' | 'actor' | 'perms'>): { memberId: number | null; manages: boolean } {
  return { memberId: ctx.me?.userId ? ctx.me.id : null, manages: ctx.actor.kind === 'user' && managesProxies(ctx.perms.level) };
}

/** a meeting's proxies with the actor's flags (GET /api/meetings/{id}/proxies, and the details' `proxies`) */
export function proxyList(ctx: Pick<MeetingCtx, 'me' | 'actor' | 'perms' | 'meeting' | 'proxies' | 'people' | 'tz'>): ProxyList {
  const actor = proxyActor(ctx);
  const open = proxiesOpen(ctx.meeting.statusId);
  const person = (id: number) => {
    const u = ctx.people.get(id);
    return { id, name: u?.name ?? null, image: u?.image ?? null };
  };
  const involved = ctx.proxies.some((p) => p.fromMemberId === actor.memberId || p.toMemberId === actor.memberId);
  return {
    items: ctx.proxies.map((p): ProxyList['items'][number] => ({
      id: p.id, meeting_id: p.meetingId, from_user_id: p.fromUserId, to_user_id: p.toUserId, from: person(p.fromUserId), to: person(p.toUserId),
      created_at: instantToLocal(p.createdAt, ctx.tz),
      can_revoke: canRevoke({ statusId: ctx.meeting.statusId, actor, proxy: p }),
    })),
    open,
    // a member who has given one, or holds one, gives none (one each, no chains)
    can_give: open && actor.memberId !== null && !involved,
    can_record: open && actor.manages,
    per_holder: PROXIES_PER_HOLDER,
  };
}
