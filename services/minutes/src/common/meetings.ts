import { Injectable } from '@nestjs/common';
import { GetMeeting, SYSTEM_ACTOR, type Actor, type Lang, type MeetingDetails, type Variant } from '@app/contracts';
import { Bus } from '@app/platform';

/**
 * The meeting service decides who may see a meeting and owns its agenda; this service asks it (GetMeeting) and
 * keeps no copy of memberships or items. 404 when the actor may not see the meeting, as everywhere.
 */
@Injectable()
export class Meetings {
  constructor(private readonly bus: Bus) {}

  load(orgId: string, actor: Actor, meetingId: number, opts: { variant?: Variant; lang?: Lang } = {}): Promise<MeetingDetails> {
    return this.bus.request(GetMeeting, { orgId, actor, meetingId, variant: opts.variant, lang: opts.lang });
  }

  /** the whole meeting as the system sees it (the PDF job, long after the request that asked for it) */
  loadAsSystem(orgId: string, meetingId: number, variant?: Variant): Promise<MeetingDetails> {
    return this.bus.request(GetMeeting, { orgId, actor: SYSTEM_ACTOR, meetingId, variant });
  }
}
