import { Injectable } from '@nestjs/common';
import { AppError, MM, type RequestOf, type JoinVirtual, instantToLocal } from '@app/contracts';
import { MeetingDb } from '../db/db';
import { Directory } from '../common/directory';
import { joinCutoffPassed } from '../rules/item-dates';
import { CommentsRepository } from '../repositories/comments.repository';
import { RecordsRepository } from '../repositories/records.repository';
import { MeetingAccess, assertOpen } from '../common/meeting-access';
import { VirtualProviders } from './providers';

/** GET /meetings/{id}/participant: the actor's link into the meeting's online session (created on first join). */
@Injectable()
export class VirtualService {
  constructor(
    private readonly db: MeetingDb,
    private readonly access: MeetingAccess,
    private readonly providers: VirtualProviders,
    private readonly directory: Directory,
    private readonly comments: CommentsRepository,
    private readonly records: RecordsRepository,
  ) {}

  async join(req: RequestOf<typeof JoinVirtual>) {
    const { orgId, actor } = req;
    // the session is created outside the transaction (the provider is a remote call), then stored once
    const ctx = await this.db.tenant(orgId, (s) => this.access.load(s, actor, req.meetingId, { variant: req.variant }));
    const m = ctx.meeting;
    if (!m.virtual) throw new AppError('VIRTUAL_NOT_AVAILABLE');
    assertOpen(ctx);
    if (joinCutoffPassed(instantToLocal(m.startAt, ctx.tz))) throw new AppError('DEADLINE_PASSED', { fields: { warning: [MM.deadlinePassed] } });
    const provider = this.providers.get(m.virtualType);
    if (!provider || !provider.enabled(ctx.org)) throw new AppError('VIRTUAL_NOT_AVAILABLE');
    let session = await this.db.tenant(orgId, (s) => this.records.virtualSession(s, m.id));
    if (!session) {
      const created = await provider.createSession({ orgId, meetingId: m.id, title: m.title, startAt: m.startAt, duration: m.duration });
      session = await this.db.tenant(orgId, async (s) => {
        const row = await this.records.saveVirtualSession(s, m.id, { provider: provider.type, ...created });
        await this.comments.log(s, { meetingId: m.id, userId: actor.userId, userName: ctx.actorName, activity: `${ctx.actorName ?? 'Someone'} started the online meeting` });
        return row;
      });
    }
    const user = actor.userId ? (await this.directory.usersById(orgId, [actor.userId])).get(actor.userId) : undefined;
    const name = user?.name ?? ctx.actorName ?? 'Participant';
    const participantId = ctx.me ? `m${ctx.me.id}` : `u${actor.userId ?? 0}`;
    const url = await provider.participantUrl(orgId, session, { id: participantId, name, email: user?.email ?? ctx.me?.userEmail ?? null, host: ctx.perms.level === 'owner' });
    return { name, participant_id: participantId, participant_url: url, provider: provider.type };
  }
}
