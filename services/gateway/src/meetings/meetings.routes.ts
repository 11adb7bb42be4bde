import { Inject, Injectable } from '@nestjs/common';
import {
  AppError, CalendarFeedRoutes, ChangeMeetingStatus, GetMeeting, JoinVirtual, MeetingMinutesFields, MeetingRoutes, MM, NoteRoutes, orgUrl, RenderCalendarFeed, SaveRecordSummary, translate,
} from '@app/contracts';
import { Bus, CONFIG, logger } from '@app/platform';
import type { GatewayConfig } from '../config';
import { FileAnswer, Implements, type RouteContext, type RouteResult } from '../core/routes';
import { MinutesFieldsCache } from './minutes-fields-cache';

/**
 * The meeting routes that compose (docs/how-to-add-a-route.md, "A route that composes"): the ones whose answer is shaped here.
 * Every other meeting route forwards to its RPC from the route table (libs/contracts/src/meeting/*.routes.ts).
 */
@Injectable()
export class MeetingsRoutes {
  constructor(private readonly bus: Bus, @Inject(CONFIG) private readonly config: GatewayConfig, private readonly minutesFields: MinutesFieldsCache) {}

  /** a user's meetings as iCalendar, for calendar applications (the address is the credential; not cached by proxies) */
  @Implements(CalendarFeedRoutes.calendarFeedIcs)
  async calendarFeed({ call, params, req }: RouteContext<typeof CalendarFeedRoutes.calendarFeedIcs>): Promise<RouteResult<typeof CalendarFeedRoutes.calendarFeedIcs>> {
    if (!call.orgId || !req.orgSlug) throw AppError.notFound('calendar');
    const baseUrl = orgUrl({ slug: req.orgSlug, baseDomain: this.config.PUBLIC_BASE_DOMAIN, protocol: this.config.PUBLIC_PROTOCOL }, '/');
    const { ics } = await this.bus.request(RenderCalendarFeed, { orgId: call.orgId, token: params.file.replace(/\.ics$/, ''), baseUrl });
    const body = Buffer.from(ics, 'utf8');
    return new FileAnswer(body, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="meetings.ics"',
      'Content-Length': String(body.length),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  }

  /**
   * The details from the meeting service, with the minutes service's fields laid over them (docs/minutes.md): the
   * facts it needs are passed from the details, so the meeting is read once. Those fields are kept here until the
   * minutes service says they changed (MinutesFieldsCache: the generation is read beside the details). When the
   * minutes service does not answer in time the details still answer, with those fields as the meeting service left
   * them (empty).
   */
  @Implements(MeetingRoutes.getMeeting)
  async getMeeting({ call, params }: RouteContext<typeof MeetingRoutes.getMeeting>): Promise<RouteResult<typeof MeetingRoutes.getMeeting>> {
    // the meeting page's own read: before the NDA is accepted the service answers its preview (title and date)
    const generation = call.orgId ? this.minutesFields.generation(call.orgId, params.id) : Promise.resolve(null);
    // the meeting service checked its answer against zMeetingDetails before sending it: not parsed a second time here
    const details = await this.bus.request(GetMeeting, { ...call, meetingId: params.id, ndaPreview: true }, { checkedReply: true });
    // and the minutes' fields (versions, the book) are not laid over it
    if (details.permissions.acceptNda) return details;
    const ask = {
      orgId: call.orgId, actor: call.actor,
      meeting: {
        id: details.id, owner_id: details.owner_id, admin_ids: details.admins.map((a) => a.id), meeting_status_id: details.meeting_status_id, mom: details.mom, time_zone: details.time_zone,
        member: details.current_member ? { can_edit: details.current_member.can_edit === 1 } : null,
      },
    };
    try {
      const fields = await this.minutesFields.fields(ask, await generation, () => this.bus.request(MeetingMinutesFields, ask));
      return { ...details, ...fields };
    } catch (e) {
      if (!(e instanceof AppError && e.code === 'RPC_TIMEOUT')) throw e;
      logger().warn({ meetingId: details.id }, 'the minutes service did not answer: meeting details without its minutes fields');
      return details;
    }
  }

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
