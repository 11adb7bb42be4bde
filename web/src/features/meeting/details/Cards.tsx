import { MM, type DecisionPayload, type MeetingDetails } from '@app/contracts';
import { Button } from 'primereact/button';
import { Sidebar } from 'primereact/sidebar';
import { Skeleton } from 'primereact/skeleton';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityText } from './activity-text';
import { ARCHIVED_CARD_ID } from './item-links';
import { decisionsApi } from '../../../api/decisions';
import { meetingsApi } from '../../../api/meetings';
import { notify } from '../../../api/notify';
import { UserAvatar } from '../../../components/Avatar';
import { Field } from '../../../components/Field';
import { useApi } from '../../../hooks/use-api';
import { useMessage } from '../../../i18n';
import { formatDateTime } from '../../../lib/dates';
import { emptyNote, isNoteEmpty, parseNote, serializeNote, type NoteDoc } from './note-doc';
import { NoteEditor, NoteView } from './NoteEditor';

export const ACTIVITY_SHOWN = 6;

type Activity = MeetingDetails['activities'][number];

function ActivityList(props: { items: Activity[] }) {
  const { i18n } = useTranslation('meeting');
  return (
    <ul className="activity-list">
      {props.items.map((a) => (
        <li key={a.id}>
          <UserAvatar name={a.user.name ?? '?'} image={a.user.image} />
          <span>
            <ActivityText text={a.activity} />
            <small className="muted block">{formatDateTime(a.created_at, i18n.language)}</small>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The activity card (first 6) and the full list in a 460 drawer. */
export function ActivityCard(props: { meeting: MeetingDetails }) {
  const { t } = useTranslation('meeting');
  const [open, setOpen] = useState(false);
  const full = useApi(open ? 'meeting/activities' : null, [props.meeting.id, props.meeting.updated_at], () => meetingsApi.activities(props.meeting.id));
  const items = props.meeting.activities;
  return (
    <section className="surface-card side-card" data-testid="activity-card">
      <div className="side-card__head">
        <h3>{t('activity.title')}</h3>
        {items.length > 0 && <Button type="button" link label={t('activity.all')} onClick={() => setOpen(true)} data-testid="activity-all" />}
      </div>
      {items.length === 0 ? <p className="muted">{t('activity.empty')}</p> : <ActivityList items={items.slice(0, ACTIVITY_SHOWN)} />}
      <Sidebar visible={open} onHide={() => setOpen(false)} position="right" style={{ width: 'min(460px, 100vw)' }} header={<h2 className="drawer-title">{t('activity.title')}</h2>} data-testid="activity-drawer">
        {full.data ? <ActivityList items={full.data} /> : <Skeleton height="8rem" />}
      </Sidebar>
    </section>
  );
}

/** The private notes card and its 460 drawer (saved as a JSON string; empty is refused with the note message). */
export function NotesCard(props: { meeting: MeetingDetails; onChanged(): void }) {
  const { t } = useTranslation('meeting');
  const m = useMessage();
  const doc = parseNote(props.meeting.note);
  const [open, setOpen] = useState(false);
  const initial = useMemo(() => parseNote(props.meeting.note), [props.meeting.note]);
  const editor = useRef<{ read(): NoteDoc } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) setError(null);
  }, [open]);
  const save = async () => {
    const value = editor.current?.read() ?? emptyNote();
    if (isNoteEmpty(value)) return setError(MM.noteRequired);
    setError(null);
    setBusy(true);
    try {
      const r = await meetingsApi.saveNote(props.meeting.id, serializeNote(value));
      notify('success', r.message ?? t('notes.saved'));
      props.onChanged();
      setTimeout(() => setOpen(false), 500);
    } catch (err) {
      setError((err as { serverMessage?: string }).serverMessage ?? (err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="surface-card side-card" data-testid="notes-card">
      <div className="side-card__head">
        <h3>{t('notes.title')}</h3>
        {props.meeting.permissions.addNotes && <Button type="button" icon="pi pi-pencil" text rounded aria-label={t('notes.edit')} onClick={() => setOpen(true)} data-testid="notes-edit" />}
      </div>
      {isNoteEmpty(doc) ? (
        <p className="muted">{t('notes.empty')}</p>
      ) : (
        <div className="note-text" data-testid="note-text">
          <NoteView doc={doc} />
        </div>
      )}
      <Sidebar visible={open} onHide={() => setOpen(false)} position="right" style={{ width: 'min(460px, 100vw)' }} header={<h2 className="drawer-title">{t('notes.title')}</h2>} data-testid="notes-drawer">
        <Field id="note-text" label={t('notes.label')} error={error ? m(error) : null}>
          <NoteEditor key={open ? 'open' : 'closed'} initial={initial} editorRef={editor} id="note-text" label={t('notes.label')} invalid={Boolean(error)} />
        </Field>
        <div className="form-actions">
          <Button type="button" label={t('cancel')} outlined onClick={() => setOpen(false)} />
          <Button type="button" label={t('save')} loading={busy} onClick={() => void save()} data-testid="note-save" />
        </div>
      </Sidebar>
    </section>
  );
}

export const HIDE_FAILED = 'Something went wrong, please try again later';

/** Hidden (archived) decisions with their unhide button (a skeleton for the first second). */
export function ArchivedDecisionsCard(props: { decisions: DecisionPayload[]; onChanged(): void; onOpen(id: number): void }) {
  const { t } = useTranslation('meeting');
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setReady(true), 1000);
    return () => clearTimeout(id);
  }, []);
  if (props.decisions.length === 0) return null;
  const unhide = async (d: DecisionPayload) => {
    try {
      notify('success', (await decisionsApi.setVisible(d.id, true)) ?? t('done'));
      props.onChanged();
    } catch {
      notify('error', t(HIDE_FAILED));
    }
  };
  return (
    <section className="surface-card side-card" id={ARCHIVED_CARD_ID} data-testid="archived-decisions-card">
      <h3>{t('archived.title')}</h3>
      {!ready ? (
        <Skeleton height="3rem" />
      ) : (
        <ul className="people-list">
          {props.decisions.map((d) => (
            <li key={d.id}>
              <Button type="button" link label={d.title} onClick={() => props.onOpen(d.id)} className="p-0" />
              <span className="spacer" />
              {d.can_change_visibility && <Button type="button" size="small" outlined label={t('archived.unhide')} onClick={() => void unhide(d)} data-testid={`unhide-${d.id}`} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
