import { minutesKey, type MinutesItemType } from '@app/contracts';

/** a conclusion or comment that matched (the repository's row, best first) */
export interface TextHit {
  meetingId: number;
  itemType: string;
  itemId: number;
  text: string;
  rank: number;
  at: Date;
}

/** a meeting whose minutes the actor may read: its title and the items of its minutes (rules/items) */
export interface ReadableMinutes {
  title: string;
  items: ReadonlyArray<{ type: MinutesItemType; id: number; title: string }>;
}

/** the meetings of the hits, each once, in the order of their best hit */
export function meetingsOf(hits: readonly TextHit[]): number[] {
  return [...new Set(hits.map((h) => h.meetingId))];
}

/**
 * One result a meeting (docs/search.md#minutes): its best hit on an item its minutes still have (a conclusion kept
 * for an item since removed from the agenda is not shown on the minutes, so it is not found either), with that item's
 * title. `readable` says which meetings' minutes the actor may read (absent or null: not); the order is the hits'.
 */
export function minutesResults(hits: readonly TextHit[], readable: ReadonlyMap<number, ReadableMinutes | null>): Array<{ hit: TextHit; meetingTitle: string; itemTitle: string }> {
  const out: Array<{ hit: TextHit; meetingTitle: string; itemTitle: string }> = [];
  const done = new Set<number>();
  for (const h of hits) {
    if (done.has(h.meetingId)) continue;
    const m = readable.get(h.meetingId);
    if (!m) continue;
    const item = m.items.find((i) => minutesKey(i.type, i.id) === `${h.itemType}:${h.itemId}`);
    if (!item) continue;
    done.add(h.meetingId);
    out.push({ hit: h, meetingTitle: m.title, itemTitle: item.title });
  }
  return out;
}
