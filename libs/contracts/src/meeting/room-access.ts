import { z } from 'zod';
import { defineRpc } from '../core/define';
import { zId } from '../core/common';
import { zPresenter } from '../presentation/presentation.frames';
import { zMeetingRequest } from './meeting.rpc';

/**
 * What a live presentation room needs to know of a meeting when a socket joins (docs/presentation.md, "Joining"):
 * the presenters and the documents of its agenda, whether the person manages the meeting, and a guest's name.
 * The meeting service decides access exactly as for GetMeeting (404/403 otherwise; a guest only for the meeting of
 * the token) and answers this much instead of the meeting's whole details, so that a room of thousands of sockets
 * neither moves nor parses a full meeting per join.
 */
export const zRoomAccess = z.object({
  presenters: z.array(zPresenter),
  documents: z.array(z.number().int().positive()),
  can_manage: z.boolean(),
  /** a guest's name (or e-mail) as the meeting knows it; null for members */
  guest_name: z.string().nullable(),
});
export type RoomAccess = z.output<typeof zRoomAccess>;

export const GetRoomAccess = defineRpc({ subject: 'meeting.v1.get-room-access', request: zMeetingRequest.extend({ meetingId: zId }), response: zRoomAccess });
