import { Injectable } from '@nestjs/common';
import { AppError, GetGuestMeeting, GetMeeting, GetRoomAccess, type Actor, type MeetingDetails, type RoomAccess } from '@app/contracts';
import { Bus } from '@app/platform';

/**
 * The meeting service decides who may see a meeting; this service asks it (GetMeeting, or GetGuestMeeting for a
 * guest token) and never keeps its own copy of memberships.
 */
@Injectable()
export class MeetingAccess {
  constructor(private readonly bus: Bus) {}

  /** The meeting as the actor sees it; the meeting service answers 404/403 when the actor has no access. */
  async load(orgId: string, actor: Actor, meetingId: number): Promise<MeetingDetails> {
    if (actor.kind === 'guest') {
      const meeting = await this.bus.request(GetGuestMeeting, { orgId, actor });
      if (meeting.id !== meetingId) throw new AppError('NOT_FOUND');
      return meeting;
    }
    return this.bus.request(GetMeeting, { orgId, actor, meetingId });
  }

  /** What a socket joining a room needs (presenters, documents, manage flag, guest name): a small answer per join. */
  room(orgId: string, actor: Actor, meetingId: number): Promise<RoomAccess> {
    return this.bus.request(GetRoomAccess, { orgId, actor, meetingId });
  }
}
