import type { MeetingDetails } from '../meeting/meeting.schemas';
import { PRESENTER_PALETTE, type Presenter } from './presentation.frames';

/**
 * Who presents what in a meeting, read from its agenda: the service decides with it and the presentation page
 * shows the same list (one rule, both ends).
 */

/**
 * Presenter entries from the meeting's agenda: everyone named presenter on a talking point (or sub-point),
 * with the library files of the items they present as their `docs`, one colour of the palette each.
 */
export function presentersOf(meeting: Pick<MeetingDetails, 'agendas'>): Presenter[] {
  const byUser = new Map<number, Presenter>();
  const add = (person: { id: number; user_id: number | null; user_email: string | null; user: { name: string | null; image: string | null } | null }, docs: number[]) => {
    if (person.user_id == null) return;
    let p = byUser.get(person.user_id);
    if (!p) {
      p = {
        id: person.id,
        user_id: person.user_id,
        user: { name: person.user?.name ?? person.user_email ?? '', image: person.user?.image ?? null },
        user_email: person.user_email,
        color: PRESENTER_PALETTE[(byUser.size + 2) % PRESENTER_PALETTE.length],
        docs: [],
      };
      byUser.set(person.user_id, p);
    }
    for (const d of docs) if (!p.docs.includes(d)) p.docs.push(d);
  };
  for (const group of meeting.agendas) {
    for (const item of group.data) {
      if (item.agenda_type !== 'talking_point') continue;
      const docs = item.attachments.map((a) => a.library_id);
      for (const person of item.presenters) add(person, docs);
      for (const sub of item.subpoints) if (sub.presenter) add(sub.presenter, sub.attachments.map((a) => a.library_id));
    }
  }
  return [...byUser.values()];
}

/** Every library file attached to the meeting's agenda (talking points, sub-points, decisions, actions). */
export function documentsOf(meeting: Pick<MeetingDetails, 'agendas'>): Set<number> {
  const out = new Set<number>();
  for (const group of meeting.agendas) {
    for (const item of group.data) {
      for (const a of item.attachments) out.add(a.library_id);
      if (item.agenda_type === 'talking_point') {
        for (const sub of item.subpoints) for (const a of sub.attachments) out.add(a.library_id);
      }
    }
  }
  return out;
}
