import { MeetingStatus } from '@app/contracts';

/**
 * Whether a meeting decision's vote requests (e-mail, reminder, deadline reminder) go out now
 * (docs/product/votes.md#vote-requests): not while the meeting is a Draft, whose participants have not been invited
 * yet; scheduling sends the requests of its open decisions with the invitations. A standalone resolution (no
 * meeting) always sends.
 */
export function voteRequestsGo(meetingStatusId: number | null): boolean {
  return meetingStatusId !== MeetingStatus.Draft;
}
