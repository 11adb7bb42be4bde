import type { AgendaGroup, PublishedAgendaItem, TalkingPointPayload } from '@app/contracts';

/**
 * When each talking point is planned to start (issue 27, docs/meeting.md#publishing-the-agenda): the meeting's start
 * plus the total durations (the item and its sub-points) of the talking points before it in agenda order (row number,
 * then id: the order agendaGroups shows). Decisions and actions on the agenda take no time of their own.
 */
export function plannedStarts(start: Date, items: ReadonlyArray<{ id: number; rowNum: number; minutes: number }>): Map<number, Date> {
  const ordered = [...items].sort((a, b) => a.rowNum - b.rowNum || a.id - b.id);
  const out = new Map<number, Date>();
  let at = start.getTime();
  for (const i of ordered) {
    out.set(i.id, new Date(at));
    at += Math.max(0, i.minutes || 0) * 60_000;
  }
  return out;
}

/** a presenter as the published agenda names them: the user's name, else their (guest) e-mail */
const presenterName = (p: TalkingPointPayload['presenters'][number]): string | null => p.user?.name ?? p.user_email ?? p.user?.email ?? null;

/** the talking points of a meeting's agenda (its payload, in order) as a published agenda prints them */
export function publishedItems(agendas: ReadonlyArray<Pick<AgendaGroup, 'agenda_type' | 'data'>>): PublishedAgendaItem[] {
  return agendas.flatMap((g) => (g.agenda_type === 'talking_point' ? (g.data as TalkingPointPayload[]) : [])).map((tp) => ({
    title: tp.title,
    startLocal: tp.planned_start,
    duration: tp.total_duration,
    presenters: tp.presenters.map(presenterName).filter((n): n is string => !!n),
    files: tp.files_count,
  }));
}

/**
 * The published agenda as an invited guest's e-mail gives it (docs/meeting.md#publishing-the-agenda): nothing before
 * the guest has accepted a required NDA (their page shows only the title and date until then); otherwise the items
 * with their presenters' names, never a presenter's e-mail address (a guest presenter named by address).
 */
export function guestAgendaItems(items: readonly PublishedAgendaItem[], ndaPending: boolean): PublishedAgendaItem[] {
  if (ndaPending) return [];
  return items.map((i) => ({ ...i, presenters: i.presenters.filter((n) => !n.includes('@')) }));
}
