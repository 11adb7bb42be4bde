import { meetingItemAnchor, type MeetingDetails, type MeetingItemKind, type MeetingItemRef } from '@app/contracts';
import { agendaEntries, nestedItems } from './AgendaList';

/**
 * Where the item a link names is on the meeting page (docs/decisions.md#links-to-an-agenda-item): an agenda card of its
 * own, a line of its talking point's card (a resolution or action inside a talking point, `parent` its id), or the
 * archived resolutions card. `scrollTo` is the element id the page scrolls to before it opens the item's dialog.
 */
export interface LinkedItem extends MeetingItemRef {
  place: 'agenda' | 'talking_point' | 'archived';
  parent: number | null;
  scrollTo: string;
}

/** the id of the archived resolutions card's element (a link to an archived resolution scrolls to it) */
export const ARCHIVED_CARD_ID = 'archived-decisions';

/**
 * The item a link's hash names (parseMeetingItemHash) on this meeting page, or null when the page does not show it
 * (deleted, hidden from the reader, or another meeting's). Agenda cards first, then the items inside talking points in
 * agenda order, then the archived resolutions (only where the page shows that card: `archived`). An old link
 * (`kind: null`) takes the first item with its id in that order.
 */
export function findLinkedItem(meeting: Pick<MeetingDetails, 'agendas' | 'archived_decisions'>, ref: { kind: MeetingItemKind | null; id: number }, opts: { archived: boolean }): LinkedItem | null {
  const matches = (kind: MeetingItemKind, id: number) => id === ref.id && (ref.kind === null || ref.kind === kind);
  const entries = agendaEntries(meeting);
  const own = entries.find((e) => matches(e.type, e.item.id));
  if (own) return at(own.type, own.item.id, 'agenda', null);
  for (const e of entries) {
    if (e.type !== 'talking_point') continue;
    const n = nestedItems(e.item).find((x) => matches(x.kind, x.item.id));
    if (n) return at(n.kind, n.item.id, 'talking_point', e.item.id);
  }
  const archived = opts.archived ? meeting.archived_decisions.find((d) => matches('decision', d.id)) : undefined;
  return archived ? { kind: 'decision', id: archived.id, place: 'archived', parent: null, scrollTo: ARCHIVED_CARD_ID } : null;
}

function at(kind: MeetingItemKind, id: number, place: LinkedItem['place'], parent: number | null): LinkedItem {
  return { kind, id, place, parent, scrollTo: meetingItemAnchor({ kind, id }) };
}
