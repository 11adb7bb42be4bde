import { Injectable } from '@nestjs/common';
import { ChangeMeetingStatus, JoinVirtual, MeetingRoutes, MM, NoteRoutes, SaveRecordSummary, translate } from '@app/contracts';
import { Bus } from '@app/platform';
import { Implements, type RouteContext, type RouteResult } from '../core/routes';

/**
 * The meeting routes that compose (docs/how-to-add-a-route.md, "A route that composes"): the ones whose answer is shaped here.
 * Every other meeting route forwards to its RPC from the route table (libs/contracts/src/meeting/*.routes.ts).
 */
@Injectable()
export class MeetingsRoutes {
  constructor(private readonly bus: Bus) {}

  /** the success message is the service's, naming the new status in the request's language */
  @Implements(MeetingRoutes.changeMeetingStatus)
  async changeStatus({ call, params, body }: RouteContext<typeof MeetingRoutes.changeMeetingStatus>): Promise<RouteResult<typeof MeetingRoutes.changeMeetingStatus>> {
    const r = await this.bus.request(ChangeMeetingStatus, { ...call, meetingId: params.id, body });
    return { success: true as const, message: translate(r.message, call.lang, { status: translate(r.meeting.status.name, call.lang) }), data: r.meeting };
  }

  /** the link's fields at the top level and in data */
  @Implements(MeetingRoutes.joinVirtual)
  async joinVirtual({ call, params }: RouteContext<typeof MeetingRoutes.joinVirtual>): Promise<RouteResult<typeof MeetingRoutes.joinVirtual>> {
    const r = await this.bus.request(JoinVirtual, { ...call, meetingId: params.id });
    return { success: true as const, ...r, data: r };
  }

  /** the recorder reads `summary` and `message` at the top level */
  @Implements(NoteRoutes.saveRecordSummary)
  async recordSummary({ call, params, body }: RouteContext<typeof NoteRoutes.saveRecordSummary>): Promise<RouteResult<typeof NoteRoutes.saveRecordSummary>> {
    const r = await this.bus.request(SaveRecordSummary, { ...call, meetingId: params.id, body });
    return { success: true as const, summary: r.summary, message: translate(MM.summarySaved, call.lang), data: r };
  }
}
