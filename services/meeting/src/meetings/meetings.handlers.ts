import { Injectable } from '@nestjs/common';
import {
  AcceptNda, ChangeMeetingStatus, CopyMeeting, CreateMeeting, DeleteMeeting, GetAnalytics, GetGuestMeeting, GetMeeting, GetRoomAccess, ListActivities, ListMeetings,
  ListMeetingReminderRecipients, RateMeeting, ReorderAgenda, SaveNote, SaveRecordSummary, UpdateMeeting, type RequestOf,
} from '@app/contracts';
import { Rpc } from '@app/platform';
import { MeetingsService } from './meetings.service';
import { MeetingReminderRecipients } from './reminder-recipients';

/** NATS handlers: the request is already parsed with its contract; call the use case. */
@Injectable()
export class MeetingsHandlers {
  constructor(private readonly meetings: MeetingsService, private readonly reminderRecipients: MeetingReminderRecipients) {}

  @Rpc(ListMeetings) list(req: RequestOf<typeof ListMeetings>) { return this.meetings.list(req); }
  // built to its contract: sent as built in production, checked against the parse in development and tests (docs/decisions.md)
  @Rpc(GetMeeting, { builtToContract: true }) get(req: RequestOf<typeof GetMeeting>) { return this.meetings.get(req); }
  @Rpc(GetGuestMeeting) guest(req: RequestOf<typeof GetGuestMeeting>) { return this.meetings.guest(req); }
  @Rpc(GetRoomAccess) roomAccess(req: RequestOf<typeof GetRoomAccess>) { return this.meetings.roomAccess(req); }
  @Rpc(CreateMeeting) create(req: RequestOf<typeof CreateMeeting>) { return this.meetings.create(req); }
  @Rpc(UpdateMeeting) update(req: RequestOf<typeof UpdateMeeting>) { return this.meetings.update(req); }
  @Rpc(DeleteMeeting) remove(req: RequestOf<typeof DeleteMeeting>) { return this.meetings.remove(req); }
  @Rpc(CopyMeeting) copy(req: RequestOf<typeof CopyMeeting>) { return this.meetings.copy(req); }
  @Rpc(ChangeMeetingStatus) changeStatus(req: RequestOf<typeof ChangeMeetingStatus>) { return this.meetings.changeStatus(req); }
  @Rpc(ReorderAgenda) reorder(req: RequestOf<typeof ReorderAgenda>) { return this.meetings.reorder(req); }
  @Rpc(AcceptNda) acceptNda(req: RequestOf<typeof AcceptNda>) { return this.meetings.acceptNda(req); }
  @Rpc(GetAnalytics) analytics(req: RequestOf<typeof GetAnalytics>) { return this.meetings.analytics(req); }
  @Rpc(RateMeeting) rate(req: RequestOf<typeof RateMeeting>) { return this.meetings.rate(req); }
  @Rpc(SaveNote) saveNote(req: RequestOf<typeof SaveNote>) { return this.meetings.saveNote(req); }
  @Rpc(SaveRecordSummary) saveSummary(req: RequestOf<typeof SaveRecordSummary>) { return this.meetings.saveSummary(req); }
  @Rpc(ListActivities) activities(req: RequestOf<typeof ListActivities>) { return this.meetings.activities(req); }
  /** service to service: the notification service's meeting reminder, when it fires */
  @Rpc(ListMeetingReminderRecipients) reminderRecipientsOf(req: RequestOf<typeof ListMeetingReminderRecipients>) { return this.reminderRecipients.list(req); }
}
