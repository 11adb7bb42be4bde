import { useEffect, useRef } from 'react';
import type { LiveMessage } from '@app/contracts';
import { openLive } from '../api/live';

/**
 * What an open meeting page loads again for a live message (docs/minutes.md#live): the meeting (and its open dialogs)
 * for every change but the minutes', the minutes and approvals cards for a `minutes` change (the review or approval
 * moved on: a comment, a signature, the deadline, sent for approval); both after a reconnect (`ready` with `resync`).
 * Nothing for the first `ready` or `revoked`.
 */
export function liveReloads(m: LiveMessage): { meeting: boolean; minutes: boolean } {
  if (m.type === 'ready') return { meeting: m.resync, minutes: m.resync };
  if (m.type === 'revoked') return { meeting: false, minutes: false };
  return { meeting: m.kind !== 'minutes', minutes: m.kind === 'minutes' };
}

/**
 * Live updates of one meeting for the page that shows it (docs/meeting.md#live-updates). `onEvent` gets every
 * message of the channel: `change` (refetch what it names; a vote carries its tallies), `ready` (with
 * `resync: true` after a reconnect: refetch everything shown) and `revoked` (the user is no longer a
 * participant). The channel opens when `meetingId` is set, follows it when it changes and closes on unmount.
 */
export function useLiveMeeting(meetingId: number | null | undefined, onEvent: (m: LiveMessage) => void, opts: { guestToken?: string } = {}): void {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const { guestToken } = opts;
  useEffect(() => {
    if (!meetingId) return undefined;
    return openLive(meetingId, (m) => handler.current(m), { guestToken });
  }, [meetingId, guestToken]);
}
