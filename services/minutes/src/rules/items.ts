import { minutesKey, type MeetingDetails, type MinutesItemType } from '@app/contracts';

/** One item of the minutes, in agenda order: the meeting, then each agenda entry with what hangs under it. */
export interface AgendaItemRef {
  type: MinutesItemType;
  id: number;
  title: string;
  parent: { type: MinutesItemType; id: number } | null;
}

type Agenda = Pick<MeetingDetails, 'id' | 'title' | 'agendas'>;

/**
 * The items of the minutes from the meeting's agenda: the meeting itself first; each talking point followed by
 * its sub-points (with their decisions), its decisions and its actions; decisions and actions on the agenda's
 * top level in their order. An item that appears twice (nested and on top) is listed once, where it comes first.
 */
export function minutesItems(m: Agenda): AgendaItemRef[] {
  const out: AgendaItemRef[] = [{ type: 'meeting', id: m.id, title: m.title, parent: null }];
  const seen = new Set<string>([minutesKey('meeting', m.id)]);
  const add = (type: MinutesItemType, id: number, title: string, parent: AgendaItemRef['parent']) => {
    const k = minutesKey(type, id);
    if (seen.has(k)) return;
    seen.add(k);
    out.push({ type, id, title, parent });
  };
  for (const group of m.agendas) {
    for (const item of group.data) {
      if (item.agenda_type === 'talking_point') {
        add('talking_point', item.id, item.title, null);
        const parent = { type: 'talking_point' as const, id: item.id };
        for (const sub of item.subpoints) {
          add('subpoint', sub.subpoint_id, sub.title, parent);
          for (const d of sub.decision) add('decision', d.id, d.title, { type: 'subpoint', id: sub.subpoint_id });
        }
        for (const d of item.decisions) add('decision', d.id, d.title, parent);
        for (const a of item.actions) add('action', a.id, a.title, parent);
      } else if (item.agenda_type === 'decision') {
        add('decision', item.id, item.title, null);
      } else {
        add('action', item.id, item.title, null);
      }
    }
  }
  return out;
}
