import { meetingItemAnchor, type ActionPayload, type AgendaType, type BookChanges, type DecisionPayload, type MeetingDetails, type TalkingPointPayload } from '@app/contracts';
import { Button } from 'primereact/button';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { meetingsApi } from '../../../api/meetings';
import { notify } from '../../../api/notify';
import { formatDateTime, formatTime } from '../../../lib/dates';
import { BookMarkTag } from '../minutes/BookChanges';
import { bookKey, markedItems, marksByKey, type BookMark } from '../minutes/book-changes-rules';
import { ACTION_COLOURS } from './colours';

export type AgendaEntry =
  | { type: 'talking_point'; item: TalkingPointPayload }
  | { type: 'decision'; item: DecisionPayload }
  | { type: 'action'; item: ActionPayload };

export const entryKey = (e: { type: AgendaType; item: { id: number } }) => `${e.type}:${e.item.id}`;

/** the agenda in the server's order (groups by row_num, items in their group's order) */
export function agendaEntries(meeting: Pick<MeetingDetails, 'agendas'>): AgendaEntry[] {
  return [...meeting.agendas]
    .sort((a, b) => a.row_num - b.row_num)
    .flatMap((g) => g.data.map((item) => ({ type: item.agenda_type, item }) as AgendaEntry));
}

/** a talking point's resolutions (its own, then its sub-points') and actions: no card of their own, listed in its card and dialog */
export type NestedItem = { kind: 'decision'; item: DecisionPayload } | { kind: 'action'; item: ActionPayload };
export function nestedItems(tp: Pick<TalkingPointPayload, 'decisions' | 'actions' | 'subpoints'>): NestedItem[] {
  return [
    ...[...tp.decisions, ...tp.subpoints.flatMap((s) => s.decision)].map((item): NestedItem => ({ kind: 'decision', item })),
    ...tp.actions.map((item): NestedItem => ({ kind: 'action', item })),
  ];
}

/** move one key to another index (the drag's and the keyboard's reorder) */
export function moveKey(keys: readonly string[], key: string, to: number): string[] {
  const from = keys.indexOf(key);
  if (from < 0) return [...keys];
  const out = keys.filter((k) => k !== key);
  out.splice(Math.max(0, Math.min(to, out.length)), 0, key);
  return out;
}

/** the PUT /meetings/{id}/order body of an order of keys */
export function orderBody(keys: readonly string[]): Array<{ type: AgendaType; type_id: number }> {
  return keys.map((k) => {
    const [type, id] = k.split(':');
    return { type: type as AgendaType, type_id: Number(id) };
  });
}

/** a presenter's name: the user's, else the guest's e-mail */
const presenterName = (p: TalkingPointPayload['presenters'][number]) => p.user?.name || p.user_email || '?';

/** the board book's keys an agenda card shows: its item's, and a talking point's sub-points', resolutions' and actions' */
function cardKeys(e: AgendaEntry): string[] {
  const own = bookKey(e.type, e.item.id);
  if (e.type !== 'talking_point') return [own];
  return [own, ...e.item.subpoints.map((s) => bookKey('subpoint', s.subpoint_id)), ...nestedItems(e.item).map((n) => bookKey(n.kind, n.item.id))];
}

function EntryCard(props: { entry: AgendaEntry; index: number; marks: Map<string, BookMark> }) {
  const { t, i18n } = useTranslation('meeting');
  const { entry } = props;
  const markOf = (key: string) => {
    const m = props.marks.get(key);
    return m ? <BookMarkTag mark={m} testId={`agenda-mark-${key}`} /> : null;
  };
  const mark = markOf(bookKey(entry.type, entry.item.id));
  if (entry.type === 'talking_point') {
    const tp = entry.item;
    const nested = nestedItems(tp);
    return (
      <>
        <div className="agenda-card__head">
          <span className="agenda-card__kind"><i className="pi pi-comments" aria-hidden="true" /> {t('agenda.talkingPoint')}</span>
          {mark}
          <span className="muted" data-testid={`tp-time-${tp.id}`}>
            <i className="pi pi-clock" aria-hidden="true" /> {t('agenda.plannedStart', { time: formatTime(tp.planned_start, i18n.language) })} · {t('durationMinutes', { count: tp.total_duration })}
          </span>
        </div>
        <strong className="agenda-card__title">{tp.title}</strong>
        {tp.description && <p className="line-clamp-3 muted">{tp.description}</p>}
        <small className="muted agenda-card__meta" data-testid={`tp-meta-${tp.id}`}>
          {tp.presenters.length > 0 && (
            <span><i className="pi pi-user" aria-hidden="true" /> {t('agenda.presenters', { names: tp.presenters.map(presenterName).join(', ') })} · </span>
          )}
          <span><i className="pi pi-paperclip" aria-hidden="true" /> {t('agenda.files', { count: tp.files_count })}</span>
        </small>
        {tp.subpoints.length > 0 && (
          <ul className="agenda-card__subpoints">
            {tp.subpoints.map((s) => (
              <li key={s.subpoint_id}>
                {s.title} <small className="muted">{t('durationMinutes', { count: s.duration })}</small> {markOf(bookKey('subpoint', s.subpoint_id))}
              </li>
            ))}
          </ul>
        )}
        {nested.length > 0 && (
          // each carries its link's element id (`_decision-3`), so a link to it scrolls here (docs/decisions.md#links-to-an-agenda-item)
          <ul className="agenda-card__items" data-testid={`tp-items-${tp.id}`}>
            {nested.map((n) => (
              <li key={`${n.kind}:${n.item.id}`} id={meetingItemAnchor({ kind: n.kind, id: n.item.id })}>
                <i className={n.kind === 'decision' ? 'pi pi-check-square' : 'pi pi-bolt'} aria-hidden="true" /> {t(n.kind === 'decision' ? 'agenda.decision' : 'agenda.action')}: <bdi>{n.item.title}</bdi> {markOf(bookKey(n.kind, n.item.id))}
              </li>
            ))}
          </ul>
        )}
      </>
    );
  }
  if (entry.type === 'decision') {
    const d = entry.item;
    return (
      <>
        <div className="agenda-card__head">
          <span className="agenda-card__kind"><i className="pi pi-check-square" aria-hidden="true" /> {t('agenda.decision')}</span>
          {mark}
          <span className={`state-tag state-tag--${d.state.toLowerCase()}`}>{t(d.state, { ns: 'decisions' })}</span>
          {d.is_visible === 0 && <span className="state-tag state-tag--hidden">{t('agenda.hidden')}</span>}
        </div>
        <strong className="agenda-card__title">{d.title}</strong>
        {d.description && <p className="line-clamp-3 muted">{d.description}</p>}
        <small className="muted"><i className="pi pi-calendar" aria-hidden="true" /> {formatDateTime(d.deadline, i18n.language)} · {t('agenda.voters', { count: d.total_voters })}</small>
      </>
    );
  }
  const a = entry.item;
  return (
    <>
      <div className="agenda-card__head">
        <span className="agenda-card__kind"><i className="pi pi-bolt" aria-hidden="true" /> {t('agenda.action')}</span>
        {mark}
        <span className="state-tag" style={{ background: ACTION_COLOURS[a.status] }}>{t(`actionStatus.${a.status}`)}</span>
        <span className={`priority-tag priority-tag--${a.priority.toLowerCase()}`}>{t(`priority.${a.priority}`)}</span>
      </div>
      <strong className="agenda-card__title">{a.title}</strong>
      {a.description && <p className="line-clamp-3 muted">{a.description}</p>}
      <small className="muted"><i className="pi pi-calendar" aria-hidden="true" /> {formatDateTime(a.open_till, i18n.language)}</small>
    </>
  );
}

/**
 * The agenda: one card per item in the server's order, each opening its dialog. Those the server allows
 * (`permissions.reorderAgenda`) drag a card by its handle (or move it with the arrow keys); the new order
 * is sent at once and the details refresh. With `bookChanges` (the board book card's answer,
 * docs/minutes.md#what-changed-in-the-book) each card, and each sub-point, carries the item's mark ("New",
 * "Changed since…"), and so does each line of a talking point's resolutions and actions; the marked items no card
 * shows (removed from the book) follow the list with theirs.
 */
export function AgendaList(props: { meeting: MeetingDetails; onOpen(entry: AgendaEntry): void; onChanged(): void; bookChanges?: BookChanges | null }) {
  const { t } = useTranslation('meeting');
  const { t: tm } = useTranslation('minutes');
  const entries = agendaEntries(props.meeting);
  const marks = marksByKey(props.bookChanges);
  const onCards = new Set(entries.flatMap(cardKeys));
  const others = markedItems(props.bookChanges).filter((i) => !onCards.has(i.key));
  const serverKeys = entries.map(entryKey);
  const [keys, setKeys] = useState(serverKeys);
  const [dragging, setDragging] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const keysRef = useRef(keys);
  keysRef.current = keys;
  const serverSig = serverKeys.join(',');
  useEffect(() => setKeys(serverSig ? serverSig.split(',') : []), [serverSig]);
  const byKey = new Map(entries.map((e) => [entryKey(e), e]));
  const canReorder = props.meeting.permissions.reorderAgenda;

  const save = async (next: string[]) => {
    if (next.join(',') === serverSig) return;
    try {
      await meetingsApi.reorder(props.meeting.id, orderBody(next));
      notify('success', t('agenda.reordered'));
    } catch {
      setKeys(serverSig.split(','));
    } finally {
      props.onChanged();
    }
  };

  const startDrag = (key: string) => (e: ReactPointerEvent) => {
    e.preventDefault();
    setDragging(key);
    const move = (ev: PointerEvent) => {
      const cards = [...(listRef.current?.querySelectorAll<HTMLElement>('[data-agenda-key]') ?? [])];
      const others = cards.filter((c) => c.dataset.agendaKey !== key);
      let to = others.length;
      for (let i = 0; i < others.length; i++) {
        const r = others[i]!.getBoundingClientRect();
        if (ev.clientY < r.top + r.height / 2) {
          to = i;
          break;
        }
      }
      const cur = keysRef.current;
      if (cur.indexOf(key) === to) return;
      // kept at once, not only at the next render: a release right after the last move saves this order
      const next = moveKey(cur, key, to);
      keysRef.current = next;
      setKeys(next);
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      setDragging(null);
      void save(keysRef.current);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };

  const onKey = (key: string) => (e: KeyboardEvent) => {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    e.preventDefault();
    const next = moveKey(keys, key, keys.indexOf(key) + (e.key === 'ArrowUp' ? -1 : 1));
    setKeys(next);
    void save(next);
  };

  const otherMarks = others.length > 0 && (
    <div className="agenda-book-marks" data-testid="agenda-book-marks">
      <h3 className="section-title">{tm('changes.title')}</h3>
      <ul>
        {others.map((i) => (
          <li key={i.key} data-testid={`agenda-book-mark-${i.key}`}>
            <bdi>{i.title}</bdi> <BookMarkTag mark={i.mark} testId={`agenda-mark-${i.key}`} />
          </li>
        ))}
      </ul>
    </div>
  );
  if (entries.length === 0)
    return (
      <>
        <p className="muted agenda-empty" data-testid="agenda-empty">{t('agenda.empty')}</p>
        {otherMarks}
      </>
    );
  return (
    <>
      <ol className="agenda-list" ref={listRef} data-testid="agenda-list">
        {keys.map((k, i) => {
          const e = byKey.get(k);
          if (!e) return null;
          return (
            <li key={k} id={meetingItemAnchor({ kind: e.type, id: e.item.id })} data-agenda-key={k} data-item-id={e.item.id} className={`agenda-card agenda-card--${e.type}${dragging === k ? ' agenda-card--dragging' : ''}`} data-testid="agenda-item">
              {canReorder && (
                <Button
                  type="button"
                  icon="pi pi-bars"
                  text
                  rounded
                  className="agenda-card__handle"
                  aria-label={t('agenda.drag')}
                  onPointerDown={startDrag(k)}
                  onKeyDown={onKey(k)}
                  data-testid={`drag-${k}`}
                />
              )}
              <button type="button" className="agenda-card__body" onClick={() => props.onOpen(e)} data-testid={`open-${k}`}>
                <span className="agenda-card__index">{i + 1}</span>
                <span className="agenda-card__content">
                  <EntryCard entry={e} index={i} marks={marks} />
                </span>
              </button>
            </li>
          );
        })}
      </ol>
      {otherMarks}
    </>
  );
}
