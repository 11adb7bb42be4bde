import { useEffect, useRef } from 'react';
import type { ResolutionLiveMessage } from '@app/contracts';
import { openResolutionsLive } from '../api/live';

/**
 * Live updates of the standalone resolutions the signed-in user may see, for the resolutions page
 * (docs/meeting.md#live-updates): `change` (a vote with its tallies, or a resolution created, edited, ended,
 * resumed or deleted) and `ready` (with `resync: true` after a reconnect: refetch everything shown). The channel
 * opens on mount and closes on unmount.
 */
export function useLiveResolutions(onEvent: (m: ResolutionLiveMessage) => void, enabled = true): void {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (!enabled) return undefined;
    return openResolutionsLive((m) => handler.current(m));
  }, [enabled]);
}
